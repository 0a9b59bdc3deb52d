import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { accessTokenSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const accessTokensQueryKey = ['account', 'tokens'] as const

export const getAccessTokens = () => api('/api/account/tokens', { schema: z.array(accessTokenSchema) })

export const useAccessTokens = () => useQuery({ queryKey: accessTokensQueryKey, queryFn: getAccessTokens })
