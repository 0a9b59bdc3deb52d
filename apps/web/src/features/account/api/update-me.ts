import { useMutation, useQueryClient } from '@tanstack/react-query'
import { userSchema, type Session, type UpdateMeBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const updateMe = (body: UpdateMeBody) => api('/api/account/me', { method: 'PATCH', body, schema: userSchema })

export function useUpdateMe() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateMe,
    onSuccess: (user) => {
      queryClient.setQueryData<Session | null>(queryKeys.session, (session) =>
        session ? { ...session, user } : session,
      )
    },
  })
}
