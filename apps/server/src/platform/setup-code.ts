import { randomInt } from 'node:crypto'
import { isIP } from 'node:net'
import type pg from 'pg'
import { decryptSecret, encryptSecret } from '../db/crypto.ts'
import { safeEqual } from './secrets.ts'

/**
 * First run is not a race: when Basalt listens beyond loopback, whoever reaches it first could otherwise
 * sign up as its owner. Then the owner's sign-up needs a one-time code printed on the console where Basalt
 * started. It lives in the platform database, encrypted with ENCRYPTION_KEY, so every replica prints and
 * accepts the same code; the first sign-up deletes it.
 */

const SETUP_CODE = 'setup_code'
// No 0/O or 1/I: the code is read off a console and typed.
const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'

/** Whether Basalt listening on `host` can be reached from this machine only. */
export function isLoopback(host: string): boolean {
  if (host === 'localhost' || host === '::1') return true
  return isIP(host) === 4 && host.startsWith('127.')
}

/** XXXX-XXXX-XXXX-XXXX: 80 bits, as typed. */
function newSetupCode(): string {
  const groups = Array.from({ length: 4 }, () =>
    Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join(''),
  )
  return groups.join('-')
}

/** What the owner typed, as the code is stored: upper case, without spaces or dashes. */
const normalise = (code: string) => code.toUpperCase().replace(/[\s-]/g, '')

/**
 * The code the owner's sign-up needs, created when there is none; null once someone has signed up. Call it
 * only when listening beyond loopback.
 */
export async function ensureSetupCode(db: pg.Pool, key: Buffer): Promise<string | null> {
  const { rows: users } = await db.query('select 1 from basalt.users limit 1')
  if (users.length > 0) return null
  // Replicas starting together: the first insert wins, and every one prints what it kept.
  await db.query(`insert into basalt.installation (name, value) values ($1, $2) on conflict (name) do nothing`, [
    SETUP_CODE,
    encryptSecret(key, newSetupCode()),
  ])
  const { rows } = await db.query<{ value: string }>('select value from basalt.installation where name = $1', [
    SETUP_CODE,
  ])
  return rows[0] ? decryptSecret(key, rows[0].value) : null
}

/** Whether a setup code is waiting for the owner's sign-up. */
export async function setupCodeRequired(db: pg.Pool | pg.ClientBase): Promise<boolean> {
  const { rows } = await db.query('select 1 from basalt.installation where name = $1', [SETUP_CODE])
  return rows.length > 0
}

/**
 * Within the first sign-up's transaction: true when no code is required or `given` is it, which is then
 * used up.
 */
export async function useSetupCode(client: pg.ClientBase, key: Buffer, given: string | undefined): Promise<boolean> {
  const { rows } = await client.query<{ value: string }>(
    'select value from basalt.installation where name = $1 for update',
    [SETUP_CODE],
  )
  if (!rows[0]) return true
  if (!given || !safeEqual(normalise(decryptSecret(key, rows[0].value)), normalise(given))) return false
  await client.query('delete from basalt.installation where name = $1', [SETUP_CODE])
  return true
}

/** Listening on loopback only: nobody else can race the owner, and no code is asked for. */
export async function clearSetupCode(db: pg.Pool): Promise<void> {
  await db.query('delete from basalt.installation where name = $1', [SETUP_CODE])
}
