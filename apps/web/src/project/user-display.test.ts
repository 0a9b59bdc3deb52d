import { describe, expect, it } from 'vitest'
import { NO_DISPLAY_NAME, userAvatarUrl, userDisplayName, userLabel } from './user-display'

describe('userDisplayName (spec 1 §3)', () => {
  it.each([
    ['display_name', { display_name: 'Ada' }, 'Ada'],
    ['displayName', { displayName: 'Ada' }, 'Ada'],
    ['full_name', { full_name: 'Ada Lovelace' }, 'Ada Lovelace'],
    ['fullName', { fullName: 'Ada Lovelace' }, 'Ada Lovelace'],
    ['name', { name: 'Ada L.' }, 'Ada L.'],
    ['user_name', { user_name: 'ada' }, 'ada'],
    ['userName', { userName: 'ada' }, 'ada'],
    ['username', { username: 'ada' }, 'ada'],
    ['preferred_username', { preferred_username: 'ada' }, 'ada'],
    ['nickname', { nickname: 'Countess' }, 'Countess'],
    ['given_name + family_name', { given_name: 'Ada', family_name: 'Lovelace' }, 'Ada Lovelace'],
    ['givenName + familyName', { givenName: 'Ada', familyName: 'Lovelace' }, 'Ada Lovelace'],
    ['first_name + last_name', { first_name: 'Ada', last_name: 'Lovelace' }, 'Ada Lovelace'],
    ['firstName + lastName', { firstName: 'Ada', lastName: 'Lovelace' }, 'Ada Lovelace'],
    ['given name alone', { given_name: 'Ada' }, 'Ada'],
  ])('reads %s', (_, metadata, expected) => {
    expect(userDisplayName(metadata)).toBe(expected)
  })

  it('prefers a display name, then a full name, then given plus family name', () => {
    expect(userDisplayName({ full_name: 'Full', display_name: 'Shown', given_name: 'G' })).toBe('Shown')
    expect(userDisplayName({ given_name: 'G', family_name: 'F', full_name: 'Full' })).toBe('Full')
  })

  it("is '-' without any name: no metadata, blank or non-text values", () => {
    expect(NO_DISPLAY_NAME).toBe('-')
    expect(userDisplayName(null)).toBe('-')
    expect(userDisplayName(undefined)).toBe('-')
    expect(userDisplayName({})).toBe('-')
    expect(userDisplayName({ full_name: '   ', name: 42, display_name: null })).toBe('-')
  })
})

describe('userAvatarUrl (spec 1 §3)', () => {
  it.each([
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
  ])('reads %s', (key) => {
    expect(userAvatarUrl({ [key]: 'https://example.com/a.png' })).toBe('https://example.com/a.png')
  })

  it('prefers avatar_url, and is null without an image URL', () => {
    expect(userAvatarUrl({ picture: 'https://p/1.png', avatar_url: 'https://a/2.png' })).toBe('https://a/2.png')
    expect(userAvatarUrl({})).toBeNull()
    expect(userAvatarUrl(null)).toBeNull()
    expect(userAvatarUrl({ avatar_url: 'javascript:alert(1)', picture: '' })).toBeNull()
  })
})

describe('userLabel', () => {
  it('shows the display name, else the email, the phone or the id', () => {
    expect(userLabel({ id: '1', email: 'a@example.com', user_metadata: { full_name: 'Ada' } })).toBe('Ada')
    expect(userLabel({ id: '1', email: 'a@example.com', user_metadata: {} })).toBe('a@example.com')
    expect(userLabel({ id: '1', email: '', phone: '+44', user_metadata: null })).toBe('+44')
    expect(userLabel({ id: '1' })).toBe('1')
  })
})
