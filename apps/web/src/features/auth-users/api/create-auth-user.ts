import { useMutation, useQueryClient } from '@tanstack/react-query'
import { authUserDetailSchema, type CreateAuthUserBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { authUsersKey, usersPath } from '../../../project/pg-meta/get-auth-users'

/** POST …/users: an e-mail user with a password, confirmed at once or not. */
export const createAuthUser = (ref: string, body: CreateAuthUserBody) =>
  api(usersPath(ref), { method: 'POST', body, schema: authUserDetailSchema })

export function useCreateAuthUser(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateAuthUserBody) => createAuthUser(ref, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authUsersKey(ref) }),
  })
}
