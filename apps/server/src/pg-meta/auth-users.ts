import { randomUUID } from 'node:crypto'
import {
  AUTH_USER_MESSAGES,
  AUTH_USERS_PAGE_SIZE,
  authUsersQuerySchema,
  banDurationSeconds,
  emailProblem,
  fail,
  ok,
  passwordProblem,
  type AuthIdentity,
  type AuthUser,
  type AuthUserDetail,
  type AuthUsersPage,
  type CreateAuthUserBody,
  type Result,
  type UpdateAuthUserBody,
} from '@basalt/contracts'
import bcrypt from 'bcryptjs'
import type pg from 'pg'
import type { z } from 'zod'
import { runSql } from './catalog.ts'

/**
 * The project's auth users (`auth.users` and `auth.identities`, as GoTrue keeps them): keyset pages for
 * Auth › Users and the role impersonation picker, one user with their identities, and the changes a member
 * makes — create (bcrypt `$2a$`, cost 10, as GoTrue hashes), metadata, ban, unban, delete. Soft-deleted
 * users (GoTrue's `deleted_at`) are not listed.
 */

/** GoTrue's instance id of a single-tenant server. */
const GOTRUE_INSTANCE_ID = '00000000-0000-0000-0000-000000000000'
/** GoTrue's bcrypt cost. */
const BCRYPT_COST = 10

/** A timestamptz as ISO 8601 text in UTC, to the microsecond (project connections read timestamps as text). */
const iso = (col: string) => `to_char(${col} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as ${col}`

const USER_COLUMNS = `id::text, email, phone,
  coalesce(raw_user_meta_data, '{}'::jsonb) as user_metadata,
  coalesce(raw_app_meta_data, '{}'::jsonb) as app_metadata,
  ${['created_at', 'updated_at', 'last_sign_in_at', 'email_confirmed_at', 'phone_confirmed_at', 'banned_until']
    .map(iso)
    .join(', ')},
  coalesce(is_anonymous, false) as is_anonymous`

interface UserRow {
  id: string
  email: string | null
  phone: string | null
  user_metadata: unknown
  app_metadata: unknown
  created_at: string | null
  updated_at: string | null
  last_sign_in_at: string | null
  email_confirmed_at: string | null
  phone_confirmed_at: string | null
  banned_until: string | null
  is_anonymous: boolean
}

const asObject = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}

/** The providers GoTrue records in app_metadata (`providers`, or the older single `provider`). */
function providersOf(app: Record<string, unknown>): string[] {
  if (Array.isArray(app.providers)) return app.providers.filter((p): p is string => typeof p === 'string')
  return typeof app.provider === 'string' ? [app.provider] : []
}

function toUser(r: UserRow): AuthUser {
  const app = asObject(r.app_metadata)
  return {
    id: r.id,
    email: r.email,
    phone: r.phone,
    user_metadata: asObject(r.user_metadata),
    app_metadata: app,
    providers: providersOf(app),
    created_at: r.created_at,
    updated_at: r.updated_at,
    last_sign_in_at: r.last_sign_in_at,
    email_confirmed_at: r.email_confirmed_at,
    phone_confirmed_at: r.phone_confirmed_at,
    banned_until: r.banned_until,
    is_anonymous: r.is_anonymous,
  }
}

const FILTERS = {
  all: 'true',
  verified: '(email_confirmed_at is not null or phone_confirmed_at is not null)',
  unverified: '(email_confirmed_at is null and phone_confirmed_at is null and not coalesce(is_anonymous, false))',
  anonymous: 'coalesce(is_anonymous, false)',
  banned: 'banned_until > now()',
} as const

/** Each sort's column, its type, and what stands in for null in the key (nulls sort last). */
const SORTS = {
  created_at: { type: 'timestamptz', none: `'-infinity'::timestamptz` },
  last_sign_in_at: { type: 'timestamptz', none: `'-infinity'::timestamptz` },
  email: { type: 'text', none: `''` },
} as const

type Cursor = [boolean, string, string]
const BAD_CURSOR = 'The page cursor is not one this list gave: start again from the first page.'

const encodeCursor = (c: Cursor) => Buffer.from(JSON.stringify(c)).toString('base64url')
function decodeCursor(text: string): Cursor | null {
  try {
    const c = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown
    if (Array.isArray(c) && c.length === 3 && typeof c[0] === 'boolean' && typeof c[1] === 'string') {
      if (typeof c[2] === 'string' && /^[0-9a-f-]{36}$/.test(c[2])) return c as Cursor
    }
  } catch {
    // not base64url JSON
  }
  return null
}

/**
 * One keyset page of users: those after the cursor in the chosen order, nulls last whatever the order,
 * ties broken by id. The key is `(is null or not, value or a stand-in, id)`, compared as a row, so every
 * page is a seek and never an OFFSET.
 */
