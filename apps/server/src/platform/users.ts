import type pg from 'pg'
import { hash, verify } from '@node-rs/argon2'
import type { Theme, User } from '@basalt/contracts'

export interface UserRow {
  id: string
  email: string
  password_hash: string
  display_name: string | null
  theme: Theme
  mfa_secret_encrypted: string | null
  mfa_enabled: boolean
  created_at: Date
}

export function toUser(r: UserRow): User {
  return {
    id: r.id,
    email: r.email,
    displayName: r.display_name,
    theme: r.theme,
    mfaEnabled: r.mfa_enabled,
    createdAt: r.created_at.toISOString(),
  }
}

// @node-rs/argon2 defaults to argon2id (19 MiB, t=2, p=1), OWASP's recommended minimum.
export const hashPassword = (password: string) => hash(password)

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

// Verifying against a fixed hash when the account does not exist keeps response times alike, so timing
// does not reveal which e-mail addresses have accounts.
let dummyHash: Promise<string> | undefined
export async function verifyNothing(password: string): Promise<void> {
  dummyHash ??= hashPassword('basalt-no-such-user')
  await verifyPassword(await dummyHash, password)
}

export async function findUserByEmail(db: pg.Pool | pg.ClientBase, email: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('select * from basalt.users where lower(email) = lower($1)', [email])
  return rows[0]
}

export async function findUserById(db: pg.Pool | pg.ClientBase, id: string): Promise<UserRow | undefined> {
  const { rows } = await db.query<UserRow>('select * from basalt.users where id = $1', [id])
  return rows[0]
}
