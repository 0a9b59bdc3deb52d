import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MfaCodeBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const removeMfa = (body: MfaCodeBody) => api('/api/account/mfa', { method: 'DELETE', body })

export function useRemoveMfa() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  })
}
