import { deriveKey, randomToken, safeEqual, sign } from './secrets.ts'

/**
 * A browser that signed in to an account before gets a cookie saying so (OWASP's "device cookie"): signed
 * with a key of its own, naming a random device id and bound to the account's e-mail. Its sign-ins are
 * limited per device instead of per address, so that neither guessing from the same proxy address nor an
 * attacker who knows the e-mail can keep its owner out.
 */
export const DEVICE_LIFETIME_MS = 365 * 24 * 3600_000

const keyOf = (encryptionKey: Buffer) => deriveKey(encryptionKey, 'trusted-device')

/** A new cookie value for a browser that just signed in as `email`. */
export function newDeviceCookie(encryptionKey: Buffer, email: string): string {
  const id = randomToken(16)
  return `${id}.${sign(keyOf(encryptionKey), id, email.toLowerCase())}`
}

/** The device id of a cookie issued to a browser that signed in as `email`, or null. */
export function trustedDeviceId(encryptionKey: Buffer, cookie: string | undefined, email: string): string | null {
  const [id, mac, extra] = (cookie ?? '').split('.')
  if (!id || !mac || extra !== undefined) return null
  return safeEqual(mac, sign(keyOf(encryptionKey), id, email.toLowerCase())) ? id : null
}
