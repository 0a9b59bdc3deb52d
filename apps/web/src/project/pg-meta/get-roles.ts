import { useQuery } from '@tanstack/react-query'
import { z } from 'zod'
import { pgRoleSchema } from '@basalt/contracts'
import { api } from '../../lib/api-client'
import { pgMetaKey, pgMetaPath } from './pg-meta-path'

export const rolesQueryKey = (ref: string) => [...pgMetaKey(ref), 'roles'] as const

/** GET …/roles: the database's roles, without the predefined `pg_*` ones and those spec 1 §6 leaves out. */
export const getRoles = (ref: string) => api(pgMetaPath(ref, 'roles'), { schema: z.array(pgRoleSchema) })

/** The project's database roles (policies' target roles, the roles page). */
export const useRoles = (ref: string) => useQuery({ queryKey: rolesQueryKey(ref), queryFn: () => getRoles(ref) })
