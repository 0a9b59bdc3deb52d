import { useMutation, useQueryClient } from '@tanstack/react-query'
import {
  type CsvImportOptions,
  type CsvImportResult,
  type CsvRejectedRow,
  csvImportRejectedSchema,
  csvImportResultSchema,
} from '@basalt/contracts'
import { ApiError, upload } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'
import { tableCountQueryKey } from './get-table-count'
import { tableRowsQueryKey } from './get-table-rows'

/** Import data from CSV: the options, then the file, as one multipart upload the server streams into COPY. */

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

/** Uploads a CSV file into a table (or a new one). Throws {@link ImportRejectedError} when rows are refused. */
export function importTableRows(
  ref: string,
  { options, file, onProgress }: ImportTableRowsInput,
  signal?: AbortSignal,
): Promise<CsvImportResult> {
  // The server reads the options before the file: they must come first.
  const form = new FormData()
  form.append('options', JSON.stringify(options))
  form.append('file', file, file instanceof File ? file.name : 'import.csv')
  return upload(pgMetaPath(ref, 'table-rows/import'), {
    form,
    schema: csvImportResultSchema,
    onProgress,
    signal,
    failure: (_status, json) => {
      const rejected = csvImportRejectedSchema.safeParse(json)
      return rejected.success ? new ImportRejectedError(rejected.data.message, rejected.data.rejected) : undefined
    },
  })
}

/**
 * The import as a mutation: once rows are in, the table's rows and counts are read again. Into a new table,
 * it changed the database's structure: every area's view of it is read again. (A failed import changed
 * nothing.)
 */
export function useImportTableRows(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: ImportTableRowsInput) => importTableRows(ref, input),
    onSuccess: (_data, input) =>
      input.options.create
        ? invalidatePgMeta(queryClient, ref)
        : Promise.all([
            queryClient.invalidateQueries({ queryKey: tableRowsQueryKey(ref) }),
            queryClient.invalidateQueries({ queryKey: tableCountQueryKey(ref) }),
          ]),
  })
}
