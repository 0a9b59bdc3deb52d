import { useMutation } from '@tanstack/react-query'
import { testConnectionResultSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

/** Tests a connection string for a project of organisation `slug` (needs the permission to create projects). */
export const testConnection = ({ slug, connectionString }: { slug: string; connectionString: string }) =>
  api(`/api/organizations/${encodeURIComponent(slug)}/projects/test-connection`, {
    method: 'POST',
    body: { connectionString },
    schema: testConnectionResultSchema,
  })

export const useTestConnection = () => useMutation({ mutationFn: testConnection })
