import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { pgSchemaSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaKey, pgMetaPath } from './pg-meta-path'

export const schemasQueryKey = (ref: string) => [...pgMetaKey(ref), 'schemas'] as const

export const getSchemas = (ref: string) => api(pgMetaPath(ref, 'schemas'), { schema: z.array(pgSchemaSchema) })

export const useSchemas = (ref: string) => useQuery({ queryKey: schemasQueryKey(ref), queryFn: () => getSchemas(ref) })
