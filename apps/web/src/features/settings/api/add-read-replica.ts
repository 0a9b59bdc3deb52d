import { useMutation, useQueryClient } from '@tanstack/react-query'
import { projectDatabaseSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { projectDatabasesQueryKey } from '../../../project/get-project-databases'

/** Answers 201 with the new replica, `coming_up` until its cluster has caught up with the primary. */
export const addReadReplica = (ref: string) =>
  api(`/api/projects/${encodeURIComponent(ref)}/replicas`, { method: 'POST', schema: projectDatabaseSchema })

export function useAddReadReplica() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addReadReplica,
    onSuccess: (_, ref) => queryClient.invalidateQueries({ queryKey: projectDatabasesQueryKey(ref) }),
  })
}
