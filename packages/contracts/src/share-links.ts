import { z } from 'zod'
import { objectNameSchema, SIGNED_URL_EXPIRY, utf8Length } from './storage.ts'

/**
 * Share links (issue 25 point 7, beyond Studio): a link to one object that anyone holding it may download
 * until it expires, is revoked or has been downloaded its number of times; optionally behind a password.
 * Created and revoked by members who may write storage; listed per bucket for every member.
 */

/** Where a share link is downloaded (no session): `{PUBLIC_URL}/share/{token}`. */
export const shareLinkPath = (token: string) => `/share/${encodeURIComponent(token)}`

/** bcrypt reads at most 72 bytes: a longer password is refused rather than silently cut. */
export const SHARE_LINK_PASSWORD_MAX_BYTES = 72
export const SHARE_LINK_PASSWORD_MIN = 6
export const SHARE_LINK_MAX_DOWNLOADS = 1_000_000
export const SHARE_LINK_MAX_EXPIRY = SIGNED_URL_EXPIRY.year

export const SHARE_LINK_MESSAGES = {
  /** Unknown, revoked, expired or used up: the same answer, which does not say which. */
  unavailable: 'This link does not exist or is no longer available.',
  passwordTitle: 'This file is protected by a password',
  passwordLabel: 'Password',
  download: 'Download',
  wrongPassword: 'Wrong password. Try again.',
  passwordLength: `The password must be ${SHARE_LINK_PASSWORD_MIN} to ${SHARE_LINK_PASSWORD_MAX_BYTES} characters`,
  expiryRange: 'The link must expire in 1 minute to 1 year',
  maxDownloadsRange: `The number of downloads must be a whole number from 1 to ${SHARE_LINK_MAX_DOWNLOADS.toLocaleString('en-US')}`,
  linkNotFound: 'Share link not found',
} as const

export const createShareLinkBodySchema = z.object({
  path: objectNameSchema,
  /** Seconds from now. */
  expiresIn: z
    .number({ error: SHARE_LINK_MESSAGES.expiryRange })
    .int(SHARE_LINK_MESSAGES.expiryRange)
    .min(60, SHARE_LINK_MESSAGES.expiryRange)
    .max(SHARE_LINK_MAX_EXPIRY, SHARE_LINK_MESSAGES.expiryRange),
  password: z
    .string()
    .refine(
      (p) => p.length >= SHARE_LINK_PASSWORD_MIN && utf8Length(p) <= SHARE_LINK_PASSWORD_MAX_BYTES,
      SHARE_LINK_MESSAGES.passwordLength,
    )
    .nullish(),
  maxDownloads: z
    .number({ error: SHARE_LINK_MESSAGES.maxDownloadsRange })
    .int(SHARE_LINK_MESSAGES.maxDownloadsRange)
    .min(1, SHARE_LINK_MESSAGES.maxDownloadsRange)
    .max(SHARE_LINK_MAX_DOWNLOADS, SHARE_LINK_MESSAGES.maxDownloadsRange)
    .nullish(),
})
export type CreateShareLinkBody = z.input<typeof createShareLinkBodySchema>

/** A bucket's list holds its newest links up to this many; a list this long says there may be older ones. */
export const SHARE_LINKS_LISTED_MAX = 1000

/** `file_deleted`: the file the link was made for is no longer in the bucket (another at its path is not it). */
export const shareLinkStateSchema = z.enum(['active', 'expired', 'revoked', 'used_up', 'file_deleted'])
export type ShareLinkState = z.infer<typeof shareLinkStateSchema>

export const shareLinkSchema = z.object({
  id: z.string(),
  bucketId: z.string(),
  path: z.string(),
  expiresAt: z.string(),
  hasPassword: z.boolean(),
  maxDownloads: z.number().nullable(),
  downloads: z.number(),
  revokedAt: z.string().nullable(),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
  state: shareLinkStateSchema,
})
export type ShareLink = z.infer<typeof shareLinkSchema>

/** The answer to a creation: the link and its URL, which holds the token and is shown only this once. */
export const createdShareLinkSchema = z.object({ link: shareLinkSchema, url: z.string() })
export type CreatedShareLink = z.infer<typeof createdShareLinkSchema>
