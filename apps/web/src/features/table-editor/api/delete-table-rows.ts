import { useMutation, useQueryClient } from '@tanstack/react-query'
import { tableDeleteResultSchema, type TableDeleteBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import type { WriteQueue } from '../state/write-queue'
import { invalidateTableData } from './update-table-row'
import { pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/**
 * POST …/table-rows/delete: rows by primary key, or every row matching filters (`all`; no filters truncates,
 * and answers `deleted: null`).
 */
export const deleteTableRows = (ref: string, body: TableDeleteBody) =>
  api(pgMetaPath(ref, 'table-rows/delete'), { method: 'POST', body, schema: tableDeleteResultSchema })

/** Deletes, then reloads the table's pages and counts. */
export function useDeleteTableRows(ref: string, queue?: Pick<WriteQueue, 'run'>) {
  const queryClient = useQueryClient()
  return useMutation({
    // Through the grid's write queue when given, after the cell edits queued before it.
    mutationFn: (body: TableDeleteBody) =>
      queue ? queue.run(() => deleteTableRows(ref, body)) : deleteTableRows(ref, body),
    onSuccess: (_, body) => invalidateTableData(queryClient, ref, body),
  })
}
