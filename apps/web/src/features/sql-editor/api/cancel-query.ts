import { useMutation } from '@tanstack/react-query'
import { sqlCancelResultSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaPath } from '../../../project/pg-meta/pg-meta-path'
import { connectionHeaders } from './run-query'

export interface CancelQueryVariables {
  runId: string
  /** The database the run went to: the cancel goes to the same one. */
  connectionId?: string
}

/**
 * POST …/query/cancel: stops the member's own running run (`pg_cancel_backend`); the run then answers with
 * `status: 'cancelled'`. A run that already ended is a 404 'No running query with this id'.
 */
export const cancelQuery = (ref: string, { runId, connectionId }: CancelQueryVariables) =>
  api(pgMetaPath(ref, 'query/cancel'), {
    method: 'POST',
    body: { runId },
    schema: sqlCancelResultSchema,
    headers: connectionHeaders(connectionId),
  })

export const useCancelQuery = (ref: string) =>
  useMutation({ mutationFn: (variables: CancelQueryVariables) => cancelQuery(ref, variables) })
