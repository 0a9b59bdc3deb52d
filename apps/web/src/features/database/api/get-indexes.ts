import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { databaseIndexSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** GET …/database/indexes?included_schemas=: a schema's indexes with their size and scans. */
export const getIndexes = (ref: string, schema: string) =>
  api(pgMetaPath(ref, 'database/indexes', { included_schemas: schema }), { schema: z.array(databaseIndexSchema) })

export const useIndexes = (ref: string, schema: string) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'indexes', schema], queryFn: () => getIndexes(ref, schema) })
