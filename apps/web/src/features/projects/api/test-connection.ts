import { useMutation } from '@tanstack/react-query'
import { testConnectionResultSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

export const testConnection = (connectionString: string) =>
  api('/api/projects/test-connection', {
    method: 'POST',
    body: { connectionString },
    schema: testConnectionResultSchema,
  })

export const useTestConnection = () => useMutation({ mutationFn: testConnection })
