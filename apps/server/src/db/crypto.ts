import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto'

// AES-256-GCM: the stored form is "v1:" + base64(iv | tag | ciphertext). The version prefix leaves room
// for key rotation without guessing formats.
const VERSION = 'v1'

/** Encrypts a secret (a project's connection string) for storage at rest. */
export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`
}

/** Decrypts what encryptSecret stored; throws when the key is wrong or the value was tampered with. */
export function decryptSecret(key: Buffer, stored: string): string {
  const [version, payload] = stored.split(':', 2)
  if (version !== VERSION || !payload) throw new Error('Unknown encrypted value format')
  const raw = Buffer.from(payload, 'base64')
  const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12))
  decipher.setAuthTag(raw.subarray(12, 28))
  return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
}

/**
 * A value that tells whether two servers hold the same key without revealing it: an HMAC-SHA256 of a fixed
 * text under the key.
 */
export function keyCheckValue(key: Buffer): string {
  return `v1:${createHmac('sha256', key).update('basalt encryption key check').digest('base64')}`
}
