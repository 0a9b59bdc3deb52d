import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { organizationSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const getOrganizations = () => api('/api/organizations', { schema: z.array(organizationSchema) })

export const useOrganizations = () => useQuery({ queryKey: queryKeys.organizations, queryFn: getOrganizations })
