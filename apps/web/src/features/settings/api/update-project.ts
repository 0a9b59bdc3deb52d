import { useMutation, useQueryClient } from '@tanstack/react-query'
import { projectSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const updateProject = ({ ref, name }: { ref: string; name: string }) =>
  api(`/api/projects/${encodeURIComponent(ref)}`, { method: 'PATCH', body: { name }, schema: projectSchema.partial() })

export function useUpdateProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: updateProject,
    onSuccess: async (_, { ref }) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.project(ref) })
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects, exact: true })
    },
  })
}
