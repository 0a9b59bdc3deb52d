import { randomBytes } from 'node:crypto'
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose'
import {
  fail,
  ok,
  PROJECT_JWT_ROLES,
  projectApiBase,
  storageApiUrl,
  type ProjectApiSettings,
  type ProjectJwtRole,
  type Result,
} from '@basalt/contracts'
import { decryptSecret, encryptSecret } from '../db/crypto.ts'
import type { PlatformContext } from '../platform/context.ts'
import { projectJwtSecret } from './project-secrets.ts'

/**
 * The project's API keys (issue 25, point 1). Both are HS256 JWTs under the project's JWT secret
 * (project-secrets.ts), derived rather than stored: the same secret always signs the same keys (a JWT's
 * signature is a function of its header and claims), and rolling the secret changes both. The claims are
 * Supabase's (`role`, `ref`, `iss`) without an expiry, as a Supabase project's keys live as long as its secret.
 */
export interface ProjectKeys {
  anon: string
  serviceRole: string
}

const KEY_ISSUER = 'basalt'

async function signKey(secret: Uint8Array, ref: string, role: 'anon' | 'service_role'): Promise<string> {
  return new SignJWT({ iss: KEY_ISSUER, ref, role }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(secret)
}

export async function projectKeysOf(secret: Uint8Array, ref: string): Promise<ProjectKeys> {
  const [anon, serviceRole] = await Promise.all([signKey(secret, ref, 'anon'), signKey(secret, ref, 'service_role')])
  return { anon, serviceRole }
}

/** The secret and keys of a project (the secret is made when first needed), or null for an unknown project. */
export async function projectKeys(
  ctx: PlatformContext,
  ref: string,
): Promise<{ secret: Uint8Array; keys: ProjectKeys } | null> {
  const secret = await projectJwtSecret(ctx, ref)
  if (!secret) return null
  return { secret, keys: await projectKeysOf(secret, ref) }
}

/** Settings → API as a member sees it (the service_role key and the secret only through reveal). */
export async function projectApiSettings(
  ctx: PlatformContext,
  ref: string,
  canReveal: boolean,
): Promise<Result<ProjectApiSettings>> {
  const found = await projectKeys(ctx, ref)
  if (!found) return fail('not_found', 'Project not found')
  const publicUrl = new URL(ctx.config.publicUrl)
  return ok({
    url: `${ctx.config.publicUrl}${projectApiBase(ref)}`,
    storageUrl: storageApiUrl(ctx.config.publicUrl, ref),
    autoApiService: {
      endpoint: `${publicUrl.host}${publicUrl.pathname.replace(/\/$/, '')}${projectApiBase(ref)}`,
      protocol: publicUrl.protocol === 'https:' ? 'https' : 'http',
    },
    anonKey: found.keys.anon,
    canReveal,
  })
}

/**
 * Replaces the project's JWT secret with a new random one: the anon and service_role keys, user tokens signed
 * with the old secret and signed URLs already shared stop working at once.
 */
export async function rollProjectJwtSecret(ctx: PlatformContext, ref: string): Promise<boolean> {
  const secret = encryptSecret(ctx.config.encryptionKey, randomBytes(32).toString('base64url'))
  const { rowCount } = await ctx.db.query('update basalt.projects set jwt_secret_encrypted = $2 where ref = $1', [
    ref,
    secret,
  ])
  return rowCount === 1
}

/** The secret as text (what an app's own auth service signs user tokens with). */
export const secretText = (secret: Uint8Array) => new TextDecoder().decode(secret)

const decrypted = new Map<string, Uint8Array>()
/**
 * The project's secret from its platform row (already read by the caller), decrypted once per encrypted value:
 * a roll stores a new value, so a cached one is never stale.
 */
export function secretFromRow(key: Buffer, encrypted: string): Uint8Array {
  let secret = decrypted.get(encrypted)
  if (!secret) {
    secret = new TextEncoder().encode(decryptSecret(key, encrypted))
    if (decrypted.size >= 1000) decrypted.clear()
    decrypted.set(encrypted, secret)
  }
  return secret
}

/** Who a Storage API call runs as: the database role and the claims `request.jwt.claims` carries. */
export interface ProjectCaller {
  role: ProjectJwtRole
  claims: Record<string, unknown>
}

/** The caller of a request that carries no token at all: anon, as supabase/storage treats it. */
export const ANON_CALLER: ProjectCaller = { role: 'anon', claims: { role: 'anon' } }

export type TokenProblem = 'missing' | 'invalid' | 'expired' | 'role'

/**
 * Checks a bearer token against the project's secret: HS256 only, unexpired, a `role` among anon,
 * authenticated and service_role, and when it names a project (`ref`), this one. A token of another project
 * fails its signature (each project has its own secret).
 */
export async function verifyProjectToken(
  secret: Uint8Array,
  ref: string,
  token: string,
): Promise<{ ok: true; data: ProjectCaller } | { ok: false; error: TokenProblem }> {
  let payload: JWTPayload
  try {
    payload = (await jwtVerify(token, secret, { algorithms: ['HS256'] })).payload
  } catch (err) {
    return { ok: false, error: err instanceof errors.JWTExpired ? 'expired' : 'invalid' }
  }
  if (payload.ref !== undefined && payload.ref !== ref) return { ok: false, error: 'invalid' }
  const role = payload.role
  if (typeof role !== 'string' || !(PROJECT_JWT_ROLES as readonly string[]).includes(role)) {
    return { ok: false, error: 'role' }
  }
  return { ok: true, data: { role: role as ProjectJwtRole, claims: payload as Record<string, unknown> } }
}
