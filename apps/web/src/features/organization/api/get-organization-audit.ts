import { keepPreviousData, useQuery } from '@tanstack/react-query'
import { auditPageSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const organizationAuditQueryKey = (slug: string, page: number) => ['organizations', slug, 'audit', page] as const

export const getOrganizationAudit = (slug: string, page: number) =>
  api(`/api/organizations/${encodeURIComponent(slug)}/audit?page=${page}`, { schema: auditPageSchema })

export const useOrganizationAudit = (slug: string, page: number) =>
  useQuery({
    queryKey: organizationAuditQueryKey(slug, page),
    queryFn: () => getOrganizationAudit(slug, page),
    placeholderData: keepPreviousData,
  })
