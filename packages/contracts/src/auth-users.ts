import { z } from 'zod'
import { pgUuidSchema } from './uuid.ts'

/**
 * Shapes of Auth › Users (`/api/platform/auth/{ref}/users…`): the project's `auth.users` in keyset pages,
 * one user with their identities, and the changes a member may make (create, metadata, ban, delete). The
 * role impersonation picker reads the same pages.
 */

/** Users per page (keyset pages: a cursor, never an offset). */
export const AUTH_USERS_PAGE_SIZE = 50

/** GoTrue's default shortest password; bcrypt reads no more than 72 bytes of one. */
export const AUTH_PASSWORD_MIN_LENGTH = 6
export const AUTH_PASSWORD_MAX_BYTES = 72

/** The longest ban: 100 years, what "banned for good" means here. */
export const AUTH_BAN_MAX_HOURS = 876_000

export const AUTH_USER_MESSAGES = {
  emailRequired: 'Enter an e-mail address.',
  emailInvalid: 'Enter a valid e-mail address, such as name@example.com.',
  emailTaken: (email: string) => `A user with the e-mail address ${email} already exists.`,
  passwordRequired: 'Enter a password.',
  passwordTooShort: `The password must be at least ${AUTH_PASSWORD_MIN_LENGTH} characters long.`,
  passwordTooLong: `The password must be at most ${AUTH_PASSWORD_MAX_BYTES} bytes long: bcrypt reads no further.`,
  banDurationInvalid: (text: string) =>
    `"${text}" is not a ban duration: give hours, minutes or seconds, such as 24h, 90m or 1h30m (at most ${AUTH_BAN_MAX_HOURS}h).`,
  metadataNotObject: 'Metadata must be a JSON object, such as {"name": "Ada"}.',
  notFound: 'User not found',
} as const

/** The sort fields of the list; each sorts nulls last whatever the order. */
export const AUTH_USER_SORTS = ['created_at', 'last_sign_in_at', 'email'] as const
export type AuthUserSort = (typeof AUTH_USER_SORTS)[number]

export const AUTH_USER_FILTERS = ['all', 'verified', 'unverified', 'anonymous', 'banned'] as const
export type AuthUserFilter = (typeof AUTH_USER_FILTERS)[number]

/** GET …/users?keywords=&sort=&order=&filter=&cursor= */
export const authUsersQuerySchema = z.object({
  /** Matched in the e-mail, the phone or the id (trimmed; wildcards taken literally). */
  keywords: z.string().max(200).optional(),
  sort: z.enum(AUTH_USER_SORTS).default('created_at'),
  order: z.enum(['asc', 'desc']).default('desc'),
  filter: z.enum(AUTH_USER_FILTERS).default('all'),
  /** The nextCursor of the page before. */
  cursor: z.string().max(2000).optional(),
})
export type AuthUsersQuery = z.input<typeof authUsersQuerySchema>

const metadata = z.record(z.string(), z.unknown())

/** A user as the list shows them. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  user_metadata: metadata,
  app_metadata: metadata,
  /** From app_metadata.providers (or .provider), as GoTrue keeps them. */
  providers: z.array(z.string()),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
  email_confirmed_at: z.string().nullable(),
  phone_confirmed_at: z.string().nullable(),
  banned_until: z.string().nullable(),
  is_anonymous: z.boolean(),
})
export type AuthUser = z.infer<typeof authUserSchema>

export const authUsersPageSchema = z.object({
  users: z.array(authUserSchema),
  /** Null on the last page. */
  nextCursor: z.string().nullable(),
})
export type AuthUsersPage = z.infer<typeof authUsersPageSchema>

export const authIdentitySchema = z.object({
  id: z.string(),
  provider: z.string(),
  provider_id: z.string(),
  email: z.string().nullable(),
  identity_data: metadata,
  created_at: z.string().nullable(),
  last_sign_in_at: z.string().nullable(),
})
export type AuthIdentity = z.infer<typeof authIdentitySchema>

/** GET …/users/:id */
export const authUserDetailSchema = authUserSchema.extend({ identities: z.array(authIdentitySchema) })
export type AuthUserDetail = z.infer<typeof authUserDetailSchema>

export const authUserParamsSchema = z.object({ ref: z.string().min(1).max(100), id: pgUuidSchema })

/** Why a password cannot be set, or null when it can. */
export function passwordProblem(password: string): string | null {
  if (password.length === 0) return AUTH_USER_MESSAGES.passwordRequired
  if ([...password].length < AUTH_PASSWORD_MIN_LENGTH) return AUTH_USER_MESSAGES.passwordTooShort
  if (utf8Length(password) > AUTH_PASSWORD_MAX_BYTES) return AUTH_USER_MESSAGES.passwordTooLong
  return null
}

/** Bytes of the text in UTF-8 (this package runs without TextEncoder's types). */
function utf8Length(text: string): number {
  let bytes = 0
  for (const ch of text) {
    const cp = ch.codePointAt(0)!
    bytes += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4
  }
  return bytes
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Why an e-mail address cannot be a user's, or null when it can. */
export function emailProblem(email: string): string | null {
  if (email.trim().length === 0) return AUTH_USER_MESSAGES.emailRequired
  if (!EMAIL.test(email.trim()) || email.length > 255) return AUTH_USER_MESSAGES.emailInvalid
  return null
}

/**
 * A ban duration in seconds, written as Go durations are (GoTrue's `ban_duration`): hours, minutes and
 * seconds, each at most once and in that order; null when the text is not one, is zero or is over 100 years.
 *
 * @example
 *   banDurationSeconds('1h30m') // 5400
 *   banDurationSeconds('soon') // null
 */
export function banDurationSeconds(text: string): number | null {
  const m = /^(?:(\d{1,7})h)?(?:(\d{1,9})m)?(?:(\d{1,11})s)?$/.exec(text.trim())
  if (!m || text.trim() === '') return null
  const seconds = Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0)
  return seconds > 0 && seconds <= AUTH_BAN_MAX_HOURS * 3600 ? seconds : null
}

/** The durations the ban dialog offers (any other Go-style duration may be typed). */
export const BAN_DURATION_CHOICES = [
  { label: '1 hour', value: '1h' },
  { label: '24 hours', value: '24h' },
  { label: '7 days', value: '168h' },
  { label: '30 days', value: '720h' },
  { label: '1 year', value: '8760h' },
  { label: 'For good (100 years)', value: `${AUTH_BAN_MAX_HOURS}h` },
] as const

/** POST …/users: the password is hashed with bcrypt as GoTrue hashes it. */
export const createAuthUserBodySchema = z.object({
  email: z.string().max(1000),
  password: z.string().max(1000),
  /** Confirmed at once (email_confirmed_at = now()); otherwise the user still has to confirm. */
  autoConfirm: z.boolean().default(true),
  user_metadata: metadata.optional(),
})
export type CreateAuthUserBody = z.input<typeof createAuthUserBodySchema>

/** PATCH …/users/:id: replaces the given metadata objects whole. */
export const updateAuthUserBodySchema = z
  .object({ user_metadata: z.unknown().optional(), app_metadata: z.unknown().optional() })
  .refine((b) => b.user_metadata !== undefined || b.app_metadata !== undefined, {
    error: 'Give user_metadata or app_metadata',
  })
export type UpdateAuthUserBody = z.input<typeof updateAuthUserBodySchema>

/** POST …/users/:id/ban */
export const banAuthUserBodySchema = z.object({ duration: z.string().max(100) })
