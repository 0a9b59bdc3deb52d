import { useMutation, useQueryClient } from '@tanstack/react-query'
import { publicationSchema, type PublicationDefinition } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** POST …/database/publications, or PATCH …?id= with the whole definition. */
export const savePublication = (ref: string, id: number | null, body: PublicationDefinition) =>
  api(pgMetaPath(ref, 'database/publications', id === null ? undefined : { id }), {
    method: id === null ? 'POST' : 'PATCH',
    body,
    schema: publicationSchema,
  })

/** DELETE …/database/publications?id= */
export const deletePublication = (ref: string, id: number) =>
  api(pgMetaPath(ref, 'database/publications', { id }), { method: 'DELETE', schema: publicationSchema })

export function useSavePublication(ref: string, id: number | null) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: PublicationDefinition) => savePublication(ref, id, body),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}

export function useDeletePublication(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => deletePublication(ref, id),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
