import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { queryKeys } from '../../../lib/query-keys'

export const restoreProject = (ref: string) =>
  api(`/api/projects/${encodeURIComponent(ref)}/restore`, { method: 'POST' })

export function useRestoreProject() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: restoreProject,
    onSuccess: async (_, ref) => {
      await queryClient.invalidateQueries({ queryKey: queryKeys.project(ref) })
      await queryClient.invalidateQueries({ queryKey: queryKeys.projects, exact: true })
    },
  })
}
