import { useMutation } from '@tanstack/react-query'
import { aiGenerateResultSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { countAiQuery } from '../state/ai-preferences'

export interface GenerateSqlInput {
  prompt: string
  includeSchema: boolean
}

/** POST /api/ai/sql/generate: a query written from the prompt, with a title. */
export const generateSql = (projectRef: string, { prompt, includeSchema }: GenerateSqlInput) =>
  api('/api/ai/sql/generate', {
    method: 'POST',
    body: { projectRef, prompt, includeSchema },
    schema: aiGenerateResultSchema,
  })

export const useGenerateSql = (projectRef: string) =>
  useMutation({ mutationFn: (input: GenerateSqlInput) => generateSql(projectRef, input), onSuccess: countAiQuery })
