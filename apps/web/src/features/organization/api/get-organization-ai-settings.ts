import { useQuery } from '@tanstack/react-query'
import { organizationAiSettingsSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const organizationAiSettingsQueryKey = (slug: string) => ['organizations', slug, 'ai-settings'] as const

export const getOrganizationAiSettings = (slug: string) =>
  api(`/api/organizations/${encodeURIComponent(slug)}/ai-settings`, { schema: organizationAiSettingsSchema })

export const useOrganizationAiSettings = (slug: string) =>
  useQuery({ queryKey: organizationAiSettingsQueryKey(slug), queryFn: () => getOrganizationAiSettings(slug) })
