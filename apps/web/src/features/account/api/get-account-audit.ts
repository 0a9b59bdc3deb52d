import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { auditPageSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const accountAuditQueryKey = (page: number) => ['account', 'audit', page] as const

export const getAccountAudit = (page: number) => api(`/api/account/audit?page=${page}`, { schema: auditPageSchema })

export const useAccountAudit = (page: number) =>
  useQuery({
    queryKey: accountAuditQueryKey(page),
    queryFn: () => getAccountAudit(page),
    placeholderData: keepPreviousData,
  })
