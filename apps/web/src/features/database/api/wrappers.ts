import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import {
  dependentSchema,
  foreignServerSchema,
  wrappersResponseSchema,
  type CreateForeignServerBody,
} from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** GET …/database/wrappers: the wrappers, servers and foreign tables. */
export const getWrappers = (ref: string) =>
  api(pgMetaPath(ref, 'database/wrappers'), { schema: wrappersResponseSchema })

export const useWrappers = (ref: string) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'wrappers'], queryFn: () => getWrappers(ref) })

/** GET …/database/wrappers/servers/dependents?id=: its user mappings and foreign tables. */
export const useForeignServerDependents = (ref: string, id: number) =>
  useQuery({
    queryKey: [...pgMetaKey(ref), 'foreign-server-dependents', id],
    queryFn: () =>
      api(pgMetaPath(ref, 'database/wrappers/servers/dependents', { id }), { schema: z.array(dependentSchema) }),
  })

export function useCreateForeignServer(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateForeignServerBody) =>
      api(pgMetaPath(ref, 'database/wrappers/servers'), { method: 'POST', body, schema: foreignServerSchema }),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}

export function useDropForeignServer(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, cascade }: { id: number; cascade: boolean }) =>
      api(pgMetaPath(ref, 'database/wrappers/servers', { id, cascade: String(cascade) }), {
        method: 'DELETE',
        schema: foreignServerSchema,
      }),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
