import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { pgPolicySchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

export const policiesQueryKey = (ref: string, schema: string) => [...pgMetaKey(ref), 'policies', schema] as const

/** GET …/policies?included_schemas=: a schema's policies (spec 1 §7 "Fetch policies"). */
export const getPolicies = (ref: string, schema: string) =>
  api(pgMetaPath(ref, 'policies', { included_schemas: schema }), { schema: z.array(pgPolicySchema) })

export const usePolicies = (ref: string, schema: string) =>
  useQuery({ queryKey: policiesQueryKey(ref, schema), queryFn: () => getPolicies(ref, schema) })
