import type pg from 'pg'
import type { DbContext } from './context.ts'
import type { ProjectAccess, ProjectRow } from './project-types.ts'
import { decryptSecret } from './crypto.ts'
import type { PoolTarget } from './pools.ts'
import type { ProjectPlacement } from './project-databases.ts'

/*
 * Where members' calls on a project database connect, and the pools that hold those connections: the
 * project's own admin or read-only role, never a superuser (docs/isolation.md).
 */

/** Which of a project's login roles a call connects as: Read-only members never get the admin one. */
export type ProjectLogin = 'admin' | 'read_only'

/**
 * Where a read replica answers: an address on which the project's own roles log in (Basalt's standby
 * clusters; a standby of a shared server), or the connection string of a standby of an attached database.
 */
export type ReplicaAddress = { host: string; port: number } | { connectionString: string }

/** The project's placement on Basalt's own servers (projects Basalt created). */
export const placementOf = (p: Pick<ProjectRow, 'ref' | 'database_name' | 'cluster_port'>): ProjectPlacement => ({
  ref: p.ref,
  database_name: p.database_name!,
  cluster_port: p.cluster_port,
})

/**
 * What a member's connection starts with. On the servers Basalt manages, settings the admin role could give
 * the database or a login (`ALTER DATABASE … SET`, `ALTER ROLE … SET`) to lock Basalt's logins out are
 * overridden from the first message (bring-up also resets them: db/project-roles.ts): no library loaded at
 * login, no other role or session user, and the login's own read-only default — the read-only login's
 * sessions start read-only. A Read-only member's connection to an attached database starts read-only too;
 * other attached connections get no options (a pooler in front of the database may refuse them).
 */
function sessionOptionsOf(p: ProjectRow, login: ProjectLogin): string | undefined {
  const readOnly = `-c default_transaction_read_only=${login === 'admin' ? 'off' : 'on'}`
  if (p.kind === 'external') return login === 'admin' ? undefined : readOnly
  const user = (login === 'admin' ? p.admin_role : p.readonly_role) ?? ''
  return `-c local_preload_libraries= -c role=none -c session_authorization=${user} ${readOnly}`
}

/**
 * Where a member's call connects: the project's own admin or read-only role on its database (projects
 * Basalt created), or the attached connection string (projects attached by one; a Read-only member's
 * connection then starts read-only). Never a superuser of Basalt's servers. Never sent to the browser.
 */
export function projectLogin(
  ctx: DbContext,
  p: ProjectRow,
  login: ProjectLogin,
  /** A read replica instead of the primary (the same roles: a replica is a copy). */
  replica?: ReplicaAddress,
): PoolTarget & { options?: string } {
  if (p.kind === 'external') {
    const connectionString =
      replica && 'connectionString' in replica
        ? replica.connectionString
        : decryptSecret(ctx.config.encryptionKey, p.connection_string_encrypted!)
    const options = sessionOptionsOf(p, login)
    return options ? { connectionString, options } : { connectionString }
  }
  const admin = login === 'admin'
  return {
    ...(replica && 'host' in replica ? replica : ctx.projectDatabases.address(placementOf(p))),
    database: p.database_name!,
    user: (admin ? p.admin_role : p.readonly_role)!,
    password: decryptSecret(
      ctx.config.encryptionKey,
      (admin ? p.admin_password_encrypted : p.readonly_password_encrypted)!,
    ),
  }
}

/** The login of a member's calls: Read-only members never get the admin one. */
export const loginOf = (a: ProjectAccess): ProjectLogin => (a.role === 'read_only' ? 'read_only' : 'admin')

/** The pool of a login (by default the caller's) on a database of the project (see projectLogin). */
export function projectPool(
  ctx: DbContext,
  a: ProjectAccess,
  database = 'primary',
  login: ProjectLogin = loginOf(a),
  replica?: ReplicaAddress,
): pg.Pool {
  // The login's secrets are decrypted only when the pool is made, not on every call that uses it.
  const options = sessionOptionsOf(a.project, login)
  const target = () => {
    const { options: _options, ...rest } = projectLogin(ctx, a.project, login, replica)
    return rest
  }
  return ctx.projectPools.get(`${a.project.ref}/${database}/${login}`, target, {
    max: ctx.config.projectPoolSize,
    statementTimeoutMs: a.project.statement_timeout_ms,
    idleInTransactionTimeoutMs: IDLE_IN_TRANSACTION_TIMEOUT_MS,
    options,
    ...(ctx.config.projectPoolWaitMs === undefined ? {} : { waitMs: ctx.config.projectPoolWaitMs }),
  })
}

/** idle_in_transaction_session_timeout of members' connections: no call holds a transaction open idle. */
const IDLE_IN_TRANSACTION_TIMEOUT_MS = 60_000

/** A URL that logs in as the project's admin role, for the operator's console (never for the browser). */
export function adminUrlOf(ctx: DbContext, p: ProjectRow): string | null {
  if (p.kind !== 'embedded' || !p.admin_role) return null
  const login = projectLogin(ctx, p, 'admin') as {
    host: string
    port: number
    database: string
    user: string
    password: string
  }
  return `postgresql://${encodeURIComponent(login.user)}:${encodeURIComponent(login.password)}@${login.host}:${login.port}/${encodeURIComponent(login.database)}`
}
