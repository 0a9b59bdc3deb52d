import { useMutation } from '@tanstack/react-query'
import { sqlAnalysisSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/**
 * POST …/query/analyze: the statements of a text as a run splits them (PostgreSQL's own parser), and those
 * that drop, truncate, delete or update without WHERE, alter … drop or revoke — what the 'Destructive
 * operation' dialog asks about before the run. A syntax error is a 400 `pg_error`.
 */
export const analyzeQuery = (ref: string, query: string) =>
  api(pgMetaPath(ref, 'query/analyze'), { method: 'POST', body: { query }, schema: sqlAnalysisSchema })

export const useAnalyzeQuery = (ref: string) => useMutation({ mutationFn: (query: string) => analyzeQuery(ref, query) })
