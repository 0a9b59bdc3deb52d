import { aiTitleResultSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'

/** POST /api/ai/sql/title: a title and a description of a query (sends the SQL only, never the schema). */
export const titleSql = (projectRef: string, sql: string) =>
  api('/api/ai/sql/title', { method: 'POST', body: { projectRef, sql }, schema: aiTitleResultSchema })
