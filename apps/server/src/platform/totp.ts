import { Secret, TOTP } from 'otpauth'

const ISSUER = 'Basalt'

function totpFor(secretBase32: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secretBase32),
  })
}

export function newTotpSecret(label: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32
  return { secret, otpauthUrl: totpFor(secret, label).toString() }
}

/** Accepts the current code and its neighbours (±30 s of clock drift). */
export function totpMatches(secretBase32: string, code: string): boolean {
  // validate() answers the time-step delta, and 0 (the current step) is a match: compare with null.
  return totpFor(secretBase32, ISSUER).validate({ token: code, window: 1 }) !== null
}
