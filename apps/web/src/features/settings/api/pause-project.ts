import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const pauseProject = (ref: string) => api(`/api/projects/${encodeURIComponent(ref)}/pause`, { method: 'POST' })

export function usePauseProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: pauseProject,
    onSuccess: async (_, ref) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.project(ref) })
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects, exact: true })
    },
  })
}
