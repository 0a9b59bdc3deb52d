import { useMutation } from '@tanstack/react-query'
import { aiEditResultSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { countAiQuery } from '../state/ai-preferences'

export interface EditSqlInput {
  prompt: string
  sql: string
  includeSchema: boolean
}

/** POST /api/ai/sql/edit: the whole text after the change the prompt asks for. */
export const editSql = (projectRef: string, { prompt, sql, includeSchema }: EditSqlInput) =>
  api('/api/ai/sql/edit', {
    method: 'POST',
    body: { projectRef, prompt, sql, includeSchema },
    schema: aiEditResultSchema,
  })

export const useEditSql = (projectRef: string) =>
  useMutation({ mutationFn: (input: EditSqlInput) => editSql(projectRef, input), onSuccess: countAiQuery })
