import type pg from 'pg'
import { fail, ok, type AccessToken, type CreatedToken, type CreateTokenBody, type Result } from '@basalt/contracts'
import { writeAudit } from './audit.ts'
import type { Actor } from './context.ts'
import { hashToken, newAccessToken } from './secrets.ts'
import type { UserRow } from './users.ts'

interface TokenRow {
  id: string
  name: string
  prefix: string
  created_at: Date
  last_used_at: Date | null
  expires_at: Date | null
}

const toAccessToken = (r: TokenRow): AccessToken => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdAt: r.created_at.toISOString(),
  lastUsedAt: r.last_used_at?.toISOString() ?? null,
  expiresAt: r.expires_at?.toISOString() ?? null,
})

const PREFIX_LENGTH = 10

export async function listAccessTokens(db: pg.Pool, userId: string): Promise<AccessToken[]> {
  const { rows } = await db.query<TokenRow>(
    'select id, name, prefix, created_at, last_used_at, expires_at from basalt.access_tokens where user_id = $1 order by created_at desc',
    [userId],
  )
  return rows.map(toAccessToken)
}

/** Creates a token, valid for `expiresInDays` or until revoked; its value is returned this once and only its hash is kept. */
export async function createAccessToken(db: pg.Pool, body: CreateTokenBody, actor: Actor): Promise<CreatedToken> {
  const token = newAccessToken()
  const { rows } = await db.query<TokenRow>(
    `insert into basalt.access_tokens (token_hash, prefix, name, user_id, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(days => $5))
     returning id, name, prefix, created_at, last_used_at, expires_at`,
    [hashToken(token), token.slice(0, PREFIX_LENGTH), body.name, actor.id, body.expiresInDays ?? null],
  )
  const row = rows[0]!
  await writeAudit(db, {
    action: 'token.create',
    actor,
    target: body.name,
    details: { tokenId: row.id, prefix: row.prefix, expiresAt: row.expires_at?.toISOString() ?? null },
  })
  return { ...toAccessToken(row), token }
}

/** Revokes every token of a user (their password changed); returns how many there were. */
export async function revokeAllAccessTokens(db: pg.ClientBase, userId: string): Promise<number> {
  const { rowCount } = await db.query('delete from basalt.access_tokens where user_id = $1', [userId])
  return rowCount ?? 0
}

export async function revokeAccessToken(db: pg.Pool, id: string, actor: Actor): Promise<Result<null>> {
  const { rows } = await db.query<{ name: string }>(
    'delete from basalt.access_tokens where id = $1 and user_id = $2 returning name',
    [id, actor.id],
  )
  if (!rows[0]) return fail('not_found', 'Access token not found')
  await writeAudit(db, { action: 'token.revoke', actor, target: rows[0].name, details: { tokenId: id } })
  return ok(null)
}

// last_used_at is a hint for the token list; writing it at most once a minute keeps API calls read-only.
const TOUCH_AFTER = "interval '1 minute'"

/** The owner of a bearer token, or null. */
export async function resolveAccessToken(db: pg.Pool, token: string): Promise<UserRow | null> {
  const { rows } = await db.query<UserRow & { token_id: string; touch: boolean }>(
    `select u.*, t.id as token_id, (t.last_used_at is null or t.last_used_at < now() - ${TOUCH_AFTER}) as touch
       from basalt.access_tokens t join basalt.users u on u.id = t.user_id
      where t.token_hash = $1 and (t.expires_at is null or t.expires_at > now())`,
    [hashToken(token)],
  )
  const row = rows[0]
  if (!row) return null
  const { token_id, touch, ...user } = row
  if (touch) await db.query('update basalt.access_tokens set last_used_at = now() where id = $1', [token_id])
  return user
}
