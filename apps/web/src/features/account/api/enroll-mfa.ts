import { useMutation } from '@tanstack/react-query'
import { mfaEnrollmentSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const enrollMfa = () => api('/api/account/mfa/enroll', { method: 'POST', schema: mfaEnrollmentSchema })

export const useEnrollMfa = () => useMutation({ mutationFn: enrollMfa })
