import type pg from 'pg'
import type { Config } from '../config.ts'
import type { PoolRegistry } from './pools.ts'
import type { ProjectDatabaseProvider } from './project-databases.ts'

/** What the project database layer works with: the part of the platform's context (PlatformContext) it uses. */
export interface DbContext {
  config: Config
  /** The platform store (schema basalt). */
  db: pg.Pool
  projectDatabases: ProjectDatabaseProvider
  /** Live pools of project databases, keyed by `<project ref>/<database>/<login>`. */
  projectPools: PoolRegistry
}
