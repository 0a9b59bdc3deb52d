import { apiErrorSchema, csvExportFileName, type TableExportBody } from '@basalt/contracts'
import { ApiError, CSRF_HEADER, readCsrfToken } from '../../../lib/api-client'
import { pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/**
 * Export to CSV (spec 1 §2): the server streams the file from COPY; the browser saves it under the name the
 * server gives (`{table}_rows.csv`, spec 1 §9). A JSON body cannot ride on a plain form POST with the CSRF
 * header, so the file arrives through fetch and is handed to the browser's download as a blob.
 */

/**
 * The file name of a `content-disposition` attachment header: its RFC 5987 `filename*` (UTF-8) when there
 * is one, else its quoted `filename`.
 */
export function attachmentFileName(header: string | null): string | null {
  if (!header) return null
  const extended = /filename\*=UTF-8''([^;\s]+)/i.exec(header)
  if (extended) {
    try {
      return decodeURIComponent(extended[1]!)
    } catch {
      // A malformed encoding: fall back to the plain name.
    }
  }
  const quoted = /filename="((?:[^"\\]|\\.)*)"/i.exec(header)
  return quoted ? quoted[1]!.replace(/\\(.)/g, '$1') : null
}

/** Asks the browser to save a blob under a name. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has started from the click; the URL is no longer needed once it has.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

/**
 * Downloads the rows matching the filters (or the chosen rows) as CSV. Failures — the 500,000-row limit
 * among them — are thrown as {@link ApiError} with the server's message.
 */
export async function exportTableRows(ref: string, body: TableExportBody): Promise<void> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'text/csv' }
  const token = readCsrfToken()
  if (token) headers[CSRF_HEADER] = token
  let response: Response
  try {
    response = await fetch(pgMetaPath(ref, 'table-rows/export'), {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(body),
    })
  } catch {
    throw new ApiError('network_error', 'Unable to reach the Basalt server. Check your connection.', 0)
  }
  if (!response.ok) {
    let json: unknown
    try {
      json = await response.json()
    } catch {
      json = undefined
    }
    const parsed = apiErrorSchema.safeParse(json)
    if (parsed.success) throw new ApiError(parsed.data.code, parsed.data.message, response.status)
    throw new ApiError('internal', `Export failed with status ${response.status}`, response.status)
  }
  const blob = await response.blob()
  saveBlob(blob, attachmentFileName(response.headers.get('content-disposition')) ?? csvExportFileName(body.table))
}
