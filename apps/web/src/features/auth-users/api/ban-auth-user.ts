import { useMutation, useQueryClient } from '@tanstack/react-query'
import { authUserDetailSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { authUsersKey, usersPath } from '../../../project/pg-meta/get-auth-users'

/** POST …/users/:id/ban with a Go-style duration (`24h`), or …/unban with `duration: null`. */
export const banAuthUser = (ref: string, id: string, duration: string | null) =>
  api(usersPath(ref, `/${encodeURIComponent(id)}/${duration === null ? 'unban' : 'ban'}`), {
    method: 'POST',
    body: duration === null ? {} : { duration },
    schema: authUserDetailSchema,
  })

export function useBanAuthUser(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, duration }: { id: string; duration: string | null }) => banAuthUser(ref, id, duration),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: authUsersKey(ref) }),
  })
}
