import type { AuthUser, PgColumn, PgTable } from '@basalt/contracts'

/** Catalog rows as pg-meta answers them, for the tests of every area. */
export function pgColumn(name: string, format: string, extra: Partial<PgColumn> = {}): PgColumn {
  return {
    id: `1.${name}`,
    table_id: 1,
    schema: 'public',
    table: 't',
    name,
    ordinal_position: 1,
    data_type: format,
    format,
    default_value: null,
    is_nullable: true,
    is_identity: false,
    identity_generation: null,
    is_generated: false,
    is_updatable: true,
    is_unique: false,
    enums: [],
    check: null,
    comment: null,
    is_encrypted: false,
    ...extra,
  }
}

export function pgTable(extra: Partial<PgTable> = {}): PgTable {
  return {
    id: 42,
    schema: 'public',
    name: 'todos',
    comment: null,
    rls_enabled: false,
    rls_forced: false,
    is_partitioned: false,
    is_partition: false,
    live_rows_estimate: 0,
    bytes: 8192,
    size: '8192 bytes',
    primary_keys: [{ name: 'id' }],
    relationships: [],
    columns: [
      pgColumn('id', 'int8', { ordinal_position: 1, table_id: 42 }),
      pgColumn('title', 'text', { ordinal_position: 2, table_id: 42 }),
      pgColumn('due_at', 'timestamptz', { ordinal_position: 3, table_id: 42 }),
    ],
    ...extra,
  }
}

/** A user of auth.users as GET /api/platform/auth/{ref}/users lists them, with what a test does not set empty. */
export function authUser(user: Partial<AuthUser> & { id: string }): AuthUser {
  return {
    email: null,
    phone: null,
    user_metadata: {},
    app_metadata: {},
    providers: [],
    created_at: '2026-01-01T00:00:00.000000Z',
    updated_at: '2026-01-01T00:00:00.000000Z',
    last_sign_in_at: null,
    email_confirmed_at: null,
    phone_confirmed_at: null,
    banned_until: null,
    is_anonymous: false,
    ...user,
  }
}

/** One page of users, the last one. */
export const authUsersPage = (users: Array<Partial<AuthUser> & { id: string }>) => ({
  users: users.map(authUser),
  nextCursor: null,
})
