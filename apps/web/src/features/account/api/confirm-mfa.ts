import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { MfaCodeBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const confirmMfa = (body: MfaCodeBody) => api('/api/account/mfa/confirm', { method: 'POST', body })

export function useConfirmMfa() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: confirmMfa,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.session }),
  })
}
