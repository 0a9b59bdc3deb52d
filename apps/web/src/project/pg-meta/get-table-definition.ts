import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '../../lib/api-client'
import { pgMetaKey, pgMetaPath } from './pg-meta-path'

const tableDefinitionSchema = z.object({ definition: z.string() })

export const tableDefinitionQueryKey = (ref: string, id: number) => [...pgMetaKey(ref), 'table-definition', id] as const

export const getTableDefinition = (ref: string, id: number) =>
  api(pgMetaPath(ref, 'table-definition', { id }), { schema: tableDefinitionSchema })

export const useTableDefinition = (ref: string, id: number) =>
  useQuery({ queryKey: tableDefinitionQueryKey(ref, id), queryFn: () => getTableDefinition(ref, id) })
