import { useMutation, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../../../lib/api-client'
import { authUsersKey, usersPath } from '../../../project/pg-meta/get-auth-users'

/** DELETE …/users/:id: the user and their identities. */
export const deleteAuthUser = (ref: string, id: string) =>
  api(usersPath(ref, `/${encodeURIComponent(id)}`), {
    method: 'DELETE',
    schema: z.object({ id: z.string(), email: z.string().nullable() }),
  })

export function useDeleteAuthUser(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => deleteAuthUser(ref, id),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authUsersKey(ref) }),
  })
}
