import { useQuery } from '@tanstack/react-query'
import { organizationSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const getOrganization = (slug: string) =>
  api(`/api/organizations/${encodeURIComponent(slug)}`, { schema: organizationSchema })

export const useOrganization = (slug: string) =>
  useQuery({ queryKey: queryKeys.organization(slug), queryFn: () => getOrganization(slug) })
