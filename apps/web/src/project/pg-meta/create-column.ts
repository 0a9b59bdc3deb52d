import { useMutation, useQueryClient } from '@tanstack/react-query'
import { pgColumnSchema, type AddColumnBody } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from './pg-meta-path'

/** POST …/columns: adds a column (spec 2 §3 create-column payload) to the table `tableId`. */
export const createColumn = (ref: string, body: AddColumnBody) =>
  api(pgMetaPath(ref, 'columns'), { method: 'POST', body, schema: pgColumnSchema })

/** Adds a column; every area's view of the database is read again (see invalidatePgMeta). */
export function useCreateColumn(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: AddColumnBody) => createColumn(ref, body),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
