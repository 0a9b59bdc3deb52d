import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

/** DELETE with the typed name: the server checks it too. */
export const deleteProject = ({ ref, confirm }: { ref: string; confirm: string }) =>
  api(`/api/projects/${encodeURIComponent(ref)}`, { method: 'DELETE', body: { confirm } })

export function useDeleteProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: deleteProject,
    onSuccess: async (_, { ref }) => {
      queryClient.removeQueries({ queryKey: queryKeys.project(ref) })
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects, exact: true })
    },
  })
}
