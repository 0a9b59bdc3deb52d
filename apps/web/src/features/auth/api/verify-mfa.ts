import { useMutation } from '@tanstack/react-query'
import { signInResultSchema, type MfaCodeBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const verifyMfa = (body: MfaCodeBody) =>
  api('/api/auth/mfa/verify', { method: 'POST', body, schema: signInResultSchema.optional() })

export const useVerifyMfa = () => useMutation({ mutationFn: verifyMfa })
