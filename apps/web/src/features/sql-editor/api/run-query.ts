import { useMutation, useQueryClient } from '@tanstack/react-query'
import { sqlRunResultSchema, type SqlRunBody, type SqlRunResult } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** The header that sends a run (and its cancel) to a read replica instead of the primary (spec 2 §7). */
export const CONNECTION_HEADER = 'x-connection-encrypted'

/** The header for a database of the source picker; none for the primary. */
export const connectionHeaders = (connectionId: string | undefined): Record<string, string> | undefined =>
  connectionId ? { [CONNECTION_HEADER]: connectionId } : undefined

export interface RunQueryVariables extends SqlRunBody {
  /** The `connectionId` of the chosen database (the primary when absent). */
  connectionId?: string
  /** Aborting it closes the answer, which cancels the run on the server. */
  signal?: AbortSignal
}

/**
 * POST …/query: runs the text and answers every result set, notices and how the run ended (HTTP 200 once it
 * reached the database, whatever the SQL did). The answer is one JSON document streamed as rows are read; it
 * is parsed once complete. Other statuses (403, 409, 502…) throw: nothing ran.
 */
export const runQuery = (ref: string, { connectionId, signal, ...body }: RunQueryVariables) =>
  api(pgMetaPath(ref, 'query'), {
    method: 'POST',
    body,
    schema: sqlRunResultSchema,
    headers: connectionHeaders(connectionId),
    signal,
  })

/**
 * Runs SQL. Whatever the run changed may be structure (DDL): afterwards every area's view of the project's
 * database (its pg-meta keys, the editor's own schema for autocomplete included) is read again.
 */
export function useRunQuery(ref: string) {
  const queryClient = useQueryClient()
  return useMutation<SqlRunResult, Error, RunQueryVariables>({
    mutationFn: (variables) => runQuery(ref, variables),
    onSettled: () => invalidatePgMeta(queryClient, ref),
  })
}
