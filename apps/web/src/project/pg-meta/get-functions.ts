import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { pgFunctionSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaKey, pgMetaPath } from './pg-meta-path'

export const functionsQueryKey = (ref: string) => [...pgMetaKey(ref), 'functions'] as const

/**
 * GET …/functions?include_system_schemas=true: every function the member's role may execute, Postgres' own
 * (pg_catalog) and the platform's (auth.uid…) included — what SQL may call.
 */
export const getFunctions = (ref: string) =>
  api(pgMetaPath(ref, 'functions', { include_system_schemas: 'true' }), { schema: z.array(pgFunctionSchema) })

export const functionsQueryOptions = (ref: string) => ({
  queryKey: functionsQueryKey(ref),
  queryFn: () => getFunctions(ref),
})

export const useFunctions = (ref: string) => useQuery(functionsQueryOptions(ref))
