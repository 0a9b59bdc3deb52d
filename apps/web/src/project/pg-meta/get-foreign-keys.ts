import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { pgForeignKeySchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaKey, pgMetaPath } from './pg-meta-path'

export const foreignKeysQueryKey = (ref: string, schema: string) => [...pgMetaKey(ref), 'foreign-keys', schema] as const

export const getForeignKeys = (ref: string, schema: string) =>
  api(pgMetaPath(ref, 'foreign-keys', { schema }), { schema: z.array(pgForeignKeySchema) })

/** Foreign keys of a schema's tables: they carry the target table's id, which the cell link needs. */
export const useForeignKeys = (ref: string, schema: string) =>
  useQuery({ queryKey: foreignKeysQueryKey(ref, schema), queryFn: () => getForeignKeys(ref, schema) })
