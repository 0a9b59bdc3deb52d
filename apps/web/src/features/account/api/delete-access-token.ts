import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { accessTokensQueryKey } from './get-access-tokens'

export const deleteAccessToken = (id: string) =>
  api(`/api/account/tokens/${encodeURIComponent(id)}`, { method: 'DELETE' })

export function useDeleteAccessToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensQueryKey }),
  })
}
