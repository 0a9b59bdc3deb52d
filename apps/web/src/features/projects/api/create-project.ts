import { useMutation, useQueryClient } from '@tanstack/react-query'
import { projectSchema, type CreateProjectBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const createProject = ({ slug, ...body }: CreateProjectBody & { slug: string }) =>
  api(`/api/organizations/${encodeURIComponent(slug)}/projects`, { method: 'POST', body, schema: projectSchema })

export function useCreateProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: createProject,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.projects }),
  })
}
