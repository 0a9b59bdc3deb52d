import { csvExportFileName, type TableExportBody } from '@basalt/contracts'
import { download } from '../../../lib/api-client'
import { pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/**
 * Export to CSV (spec 1 §2): the server streams the file from COPY; the browser saves it under the name the
 * server gives (`{table}_rows.csv`, spec 1 §9). Failures — the 500,000-row limit among them — are thrown as
 * ApiError with the server's message, and nothing is saved.
 */
export async function exportTableRows(ref: string, body: TableExportBody, signal?: AbortSignal): Promise<void> {
  await download(pgMetaPath(ref, 'table-rows/export'), {
    method: 'POST',
    body,
    accept: 'text/csv',
    fileName: csvExportFileName(body.table),
    signal,
  })
}
