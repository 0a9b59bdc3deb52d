import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { pgTypeSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaKey, pgMetaPath } from './pg-meta-path'

export const typesQueryKey = (ref: string) => [...pgMetaKey(ref), 'types'] as const

/** GET …/types: the types the project defines (enums carry their labels), outside the system schemas. */
export const getTypes = (ref: string) => api(pgMetaPath(ref, 'types'), { schema: z.array(pgTypeSchema) })

/** The project's types, for the column form's type picker. */
export const useTypes = (ref: string) => useQuery({ queryKey: typesQueryKey(ref), queryFn: () => getTypes(ref) })
