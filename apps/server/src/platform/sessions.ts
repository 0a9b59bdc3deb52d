import type pg from 'pg'
import { projectAccessFromJson, projectAccessJson, type ProjectAccess } from './projects.ts'
import { hashToken, randomToken } from './secrets.ts'
import type { UserRow } from './users.ts'

export const SESSION_LIFETIME_MS = 14 * 24 * 3600_000
// Extending on every request would write on every request; once a minute keeps the expiry sliding.
const EXTEND_AFTER_MS = 60_000

export type Aal = 'aal1' | 'aal2'

export interface NewSession {
  token: string
  expiresAt: Date
}

export async function createSession(
  db: pg.Pool | pg.ClientBase,
  userId: string,
  aal: Aal,
  meta: { ip: string | null; userAgent: string | null },
): Promise<NewSession> {
  const token = randomToken()
  const expiresAt = new Date(Date.now() + SESSION_LIFETIME_MS)
  await db.query(
    `insert into basalt.sessions (token_hash, user_id, aal, expires_at, ip, user_agent) values ($1, $2, $3, $4, $5, $6)`,
    [hashToken(token), userId, aal, expiresAt, meta.ip, meta.userAgent?.slice(0, 500) ?? null],
  )
  return { token, expiresAt }
}

export interface ResolvedSession {
  sessionId: string
  aal: Aal
  user: UserRow
  /** Set when the expiry moved: the cookie is sent again with it. */
  extendedUntil: Date | null
  /** The user's access to the project asked for (null: none); undefined when none was asked for. */
  projectAccess?: ProjectAccess | null
}

/**
 * The live session of a cookie token, sliding its expiry forward. Given a project ref, the user's access
 * to that project comes with it, in the same query: a project route then needs one platform round trip.
 */
export async function resolveSession(db: pg.Pool, token: string, projectRef?: string): Promise<ResolvedSession | null> {
  const withAccess = projectRef !== undefined
  const { rows } = await db.query<
    UserRow & { session_id: string; aal: Aal; last_seen_at: Date; project_access: never }
  >({
    // Every /api request runs this: named, it is parsed and planned once per connection (docs/performance.md).
    name: withAccess ? 'basalt_resolve_session_access' : 'basalt_resolve_session',
    text: `select u.*, s.id as session_id, s.aal, s.last_seen_at,
            ${withAccess ? projectAccessJson('$2', 'u.id') : 'null'} as project_access
       from basalt.sessions s join basalt.users u on u.id = s.user_id
      where s.token_hash = $1 and s.expires_at > now()`,
    values: withAccess ? [hashToken(token), projectRef] : [hashToken(token)],
  })
  const row = rows[0]
  if (!row) return null
  const { session_id, aal, last_seen_at, project_access, ...user } = row
  let extendedUntil: Date | null = null
  if (Date.now() - last_seen_at.getTime() > EXTEND_AFTER_MS) {
    extendedUntil = new Date(Date.now() + SESSION_LIFETIME_MS)
    await db.query('update basalt.sessions set last_seen_at = now(), expires_at = $2 where id = $1', [
      session_id,
      extendedUntil,
    ])
  }
  return {
    sessionId: session_id,
    aal,
    user,
    extendedUntil,
    ...(withAccess ? { projectAccess: projectAccessFromJson(project_access) } : {}),
  }
}

export async function setSessionAal(db: pg.Pool, sessionId: string, aal: Aal): Promise<void> {
  await db.query('update basalt.sessions set aal = $2 where id = $1', [sessionId, aal])
}

export async function deleteSession(db: pg.Pool, sessionId: string): Promise<void> {
  await db.query('delete from basalt.sessions where id = $1', [sessionId])
}

/** Signs the user out everywhere except (optionally) the current session; returns how many sessions ended. */
export async function deleteOtherSessions(
  db: pg.Pool | pg.ClientBase,
  userId: string,
  keepSessionId: string | null,
): Promise<number> {
  const { rowCount } = await db.query('delete from basalt.sessions where user_id = $1 and id is distinct from $2', [
    userId,
    keepSessionId,
  ])
  return rowCount ?? 0
}
