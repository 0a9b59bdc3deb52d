import { useMutation, useQueryClient } from '@tanstack/react-query'
import { databaseFunctionSchema, type FunctionDefinition } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** POST …/database/functions (id null) or PATCH …?id=: the whole definition, run as the review showed it. */
export const saveDatabaseFunction = (ref: string, id: number | null, definition: FunctionDefinition) =>
  api(pgMetaPath(ref, 'database/functions', id === null ? {} : { id }), {
    method: id === null ? 'POST' : 'PATCH',
    body: definition,
    schema: databaseFunctionSchema,
  })

/** Creates or changes a function; every view of the database is read again (a function is DDL). */
export function useSaveDatabaseFunction(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, definition }: { id: number | null; definition: FunctionDefinition }) =>
      saveDatabaseFunction(ref, id, definition),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
