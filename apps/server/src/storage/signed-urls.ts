import { errors, jwtVerify, SignJWT } from 'jose'
import { fail, ok, STORAGE_MESSAGES, type Result } from '@basalt/contracts'

/**
 * Signed URLs (spec 3 §9; the format `@supabase/storage-js` builds): `…/object/sign/{bucket}/{path}?token=`,
 * the token an HS256 JWT with the project's secret whose claim `url` is `{bucket}/{path}` and `exp` its expiry.
 */
export async function signObjectToken(
  secret: Uint8Array,
  bucketId: string,
  path: string,
  expiresIn: number,
): Promise<{ token: string; expiresAt: Date }> {
  const now = Math.floor(Date.now() / 1000)
  const token = await new SignJWT({ url: `${bucketId}/${path}` })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(secret)
  return { token, expiresAt: new Date((now + expiresIn) * 1000) }
}

/** Whether the token was signed with the secret, is unexpired and is for exactly this object. */
export async function verifyObjectToken(
  secret: Uint8Array,
  token: string,
  bucketId: string,
  path: string,
): Promise<Result<void>> {
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ['HS256'] })
    // An upload URL's token (createSignedUploadUrl) names its path too, and never reads it.
    if (payload.upload !== undefined) return fail('invalid_token', STORAGE_MESSAGES.tokenInvalid)
    if (payload.url !== `${bucketId}/${path}`) return fail('invalid_token', STORAGE_MESSAGES.tokenOtherObject)
    return ok(undefined)
  } catch (err) {
    if (err instanceof errors.JWTExpired) return fail('invalid_token', STORAGE_MESSAGES.tokenExpired)
    return fail('invalid_token', STORAGE_MESSAGES.tokenInvalid)
  }
}

/** The path part of a signed or public URL: each segment of the object's path percent-encoded. */
export const encodeObjectPath = (path: string) => path.split('/').map(encodeURIComponent).join('/')
