import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { dependentSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** GET …/database/functions/dependents?id=: what a drop of the function would have to cascade to. */
export const getFunctionDependents = (ref: string, id: number) =>
  api(pgMetaPath(ref, 'database/functions/dependents', { id }), { schema: z.array(dependentSchema) })

export const useFunctionDependents = (ref: string, id: number | null) =>
  useQuery({
    queryKey: [...pgMetaKey(ref), 'function-dependents', id],
    queryFn: () => getFunctionDependents(ref, id ?? 0),
    enabled: id !== null,
  })
