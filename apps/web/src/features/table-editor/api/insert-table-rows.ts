import { useMutation, useQueryClient } from '@tanstack/react-query'
import { tableWriteResultSchema, type TableInsertBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import type { WriteQueue } from '../state/write-queue'
import { invalidateTableData } from './update-table-row'
import { pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** POST …/table-rows/insert: the inserted rows as stored (defaults and identities filled in). */
export const insertTableRows = (ref: string, body: TableInsertBody) =>
  api(pgMetaPath(ref, 'table-rows/insert'), { method: 'POST', body, schema: tableWriteResultSchema })

/** Inserts rows, then reloads the table's pages and counts so the new rows show where they sort. */
export function useInsertTableRows(ref: string, queue?: Pick<WriteQueue, 'run'>) {
  const queryClient = useQueryClient()
  return useMutation({
    // Through the grid's write queue when given, after the cell edits queued before it.
    mutationFn: (body: TableInsertBody) =>
      queue ? queue.run(() => insertTableRows(ref, body)) : insertTableRows(ref, body),
    onSuccess: (_, body) => invalidateTableData(queryClient, ref, body),
  })
}
