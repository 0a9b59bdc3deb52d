import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { databaseFunctionSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

export const databaseFunctionsKey = (ref: string, schema: string) =>
  [...pgMetaKey(ref), 'database-functions', schema] as const

/** GET …/database/functions?included_schemas=: a schema's functions, procedures and aggregates. */
export const getDatabaseFunctions = (ref: string, schema: string) =>
  api(pgMetaPath(ref, 'database/functions', { included_schemas: schema }), { schema: z.array(databaseFunctionSchema) })

export const useDatabaseFunctions = (ref: string, schema: string) =>
  useQuery({ queryKey: databaseFunctionsKey(ref, schema), queryFn: () => getDatabaseFunctions(ref, schema) })
