import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { pgTableSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaKey, pgMetaPath } from './pg-meta-path'

export const tablesQueryKey = (ref: string, schema: string) => [...pgMetaKey(ref), 'tables', schema] as const

/** GET …/tables?included_schemas=&include_columns=true: a schema's tables with their columns. */
export const getTables = (ref: string, schema: string) =>
  api(pgMetaPath(ref, 'tables', { included_schemas: schema, include_columns: 'true' }), {
    schema: z.array(pgTableSchema),
  })

/** A schema's tables with their columns (the foreign-key target picker); nothing is fetched without a schema. */
export const useTables = (ref: string, schema: string | null) =>
  useQuery({
    queryKey: tablesQueryKey(ref, schema ?? ''),
    queryFn: () => getTables(ref, schema ?? ''),
    enabled: schema !== null && schema !== '',
  })
