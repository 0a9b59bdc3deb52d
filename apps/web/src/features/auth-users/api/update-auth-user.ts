import { useMutation, useQueryClient } from '@tanstack/react-query'
import { authUserDetailSchema, type UpdateAuthUserBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { authUsersKey, usersPath } from '../../../project/pg-meta/get-auth-users'

/** PATCH …/users/:id: replaces the user's user_metadata and/or app_metadata. */
export const updateAuthUser = (ref: string, id: string, body: UpdateAuthUserBody) =>
  api(usersPath(ref, `/${encodeURIComponent(id)}`), { method: 'PATCH', body, schema: authUserDetailSchema })

export function useUpdateAuthUser(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: UpdateAuthUserBody }) => updateAuthUser(ref, id, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authUsersKey(ref) }),
  })
}
