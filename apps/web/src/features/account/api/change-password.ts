import { useMutation } from '@tanstack/react-query'
import type { z } from 'zod'
import type { changePasswordBodySchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const changePassword = (body: z.infer<typeof changePasswordBodySchema>) =>
  api('/api/account/password', { method: 'POST', body })

export const useChangePassword = () => useMutation({ mutationFn: changePassword })
