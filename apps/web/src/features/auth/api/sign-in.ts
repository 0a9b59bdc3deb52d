import { useMutation } from '@tanstack/react-query'
import { signInResultSchema, type SignInBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const signIn = (body: SignInBody) =>
  api('/api/auth/sign-in', { method: 'POST', body, schema: signInResultSchema })

export const useSignIn = () => useMutation({ mutationFn: signIn })
