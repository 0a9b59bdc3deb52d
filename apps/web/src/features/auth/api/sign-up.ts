import { useMutation } from '@tanstack/react-query'
import { signInResultSchema, type SignUpBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const signUp = (body: SignUpBody) =>
  api('/api/auth/sign-up', { method: 'POST', body, schema: signInResultSchema })

export const useSignUp = () => useMutation({ mutationFn: signUp })
