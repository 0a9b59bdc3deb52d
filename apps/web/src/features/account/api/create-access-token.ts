import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createdTokenSchema, type CreateTokenBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { accessTokensQueryKey } from './get-access-tokens'

export const createAccessToken = (body: CreateTokenBody) =>
  api('/api/account/tokens', { method: 'POST', body, schema: createdTokenSchema })

export function useCreateAccessToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createAccessToken,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accessTokensQueryKey }),
  })
}