export async function listAuthUsers(
  client: pg.ClientBase,
  query: z.input<typeof authUsersQuerySchema>,
): Promise<Result<AuthUsersPage>> {
  const { keywords, sort, order, filter, cursor } = authUsersQuerySchema.parse(query)
  const { type, none } = SORTS[sort]
  // The sort column's name comes from the closed list above, never from the request.
  const col = sort
  const flag = order === 'asc' ? `(${col} is null)` : `(${col} is not null)`
  const key = `${flag}, coalesce(${col}, ${none}), id`
  const values: unknown[] = []
  const where = ['deleted_at is null', FILTERS[filter]]
  const words = keywords?.trim() ?? ''
  if (words) {
    values.push('%' + words.replace(/[\\%_]/g, (c) => '\\' + c) + '%')
    where.push(`(email ilike $${values.length} or phone ilike $${values.length} or id::text ilike $${values.length})`)
  }
  if (cursor !== undefined) {
    const after = decodeCursor(cursor)
    if (!after) return fail('bad_request', BAD_CURSOR)
    values.push(...after)
    const n = values.length
    where.push(`(${key}) ${order === 'asc' ? '>' : '<'} ($${n - 2}::boolean, $${n - 1}::${type}, $${n}::uuid)`)
  }
  const dir = order === 'asc' ? 'asc' : 'desc'
  values.push(AUTH_USERS_PAGE_SIZE + 1)
  const rows = await runSql<UserRow & { k_flag: boolean; k_value: string }>(
    client,
    `select ${USER_COLUMNS}, ${flag} as k_flag, coalesce(${col}, ${none})::text as k_value
       from auth.users
      where ${where.join(' and ')}
      order by ${flag} ${dir}, coalesce(${col}, ${none}) ${dir}, id ${dir}
      limit $${values.length}`,
    values,
  )
  if (!rows.ok) {
    // A cursor whose value does not read as the sort's type was not given by this list.
    if (cursor !== undefined && rows.error.pg?.code?.startsWith('22')) return fail('bad_request', BAD_CURSOR)
    return rows
  }
  const page = rows.data.slice(0, AUTH_USERS_PAGE_SIZE)
  const last = page[page.length - 1]
  const more = rows.data.length > AUTH_USERS_PAGE_SIZE && last
  return ok({
    users: page.map(toUser),
    nextCursor: more ? encodeCursor([last.k_flag, last.k_value, last.id]) : null,
  })
}

interface IdentityRow {
  id: string
  provider: string
  provider_id: string
  email: string | null
  identity_data: unknown
  created_at: string | null
  last_sign_in_at: string | null
}

/** One user with their identities; not_found when there is no such (undeleted) user. */
export async function getAuthUser(client: pg.ClientBase, id: string): Promise<Result<AuthUserDetail>> {
  const users = await runSql<UserRow>(
    client,
    `select ${USER_COLUMNS} from auth.users where id = $1 and deleted_at is null`,
    [id],
  )
  if (!users.ok) return users
  const user = users.data[0]
  if (!user) return fail('not_found', AUTH_USER_MESSAGES.notFound)
  const identities = await runSql<IdentityRow>(
    client,
    `select id::text, provider, provider_id, email, identity_data, ${iso('created_at')}, ${iso('last_sign_in_at')}
       from auth.identities i where user_id = $1 order by i.created_at nulls last, i.id`,
    [id],
  )
  if (!identities.ok) return identities
  return ok({
    ...toUser(user),
    identities: identities.data.map((i): AuthIdentity => ({
      id: i.id,
      provider: i.provider,
      provider_id: i.provider_id,
      email: i.email,
      identity_data: asObject(i.identity_data),
      created_at: i.created_at,
      last_sign_in_at: i.last_sign_in_at,
    })),
  })
}

/** A bcrypt hash as GoTrue writes it: `$2a$`, cost 10 (bcryptjs names its salts `$2b$`, the same algorithm). */
export async function hashPassword(password: string): Promise<string> {
  const salt = (await bcrypt.genSalt(BCRYPT_COST)).replace(/^\$2b\$/, '$2a$')
  return bcrypt.hash(password, salt)
}

/**
 * Creates an e-mail user with a password and their `email` identity, confirmed at once or not, as GoTrue's
 * admin API does. Run inside the executor's transaction: an e-mail that exists (checked under a lock on
 * the address, so two requests cannot both create it), a weak password or a bad address change nothing.
 */
