import { useMutation, useQueryClient } from '@tanstack/react-query'
import { pgTableSchema, type CreateTablePayload } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from './pg-meta-path'

/** POST …/tables: a new table with its columns, comment and RLS, in one transaction. */
export const createTable = (ref: string, payload: CreateTablePayload) =>
  api(pgMetaPath(ref, 'tables'), { method: 'POST', body: payload, schema: pgTableSchema })

/** Creates a table; every area's view of the database is read again (see invalidatePgMeta). */
export function useCreateTable(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (payload: CreateTablePayload) => createTable(ref, payload),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
