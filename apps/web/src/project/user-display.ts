/**
 * User display helpers (spec 1 §3): a user's display name and avatar from the many alias fields sign-in
 * providers and apps write into user metadata. Shared by every place a user is shown (the impersonation
 * picker, the policy tester, snippet owners, the users list).
 */

/** What a user without any name in their metadata is shown as (spec 1 §3). */
export const NO_DISPLAY_NAME = '-'

type Metadata = Record<string, unknown> | null | undefined

/** Single fields that hold a whole name, in the order they are preferred. */
const NAME_ALIASES = [
  'display_name',
  'displayName',
  'full_name',
  'fullName',
  'name',
  'user_name',
  'userName',
  'username',
  'preferred_username',
  'nickname',
] as const

/** Pairs of given name and family name, in the order they are preferred. */
const NAME_PARTS = [
  ['given_name', 'family_name'],
  ['givenName', 'familyName'],
  ['first_name', 'last_name'],
  ['firstName', 'lastName'],
] as const

/** Fields that hold an avatar's URL, in the order they are preferred. */
const AVATAR_ALIASES = [
  'avatar_url',
  'avatarUrl',
  'avatar',
  'picture',
  'photo_url',
  'photoUrl',
  'photo',
  'image',
  'image_url',
  'profile_image_url',
] as const

function text(metadata: Metadata, key: string): string | null {
  const value = metadata?.[key]
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null
}

/**
 * The name to show for a user: the first of display name, full name (and the other single-field aliases), or
 * given plus family name found in their metadata; '-' when there is none.
 *
 * @example
 *   userDisplayName({ full_name: 'Ada Lovelace' }) // 'Ada Lovelace'
 *   userDisplayName({ given_name: 'Ada', family_name: 'Lovelace' }) // 'Ada Lovelace'
 *   userDisplayName({}) // '-'
 */
export function userDisplayName(metadata: Metadata): string {
  for (const key of NAME_ALIASES) {
    const name = text(metadata, key)
    if (name) return name
  }
  for (const [given, family] of NAME_PARTS) {
    const parts = [text(metadata, given), text(metadata, family)].filter((p): p is string => p !== null)
    if (parts.length > 0) return parts.join(' ')
  }
  return NO_DISPLAY_NAME
}

/**
 * The avatar image to show for a user: the first http(s) or data image URL among the avatar aliases of their
 * metadata; null when there is none (show initials instead).
 *
 * @example
 *   userAvatarUrl({ picture: 'https://example.com/a.png' }) // 'https://example.com/a.png'
 *   userAvatarUrl({ avatar_url: 'javascript:alert(1)' }) // null
 */
export function userAvatarUrl(metadata: Metadata): string | null {
  for (const key of AVATAR_ALIASES) {
    const url = text(metadata, key)
    if (url && /^(https?:\/\/|data:image\/)/i.test(url)) return url
  }
  return null
}

/**
 * What a user is shown as: the display name when the metadata has one, else the email, the phone or the id.
 *
 * @example
 *   userLabel({ id: '1', email: 'ada@example.com', user_metadata: {} }) // 'ada@example.com'
 */
export function userLabel(user: {
  id: string
  email?: string | null | undefined
  phone?: string | null | undefined
  user_metadata?: Metadata
}): string {
  const name = userDisplayName(user.user_metadata)
  return name !== NO_DISPLAY_NAME ? name : user.email || user.phone || user.id
}