export async function createAuthUser(client: pg.ClientBase, body: CreateAuthUserBody): Promise<Result<AuthUserDetail>> {
  const problem = emailProblem(body.email) ?? passwordProblem(body.password)
  if (problem) return fail('bad_request', problem)
  const email = body.email.trim().toLowerCase()
  const confirmed = body.autoConfirm ?? true
  const locked = await runSql(
    client,
    `select pg_advisory_xact_lock(hashtext('basalt.auth.users.email:' || $1::text))`,
    [email],
  )
  if (!locked.ok) return locked
  const exists = await runSql(client, 'select 1 from auth.users where lower(email) = $1 and deleted_at is null', [
    email,
  ])
  if (!exists.ok) return exists
  if (exists.data.length > 0) return fail('conflict', AUTH_USER_MESSAGES.emailTaken(email))

  const id = randomUUID()
  const hash = await hashPassword(body.password)
  const inserted = await runSql(
    client,
    `insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
        raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous,
        confirmation_token, recovery_token, email_change_token_new, email_change)
     values ($1, $2, 'authenticated', 'authenticated', $3, $4, case when $5 then now() end,
        '{"provider": "email", "providers": ["email"]}'::jsonb, $6::jsonb, now(), now(), false, '', '', '', '')`,
    [GOTRUE_INSTANCE_ID, id, email, hash, confirmed, JSON.stringify(body.user_metadata ?? {})],
  )
  if (!inserted.ok) {
    if (inserted.error.pg?.code === '23505') return fail('conflict', AUTH_USER_MESSAGES.emailTaken(email))
    return inserted
  }
  const identity = await runSql(
    client,
    `insert into auth.identities (provider_id, user_id, identity_data, provider, created_at, updated_at)
     values ($1::text, $1::text::uuid, jsonb_build_object('sub', $1::text, 'email', $2::text, 'email_verified', $3::boolean,
        'phone_verified', false), 'email', now(), now())`,
    [id, email, confirmed],
  )
  if (!identity.ok) return identity
  return getAuthUser(client, id)
}

function metadataOf(value: unknown): Result<string | null> {
  if (value === undefined) return ok(null)
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return fail('bad_request', AUTH_USER_MESSAGES.metadataNotObject)
  }
  return ok(JSON.stringify(value))
}

/** Replaces the user's user_metadata and/or app_metadata (each a JSON object) whole. */
export async function updateAuthUserMetadata(
  client: pg.ClientBase,
  id: string,
  body: UpdateAuthUserBody,
): Promise<Result<AuthUserDetail>> {
  const user = metadataOf(body.user_metadata)
  if (!user.ok) return user
  const app = metadataOf(body.app_metadata)
  if (!app.ok) return app
  const updated = await runSql(
    client,
    `update auth.users set raw_user_meta_data = coalesce($2::jsonb, raw_user_meta_data),
            raw_app_meta_data = coalesce($3::jsonb, raw_app_meta_data), updated_at = now()
      where id = $1 and deleted_at is null returning id`,
    [id, user.data, app.data],
  )
  if (!updated.ok) return updated
  if (updated.data.length === 0) return fail('not_found', AUTH_USER_MESSAGES.notFound)
  return getAuthUser(client, id)
}

/** Bans the user for a Go-style duration (`24h`, `90m`): banned_until = now() + it. */
export async function banAuthUser(
  client: pg.ClientBase,
  id: string,
  duration: string,
): Promise<Result<AuthUserDetail>> {
  const seconds = banDurationSeconds(duration)
  if (seconds === null) return fail('bad_request', AUTH_USER_MESSAGES.banDurationInvalid(duration))
  return setBannedUntil(client, id, seconds)
}

/** Lifts the user's ban (banned_until = null). */
export const unbanAuthUser = (client: pg.ClientBase, id: string) => setBannedUntil(client, id, null)

async function setBannedUntil(
  client: pg.ClientBase,
  id: string,
  seconds: number | null,
): Promise<Result<AuthUserDetail>> {
  const updated = await runSql(
    client,
    `update auth.users
        set banned_until = case when $2::double precision is null then null
                                else now() + make_interval(secs => $2::double precision) end,
            updated_at = now()
      where id = $1 and deleted_at is null returning id`,
    [id, seconds],
  )
  if (!updated.ok) return updated
  if (updated.data.length === 0) return fail('not_found', AUTH_USER_MESSAGES.notFound)
  return getAuthUser(client, id)
}

/** Deletes the user and their identities; answers who was deleted (for the audit log). */
export async function deleteAuthUser(
  client: pg.ClientBase,
  id: string,
): Promise<Result<{ id: string; email: string | null }>> {
  const identities = await runSql(client, 'delete from auth.identities where user_id = $1', [id])
  if (!identities.ok) return identities
  const deleted = await runSql<{ email: string | null }>(
    client,
    'delete from auth.users where id = $1 and deleted_at is null returning email',
    [id],
  )
  if (!deleted.ok) return deleted
  const row = deleted.data[0]
  if (!row) return fail('not_found', AUTH_USER_MESSAGES.notFound)
  return ok({ id, email: row.email })
}
