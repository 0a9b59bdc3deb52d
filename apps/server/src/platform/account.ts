import {
  fail,
  ok,
  type ChangePasswordBody,
  type MfaEnrollment,
  type Result,
  type UpdateMeBody,
  type User,
} from '@basalt/contracts'
import { encryptSecret } from '../db/crypto.ts'
import { pooledTransaction } from '../db/transaction.ts'
import { revokeAllAccessTokens } from './access-tokens.ts'
import { writeAudit } from './audit.ts'
import { checkMfaCode } from './auth.ts'
import type { Actor, PlatformContext } from './context.ts'
import { deleteOtherSessions, setSessionAal } from './sessions.ts'
import { newTotpSecret } from './totp.ts'
import { findUserById, hashPassword, toUser, verifyPassword, type UserRow } from './users.ts'

const actorOf = (user: UserRow, ip: string | null): Actor => ({ id: user.id, email: user.email, ip })

export async function updateMe(ctx: PlatformContext, user: UserRow, body: UpdateMeBody): Promise<User> {
  const { rows } = await ctx.db.query<UserRow>(
    `update basalt.users set
        display_name = case when $2 then $3 else display_name end,
        theme = coalesce($4, theme)
      where id = $1 returning *`,
    [user.id, body.displayName !== undefined, body.displayName || null, body.theme ?? null],
  )
  return toUser(rows[0]!)
}

/**
 * Checks the current password, then sets the new one, ends every other session and revokes every access
 * token, in one transaction: whoever knew the old password may have signed in or made a token with it.
 */
export async function changePassword(
  ctx: PlatformContext,
  user: UserRow,
  sessionId: string | null,
  body: ChangePasswordBody,
  ip: string | null,
): Promise<Result<null>> {
  if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
    return fail('invalid_credentials', 'Current password is incorrect')
  }
  const passwordHash = await hashPassword(body.newPassword)
  return pooledTransaction(ctx.db, async (c) => {
    await c.query('update basalt.users set password_hash = $2 where id = $1', [user.id, passwordHash])
    const sessionsEnded = await deleteOtherSessions(c, user.id, sessionId)
    const tokensRevoked = await revokeAllAccessTokens(c, user.id)
    await writeAudit(c, {
      action: 'user.password_change',
      actor: actorOf(user, ip),
      target: user.email,
      details: { sessionsEnded, tokensRevoked },
    })
    return ok(null)
  })
}

/** Starts enrolment: a new secret, kept encrypted and unconfirmed until a code from the app confirms it. */
export async function enrollMfa(ctx: PlatformContext, user: UserRow): Promise<Result<MfaEnrollment>> {
  if (user.mfa_enabled) return fail('conflict', 'An authenticator app is already enrolled. Remove it first.')
  const enrollment = newTotpSecret(user.email)
  // A new secret starts a new sequence of codes: none of them was used yet.
  await ctx.db.query('update basalt.users set mfa_secret_encrypted = $2, mfa_last_step = null where id = $1', [
    user.id,
    encryptSecret(ctx.config.encryptionKey, enrollment.secret),
  ])
  return ok(enrollment)
}

/** Confirms enrolment with a code; the current session counts as aal2 from then on. */
export async function confirmMfa(
  ctx: PlatformContext,
  user: UserRow,
  sessionId: string | null,
  code: string,
  ip: string | null,
): Promise<Result<User>> {
  if (user.mfa_enabled) return fail('conflict', 'An authenticator app is already enrolled')
  const checked = await checkMfaCode(ctx, user, code, ip)
  if (!checked.ok) return checked
  await ctx.db.query('update basalt.users set mfa_enabled = true where id = $1', [user.id])
  if (sessionId) await setSessionAal(ctx.db, sessionId, 'aal2')
  await writeAudit(ctx.db, { action: 'user.mfa_enroll', actor: actorOf(user, ip), target: user.email })
  return ok(toUser((await findUserById(ctx.db, user.id))!))
}

/** Removes the factor; a valid code is required so that a stolen session alone cannot turn MFA off. */
export async function removeMfa(
  ctx: PlatformContext,
  user: UserRow,
  code: string,
  ip: string | null,
): Promise<Result<User>> {
  if (!user.mfa_enabled) return fail('bad_request', 'Multi-factor authentication is not enabled')
  const checked = await checkMfaCode(ctx, user, code, ip)
  if (!checked.ok) return checked
  await ctx.db.query('update basalt.users set mfa_enabled = false, mfa_secret_encrypted = null where id = $1', [
    user.id,
  ])
  await writeAudit(ctx.db, { action: 'user.mfa_remove', actor: actorOf(user, ip), target: user.email })
  return ok(toUser((await findUserById(ctx.db, user.id))!))
}
