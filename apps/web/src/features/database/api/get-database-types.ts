import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { databaseTypeSchema, dependentSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** GET …/database/types?included_schemas=: a schema's types by kind. */
export const getDatabaseTypes = (ref: string, schema: string) =>
  api(pgMetaPath(ref, 'database/types', { included_schemas: schema }), { schema: z.array(databaseTypeSchema) })

export const useDatabaseTypes = (ref: string, schema: string) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'database-types', schema], queryFn: () => getDatabaseTypes(ref, schema) })

/** GET …/database/types/dependents?id= */
export const getTypeDependents = (ref: string, id: number) =>
  api(pgMetaPath(ref, 'database/types/dependents', { id }), { schema: z.array(dependentSchema) })

export const useTypeDependents = (ref: string, id: number) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'type-dependents', id], queryFn: () => getTypeDependents(ref, id) })
