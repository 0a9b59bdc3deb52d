import {
  createHash,
  createHmac,
  createSecretKey,
  randomBytes,
  randomInt,
  timingSafeEqual,
  type KeyObject,
} from 'node:crypto'

/** A random opaque token for cookies and invitation links. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** Tokens are stored only as their SHA-256, so a copy of the store yields no usable session or token. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'
const LOWER = 'abcdefghijklmnopqrstuvwxyz'

function randomFrom(alphabet: string, length: number): string {
  let out = ''
  for (let i = 0; i < length; i++) out += alphabet[randomInt(alphabet.length)]
  return out
}

export const ACCESS_TOKEN_PREFIX = 'bsl_'

/** `bsl_` + 40 base62 characters. */
export function newAccessToken(): string {
  return ACCESS_TOKEN_PREFIX + randomFrom(BASE62, 40)
}

/** A project ref: 20 lowercase letters. */
export function newProjectRef(): string {
  return randomFrom(LOWER, 20)
}

/** Constant-time comparison of two strings (CSRF tokens). */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** Keys derived from a master key, by use. */
const derivedKeys = new WeakMap<Buffer, Map<string, KeyObject>>()

/**
 * A key of its own for one use (CSRF tokens, trusted-browser cookies), derived from ENCRYPTION_KEY: one
 * secret to keep, and no use can forge another's values.
 */
export function deriveKey(master: Buffer, purpose: string): KeyObject {
  // Derived once per key and use: every request checks its CSRF token with it. Kept as a KeyObject: on
  // Node 24 an HMAC under a Buffer key costs about 8 µs more (the key is checked by a throwing test), and
  // every request signs with it (docs/performance.md).
  let keys = derivedKeys.get(master)
  if (!keys) derivedKeys.set(master, (keys = new Map()))
  let key = keys.get(purpose)
  if (!key) {
    key = createSecretKey(createHmac('sha256', master).update(`basalt:${purpose}`).digest())
    keys.set(purpose, key)
  }
  return key
}

/** HMAC-SHA256 of `parts` (joined by NUL, which none of them contains), base64url. */
export function sign(key: KeyObject, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\0')).digest('base64url')
}
