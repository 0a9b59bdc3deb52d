import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { dependentSchema, pgSchemaSchema, schemaDiagramSchema, type CreateSchemaBody } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { invalidatePgMeta, pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** GET …/database/schemas/diagram?schema=: tables, columns, keys and foreign keys. */
export const getSchemaDiagram = (ref: string, schema: string) =>
  api(pgMetaPath(ref, 'database/schemas/diagram', { schema }), { schema: schemaDiagramSchema })

export const useSchemaDiagram = (ref: string, schema: string) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'schema-diagram', schema], queryFn: () => getSchemaDiagram(ref, schema) })

/** GET …/database/schemas/dependents?id=: what dropping it takes with it. */
export const getSchemaDependents = (ref: string, id: number) =>
  api(pgMetaPath(ref, 'database/schemas/dependents', { id }), { schema: z.array(dependentSchema) })

export const useSchemaDependents = (ref: string, id: number) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'schema-dependents', id], queryFn: () => getSchemaDependents(ref, id) })

/** POST …/database/schemas */
export const createSchema = (ref: string, body: CreateSchemaBody) =>
  api(pgMetaPath(ref, 'database/schemas'), { method: 'POST', body, schema: pgSchemaSchema })

/** DELETE …/database/schemas?id=&cascade= */
export const dropSchema = (ref: string, id: number, cascade: boolean) =>
  api(pgMetaPath(ref, 'database/schemas', { id, cascade: String(cascade) }), {
    method: 'DELETE',
    schema: pgSchemaSchema,
  })

export function useCreateSchema(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: CreateSchemaBody) => createSchema(ref, body),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}

export function useDropSchema(ref: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, cascade }: { id: number; cascade: boolean }) => dropSchema(ref, id, cascade),
    onSuccess: () => invalidatePgMeta(queryClient, ref),
  })
}
