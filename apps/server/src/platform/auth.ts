import type pg from 'pg'
import { fail, ok, type AuthState, type Result, type SignInBody, type SignUpBody } from '@basalt/contracts'
import { decryptSecret } from '../db/crypto.ts'
import { writeAudit } from './audit.ts'
import type { Actor, PlatformContext } from './context.ts'
import { acceptInvitationIn } from './invitations.ts'
import { insertOrganization } from './organizations.ts'
import { forget, giveBack, pruneAttempts, takeAttempt, takeBackoffAttempt } from './rate-limit.ts'
import { createSession, setSessionAal, type NewSession } from './sessions.ts'
import { setupCodeRequired, useSetupCode } from './setup-code.ts'
import { totpStep } from './totp.ts'
import { newDeviceCookie, trustedDeviceId } from './trusted-devices.ts'
import { findUserByEmail, hashPassword, verifyNothing, verifyPassword, type UserRow } from './users.ts'
import { pooledTransaction } from '../db/transaction.ts'

export interface ClientMeta {
  ip: string | null
  userAgent: string | null
  /** The browser's trusted-device cookie, if it sent one (see trusted-devices.ts). */
  device?: string | null
}

export interface SignedIn {
  session: NewSession
  mfaRequired: boolean
  /** A new trusted-device cookie for this browser. */
  device?: string
}

export const INVALID_CREDENTIALS = 'Invalid login credentials'
export const INVITATION_ONLY = 'Sign-up is by invitation only'

export const SETUP_CODE_MISSING = 'Enter the setup code shown on the console where Basalt was started.'
export const SETUP_CODE_WRONG = 'That is not the setup code shown on the console where Basalt was started.'

export async function authState(ctx: PlatformContext): Promise<AuthState> {
  const { rows } = await ctx.db.query<{ any: boolean }>('select exists (select 1 from basalt.users) as any')
  const needsSetup = !rows[0]!.any
  return {
    needsSetup,
    setupCodeRequired: needsSetup && (await setupCodeRequired(ctx.db)),
    mode: ctx.config.mode,
  }
}

/**
 * The first user ever becomes the owner of a first organisation, which adopts the default project; anyone
 * later needs an invitation, which makes them a member with the invited role.
 */
export async function signUp(ctx: PlatformContext, body: SignUpBody, meta: ClientMeta): Promise<Result<SignedIn>> {
  const passwordHash = await hashPassword(body.password)
  return pooledTransaction(ctx.db, async (c) => {
    // Serialises sign-ups so that two first visitors cannot both become "the first user".
    await c.query(`select pg_advisory_xact_lock(hashtext('basalt:sign-up'))`)
    const { rows: any } = await c.query('select 1 from basalt.users limit 1')
    const first = any.length === 0
    if (!first && !body.inviteToken) return fail('forbidden', INVITATION_ONLY)
    if (first && !(await useSetupCode(c, ctx.config.encryptionKey, body.setupCode))) {
      return fail('forbidden', body.setupCode ? SETUP_CODE_WRONG : SETUP_CODE_MISSING)
    }
    if (await findUserByEmail(c, body.email))
      return fail('conflict', 'A user with this email address has already been registered')
    const { rows } = await c.query<UserRow>(
      `insert into basalt.users (email, password_hash, display_name) values ($1, $2, $3) returning *`,
      [body.email, passwordHash, body.displayName || null],
    )
    const user = rows[0]!
    const actor: Actor = { id: user.id, email: user.email, ip: meta.ip }
    if (first) {
      const name = `${body.displayName || body.email.split('@')[0]}'s Organization`
      const org = await insertOrganization(c, name, user.id)
      await c.query(`update basalt.projects set organization_id = $1 where organization_id is null`, [org.id])
      await writeAudit(c, {
        action: 'organization.create',
        actor,
        organization: org,
        target: org.slug,
        details: { name },
      })
    }
    if (body.inviteToken) {
      const accepted = await acceptInvitationIn(c, body.inviteToken, actor)
      if (!accepted.ok) return accepted
    }
    await writeAudit(c, { action: 'user.sign_up', actor, target: user.email, details: { first } })
    const session = await createSession(c, user.id, 'aal1', meta)
    return ok({ session, mfaRequired: false })
  })
}

/**
 * Checks the password under the sign-in limits (see RateLimits): both attempts are taken before the
 * password is checked, so parallel requests cannot pass more checks than the limits allow. A right
 * password gives back the address's attempt and clears the account's delay at this address or browser.
 */
