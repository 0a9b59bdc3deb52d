import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  apiErrorSchema,
  type CsvImportOptions,
  type CsvImportResult,
  type CsvRejectedRow,
  csvImportRejectedSchema,
  csvImportResultSchema,
} from '@basalt/contracts'
import { ApiError, CSRF_HEADER, readCsrfToken } from '../../../lib/api-client'
import { entitiesQueryKey } from '../../../project/pg-meta/get-entities'
import { tableCountQueryKey } from './get-table-count'
import { tableRowsQueryKey } from './get-table-rows'
import { tablesQueryKey } from '../../../project/pg-meta/get-tables'
import { pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/**
 * Import data from CSV: the options, then the file, as one multipart upload the server streams into COPY.
 * It goes through XMLHttpRequest rather than fetch because only XHR reports upload progress.
 */

/** The server refused rows: each with its line in the file. Nothing was imported. */
export class ImportRejectedError extends ApiError {
  readonly rejected: CsvRejectedRow[]

  constructor(message: string, rejected: CsvRejectedRow[]) {
    super('import_rejected', message, 422)
    this.name = 'ImportRejectedError'
    this.rejected = rejected
  }
}

export interface ImportTableRowsInput {
  options: CsvImportOptions
  file: Blob
  /** Bytes of the file sent so far, of the total. */
  onProgress?: (sent: number, total: number) => void
}

function failure(status: number, text: string): ApiError {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    json = undefined
  }
  const rejected = csvImportRejectedSchema.safeParse(json)
  if (rejected.success) return new ImportRejectedError(rejected.data.message, rejected.data.rejected)
  const error = apiErrorSchema.safeParse(json)
  if (error.success) {
    const { code, message, formattedError, position } = error.data
    return new ApiError(code, message, status, { formattedError, position })
  }
  return new ApiError('internal', `Import failed with status ${status}`, status)
}

/** Uploads a CSV file into a table (or a new one). Throws {@link ImportRejectedError} when rows are refused. */
export function importTableRows(
  ref: string,
  { options, file, onProgress }: ImportTableRowsInput,
  signal?: AbortSignal,
): Promise<CsvImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', pgMetaPath(ref, 'table-rows/import'))
    xhr.setRequestHeader('accept', 'application/json')
    const token = readCsrfToken()
    if (token) xhr.setRequestHeader(CSRF_HEADER, token)
    xhr.upload.onprogress = (event) => onProgress?.(event.loaded, event.lengthComputable ? event.total : file.size)
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(failure(xhr.status, xhr.responseText))
      try {
        resolve(csvImportResultSchema.parse(JSON.parse(xhr.responseText)))
      } catch {
        reject(new ApiError('invalid_response', 'Unexpected answer from the import', xhr.status))
      }
    }
    xhr.onerror = () =>
      reject(new ApiError('network_error', 'Unable to reach the Basalt server. Check your connection.', 0))
    xhr.onabort = () => reject(new DOMException('The import was cancelled', 'AbortError'))
    signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    // The server reads the options before the file: they must come first.
    const form = new FormData()
    form.append('options', JSON.stringify(options))
    form.append('file', file, file instanceof File ? file.name : 'import.csv')
    xhr.send(form)
  })
}

/**
 * The import as a mutation: once rows are in, the table's rows and counts are read again, and for a new table
 * the entity and table lists too. (A failed import changed nothing.)
 */
export function useImportTableRows(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ImportTableRowsInput) => importTableRows(ref, input),
    onSuccess: (_data, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: tableRowsQueryKey(ref) }),
        queryClient.invalidateQueries({ queryKey: tableCountQueryKey(ref) }),
        ...(input.options.create
          ? [
              queryClient.invalidateQueries({ queryKey: entitiesQueryKey(ref) }),
              queryClient.invalidateQueries({ queryKey: tablesQueryKey(ref, input.options.schema) }),
            ]
          : []),
      ]),
  })
}
