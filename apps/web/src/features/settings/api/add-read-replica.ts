import { useMutation, useQueryClient } from '@tanstack/react-query'
import { projectDatabaseSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { projectDatabasesQueryKey } from '../../../project/get-project-databases'

/**
 * On the embedded default, no connection string: Basalt makes the standby, answered 201 `coming_up` until it
 * has caught up with the primary. For a project attached by connection string, the connection string of a
 * standby of its database: checked by the server, and `active` at once.
 */
export const addReadReplica = ({ ref, connectionString }: { ref: string; connectionString?: string }) =>
  api(`/api/projects/${encodeURIComponent(ref)}/replicas`, {
    method: 'POST',
    body: connectionString === undefined ? undefined : { connectionString },
    schema: projectDatabaseSchema,
  })

export function useAddReadReplica() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: addReadReplica,
    onSuccess: (_, { ref }) => queryClient.invalidateQueries({ queryKey: projectDatabasesQueryKey(ref) }),
  })
}
