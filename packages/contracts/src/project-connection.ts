import { z } from 'zod'

/**
 * GET /api/projects/:ref/database/connection — how to connect to the project's database as its admin role
 * (Settings → Database). The password is never part of it: see the reveal call below.
 */
export const projectConnectionInfoSchema = z.object({
  host: z.string(),
  port: z.number().int(),
  database: z.string(),
  /** The project's admin role: owner of the database and its user schemas, never a superuser. */
  user: z.string(),
  /** Whether Basalt holds this role's password (false for a project attached by connection string). */
  passwordAvailable: z.boolean(),
  /** A psql command without the password; psql asks for it. */
  psql: z.string(),
  /** The attached role is a superuser (only a project attached by connection string can be). */
  superuser: z.boolean(),
})
export type ProjectConnectionInfo = z.infer<typeof projectConnectionInfoSchema>

/** POST /api/projects/:ref/database/password — reveals the admin role's password (settings:write; audited). */
export const projectPasswordSchema = z.object({ password: z.string() })
export type ProjectPassword = z.infer<typeof projectPasswordSchema>

/** Shown in a project's settings when its connection string logs in as a superuser. */
export const SUPERUSER_CONNECTION_WARNING =
  'This project connects as a superuser: anyone who may run SQL in this project can run programs on the database host.'

/** A write sent to a read replica (spec 2 §6, §8). */
export const READ_REPLICA_WRITE_MESSAGE =
  'Read replicas are for read only queries. Run write queries on the primary database instead.'
