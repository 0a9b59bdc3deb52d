import { useQuery } from '@tanstack/react-query'
import { databaseMigrationsResponseSchema } from '@basalt/contracts'
import { api } from '../../../lib/api-client'
import { pgMetaKey, pgMetaPath } from '../../../project/pg-meta/pg-meta-path'

/** GET …/database/migrations: Basalt's numbered migrations and the Supabase CLI's history. */
export const getMigrations = (ref: string) =>
  api(pgMetaPath(ref, 'database/migrations'), { schema: databaseMigrationsResponseSchema })

export const useMigrations = (ref: string) =>
  useQuery({ queryKey: [...pgMetaKey(ref), 'migrations'], queryFn: () => getMigrations(ref) })

/** Where a migration's file (or, without a number, all of them in one file) downloads from. */
export const migrationFileUrl = (ref: string, number?: number) =>
  pgMetaPath(ref, 'database/migrations/file', number === undefined ? undefined : { number })
