import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { tableWriteResultSchema, type CellInput, type TableRowsResult, type TableUpdateBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { primaryKeyValue } from '../state/cell-value'
import type { StoredRow, WriteQueue } from '../state/write-queue'
import { tableCountQueryKey, type TableCountQuery } from './get-table-count'
import { tableRowsQueryKey, type TableRowsQuery } from './get-table-rows'
import { pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/**
 * POST …/table-rows/update: one row by primary key; answers the row as stored (`returning *`). 404 when no
 * row was updated (deleted meanwhile, or hidden by RLS from the role).
 */
export const updateTableRow = (ref: string, body: TableUpdateBody) =>
  api(pgMetaPath(ref, 'table-rows/update'), { method: 'POST', body, schema: tableWriteResultSchema })

/** Edit row: updates, then reloads the table's pages (the row may now sort or filter elsewhere). */
export function useUpdateTableRow(ref: string, queue?: Pick<WriteQueue, 'run'>) {
  const queryClient = useQueryClient()
  return useMutation({
    // Through the grid's write queue when given, after the cell edits queued before it.
    mutationFn: (body: TableUpdateBody) =>
      queue ? queue.run(() => updateTableRow(ref, body)) : updateTableRow(ref, body),
    onSuccess: (_, body) => invalidateTableData(queryClient, ref, body),
  })
}

interface TableName {
  schema: string
  table: string
}

const isTable = (query: unknown, target: TableName) =>
  typeof query === 'object' &&
  query !== null &&
  (query as TableName).schema === target.schema &&
  (query as TableName).table === target.table

/** Reloads every cached page and count of one table. */
export async function invalidateTableData(queryClient: QueryClient, ref: string, target: TableName) {
  await Promise.all([
    queryClient.invalidateQueries({
      queryKey: tableRowsQueryKey(ref),
      predicate: (q) => isTable(q.queryKey[3] as TableRowsQuery | undefined, target),
    }),
    queryClient.invalidateQueries({
      queryKey: tableCountQueryKey(ref),
      predicate: (q) => isTable(q.queryKey[3] as TableCountQuery | undefined, target),
    }),
  ])
}

/** A row's primary key values, as update and delete match on them. */
export function primaryKeyMatch(
  data: Record<string, unknown>,
  primaryKeys: readonly string[],
): Record<string, CellInput> {
  return Object.fromEntries(primaryKeys.map((k) => [k, primaryKeyValue(data[k])]))
}

const matches = (data: Record<string, unknown>, match: Record<string, CellInput>) =>
  Object.entries(match).every(([k, v]) => primaryKeyValue(data[k]) === v)

/**
 * Shows values in every cached page of the table holding the row (optimistic edits, their confirmation or
 * their revert), without a refetch. Pages being fetched are cancelled first so an older answer cannot
 * overwrite the edit.
 */
export function applyRowValues(
  queryClient: QueryClient,
  ref: string,
  target: TableName,
  match: Record<string, CellInput>,
  row: StoredRow,
) {
  const columns = Object.keys(row.data)
  if (columns.length === 0) return
  void queryClient.cancelQueries({
    queryKey: tableRowsQueryKey(ref),
    predicate: (q) => isTable(q.queryKey[3], target),
  })
  for (const [key, data] of queryClient.getQueriesData<TableRowsResult>({ queryKey: tableRowsQueryKey(ref) })) {
    if (!data || !isTable(key[3], target)) continue
    if (!data.rows.some((r) => matches(r.data, match))) continue
    queryClient.setQueryData<TableRowsResult>(key, {
      ...data,
      rows: data.rows.map((r) =>
        matches(r.data, match)
          ? {
              ...r,
              data: { ...r.data, ...row.data },
              truncated: [...r.truncated.filter((c) => !columns.includes(c)), ...row.truncated],
            }
          : r,
      ),
    })
  }
}