export async function signIn(ctx: PlatformContext, body: SignInBody, meta: ClientMeta): Promise<Result<SignedIn>> {
  const email = body.email.toLowerCase()
  const device = trustedDeviceId(ctx.config.encryptionKey, meta.device ?? undefined, email)
  const ip = meta.ip ?? 'unknown'
  const pairKey = device ? `sign-in:device:${device}` : `sign-in:${email} ${ip}`
  const refused = async (result: Result<never>) => {
    await writeAudit(ctx.db, {
      action: 'user.sign_in_refused',
      actor: { id: null, email, ip: meta.ip },
      target: email,
      details: { reason: 'rate_limited', trustedBrowser: device !== null },
    })
    return result
  }
  const address = device ? null : await takeAttempt(ctx.db, `sign-in-address:${ip}`, ctx.rateLimits.address)
  if (address && !address.ok) return refused(address)
  const pair = await takeBackoffAttempt(ctx.db, pairKey, ctx.rateLimits.signIn)
  if (!pair.ok) {
    if (address) await giveBack(ctx.db, address.data)
    return refused(pair)
  }

  const user = await findUserByEmail(ctx.db, email)
  const valid = user
    ? await verifyPassword(user.password_hash, body.password)
    : (await verifyNothing(body.password), false)
  if (!user || !valid) {
    await writeAudit(ctx.db, {
      action: 'user.sign_in_failed',
      actor: { id: user?.id ?? null, email, ip: meta.ip },
      target: email,
    })
    await pruneAttempts(ctx.db, Math.max(ctx.rateLimits.signIn.forgetMs, ctx.rateLimits.address.windowMs))
    return fail('invalid_credentials', INVALID_CREDENTIALS)
  }
  await forget(ctx.db, pairKey)
  if (address) await giveBack(ctx.db, address.data)
  const session = await createSession(ctx.db, user.id, 'aal1', meta)
  await writeAudit(ctx.db, {
    action: 'user.sign_in',
    actor: { id: user.id, email: user.email, ip: meta.ip },
    target: user.email,
    details: { mfaRequired: user.mfa_enabled },
  })
  return ok({ session, mfaRequired: user.mfa_enabled, device: newDeviceCookie(ctx.config.encryptionKey, email) })
}

/** Records the step as used when it is later than the last one used; false when it is not. */
async function consumeTotpStep(ctx: PlatformContext, userId: string, step: number): Promise<boolean> {
  const { rowCount } = await ctx.db.query(
    `update basalt.users set mfa_last_step = $2
      where id = $1 and (mfa_last_step is null or mfa_last_step < $2)`,
    [userId, step],
  )
  return rowCount === 1
}

/** Checks a TOTP code of the user's confirmed (or, while enrolling, pending) factor, with rate limiting. */
export async function checkMfaCode(
  ctx: PlatformContext,
  user: UserRow,
  code: string,
  ip: string | null,
): Promise<Result<null>> {
  const key = `mfa:${user.id}`
  const allowed = await takeAttempt(ctx.db, key, ctx.rateLimits.mfa)
  if (!allowed.ok) {
    await writeAudit(ctx.db, {
      action: 'user.mfa_refused',
      actor: { id: user.id, email: user.email, ip },
      target: user.email,
      details: { reason: 'rate_limited' },
    })
    return allowed
  }
  if (!user.mfa_secret_encrypted) return fail('bad_request', 'No authenticator app is enrolled')
  const step = totpStep(decryptSecret(ctx.config.encryptionKey, user.mfa_secret_encrypted), code)
  // A code already used (or one older than the last used) is refused like a wrong one: someone who watched
  // it being typed cannot use it again within its 30 seconds.
  if (step === null || !(await consumeTotpStep(ctx, user.id, step))) {
    await writeAudit(ctx.db, {
      action: 'user.mfa_failed',
      actor: { id: user.id, email: user.email, ip },
      target: user.email,
    })
    return fail('invalid_mfa_code', 'Invalid code. Check your authenticator app and try again.')
  }
  await forget(ctx.db, key)
  return ok(null)
}

/** POST /api/auth/mfa/verify: a valid code raises the session to aal2. */
export async function verifyMfa(
  ctx: PlatformContext,
  user: UserRow,
  sessionId: string | null,
  code: string,
  ip: string | null,
): Promise<Result<null>> {
  if (!user.mfa_enabled) return fail('bad_request', 'Multi-factor authentication is not enabled')
  const checked = await checkMfaCode(ctx, user, code, ip)
  if (!checked.ok) return checked
  if (sessionId) await setSessionAal(ctx.db, sessionId, 'aal2')
  await writeAudit(ctx.db, {
    action: 'user.mfa_verify',
    actor: { id: user.id, email: user.email, ip },
    target: user.email,
  })
  return ok(null)
}

export async function signOut(db: pg.Pool, sessionId: string, actor: Actor): Promise<void> {
  await db.query('delete from basalt.sessions where id = $1', [sessionId])
  await writeAudit(db, { action: 'user.sign_out', actor, target: actor.email })
}
