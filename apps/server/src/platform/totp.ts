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

/**
 * The time step a code belongs to when it is the current code or a neighbour (±30 s of clock drift), or null
 * when it matches none. Each step may be used once (RFC 6238 §5.2): see consumeTotpStep in auth.ts.
 */
export function totpStep(secretBase32: string, code: string, timestamp = Date.now()): number | null {
  const totp = totpFor(secretBase32, ISSUER)
  // validate() answers the time-step delta, and 0 (the current step) is a match: compare with null.
  const delta = totp.validate({ token: code, window: 1, timestamp })
  return delta === null ? null : totp.counter({ timestamp }) + delta
}
