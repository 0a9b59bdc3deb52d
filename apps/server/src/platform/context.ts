import type pg from 'pg'
import type { Config } from '../config.ts'
import type { PoolRegistry } from '../db/pools.ts'
import type { ProjectDatabaseProvider } from '../db/project-databases.ts'
import type { PlatformEvents } from './events.ts'

/** A limit of failed attempts within a sliding window. */
export interface AttemptLimit {
  max: number
  windowMs: number
}

export interface RateLimits {
  /** Failed sign-ins (and MFA codes) per account. */
  account: AttemptLimit
  /** Failed sign-ins per client address. */
  ip: AttemptLimit
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  account: { max: 5, windowMs: 15 * 60_000 },
  ip: { max: 20, windowMs: 15 * 60_000 },
}

/** What every platform function works with; built once per app. */
export interface PlatformContext {
  config: Config
  /** The platform store (schema basalt). */
  db: pg.Pool
  projectDatabases: ProjectDatabaseProvider
  /** Live pools of project databases, keyed by project ref. */
  projectPools: PoolRegistry
  rateLimits: RateLimits
  /** What this server tells every server on the platform database (pauses, deletes, access changes). */
  events: PlatformEvents
  /** Runs work after the response (project provisioning); the app waits for it on close. */
  background(task: () => Promise<void>): void
}

/** Who performs an action, and from where — for the audit log. */
export interface Actor {
  id: string
  email: string
  ip: string | null
}
