import { useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '../../../lib/api-client'
import { projectDatabasesQueryKey } from '../../../project/get-project-databases'

// The server finds a replica by its id or by its identifier (`<ref>-rr-…`), which is what the list gives.
export const removeReadReplica = ({ ref, identifier }: { ref: string; identifier: string }) =>
  api(`/api/projects/${encodeURIComponent(ref)}/replicas/${encodeURIComponent(identifier)}`, { method: 'DELETE' })

export function useRemoveReadReplica() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: removeReadReplica,
    onSuccess: (_, { ref }) => queryClient.invalidateQueries({ queryKey: projectDatabasesQueryKey(ref) }),
  })
}
