import { useMutation } from '@tanstack/react-query'
import { apiText } from '../../../lib/api-client'
import { pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** POST …/query/format: the text formatted (sql-formatter, PostgreSQL), answered as plain text (spec 2 §7). */
export const formatQuery = (ref: string, query: string) =>
  apiText(pgMetaPath(ref, 'query/format'), { method: 'POST', body: { query } })

export const useFormatQuery = (ref: string) => useMutation({ mutationFn: (query: string) => formatQuery(ref, query) })
