import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { databaseExtensionSchema, dependentSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** GET …/database/extensions: every extension the server offers. */
export const getExtensions = (ref: string) =>
  api(pgMetaPath(ref, 'database/extensions'), { schema: z.array(databaseExtensionSchema) })

export const useExtensions = (ref: string) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'extensions'], queryFn: () => getExtensions(ref) })

/** GET …/database/extensions/dependents?name=: what disabling it would have to cascade to. */
export const getExtensionDependents = (ref: string, name: string) =>
  api(pgMetaPath(ref, 'database/extensions/dependents', { name }), { schema: z.array(dependentSchema) })

export const useExtensionDependents = (ref: string, name: string) =>
  useQuery({
    queryKey: [...pgMetaKey(ref), 'extension-dependents', name],
    queryFn: () => getExtensionDependents(ref, name),
  })
