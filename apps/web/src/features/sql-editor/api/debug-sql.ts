import { useMutation } from '@tanstack/react-query'
import { aiDebugResultSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { countAiQuery } from '../state/ai-preferences'

export interface DebugSqlInput {
  sql: string
  errorMessage: string
  includeSchema: boolean
}

/** POST /api/ai/sql/debug: why the query failed (`solution`) and the query corrected. */
export const debugSql = (projectRef: string, { sql, errorMessage, includeSchema }: DebugSqlInput) =>
  api('/api/ai/sql/debug', {
    method: 'POST',
    body: { projectRef, sql, errorMessage, includeSchema },
    schema: aiDebugResultSchema,
  })

export const useDebugSql = (projectRef: string) =>
  useMutation({ mutationFn: (input: DebugSqlInput) => debugSql(projectRef, input), onSuccess: countAiQuery })
