import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { databaseRolesResponseSchema, dependentSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** GET …/database/roles: every role (locked ones marked) and max_connections. */
export const getDatabaseRoles = (ref: string) =>
  api(pgMetaPath(ref, 'database/roles'), { schema: databaseRolesResponseSchema })

export const useDatabaseRoles = (ref: string) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'database-roles'], queryFn: () => getDatabaseRoles(ref) })

/** GET …/database/roles/dependents?id=: what this database holds of the role (owned objects, privileges). */
export const getRoleDependents = (ref: string, id: number) =>
  api(pgMetaPath(ref, 'database/roles/dependents', { id }), { schema: z.array(dependentSchema) })

export const useRoleDependents = (ref: string, id: number) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'role-dependents', id], queryFn: () => getRoleDependents(ref, id) })
