import { createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

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
const derivedKeys = new WeakMap<Buffer, Map<string, Buffer>>()

/**
 * A key of its own for one use (CSRF tokens, trusted-browser cookies), derived from ENCRYPTION_KEY: one
 * secret to keep, and no use can forge another's values.
 */
export function deriveKey(master: Buffer, purpose: string): Buffer {
  // Derived once per key and use: every request checks its CSRF token with it.
  let keys = derivedKeys.get(master)
  if (!keys) derivedKeys.set(master, (keys = new Map()))
  let key = keys.get(purpose)
  if (!key) keys.set(purpose, (key = createHmac('sha256', master).update(`basalt:${purpose}`).digest()))
  return key
}

/** HMAC-SHA256 of `parts` (joined by NUL, which none of them contains), base64url. */
export function sign(key: Buffer, ...parts: string[]): string {
  return createHmac('sha256', key).update(parts.join('\0')).digest('base64url')
}
