import { describe, expect, it } from 'vitest'
import {
  bucketNameProblem,
  duplicateName,
  mimeTypeAllowed,
  objectNameProblem,
  STORAGE_MESSAGES,
  utf8Length,
} from './storage.ts'

describe('object names', () => {
  it('accepts ordinary paths, spaces and non-ASCII letters', () => {
    for (const name of ['a.png', 'folder/sub/file name (1).txt', 'é/日本.csv', '.emptyFolderPlaceholder', 'a..b/c']) {
      expect(objectNameProblem(name), name).toBeNull()
    }
  })

  it('refuses traversal, NUL, a leading slash, empty segments and backslashes', () => {
    for (const name of ['', '..', '../x', 'a/../b', 'a/./b', '/etc/passwd', 'a//b', 'a/', 'a\u0000b', 'a\\..\\b']) {
      expect(objectNameProblem(name), JSON.stringify(name)).not.toBeNull()
    }
  })

  it('counts the limit in UTF-8 bytes: 1,024 pass, 1,100 are refused', () => {
    expect(objectNameProblem('a'.repeat(1024))).toBeNull()
    expect(objectNameProblem('a'.repeat(1100))).toBe('The path is longer than 1024 bytes')
    // 342 three-byte letters are 1,026 bytes though only 342 characters.
    expect(utf8Length('日'.repeat(342))).toBe(1026)
    expect(objectNameProblem('日'.repeat(342))).not.toBeNull()
    expect(utf8Length('😀')).toBe(4)
  })
})

describe('bucket names (spec 3 §5)', () => {
  it('says what is wrong, in the spec words', () => {
    expect(bucketNameProblem('')).toBe(STORAGE_MESSAGES.bucketNameRequired)
    expect(bucketNameProblem('avatars ')).toBe(STORAGE_MESSAGES.bucketNameTrailingSpace)
    expect(bucketNameProblem('public')).toBe(STORAGE_MESSAGES.bucketNameReserved)
    expect(bucketNameProblem('Avatars')).toBe(STORAGE_MESSAGES.bucketNameHint)
    expect(bucketNameProblem('..')).toBe(STORAGE_MESSAGES.bucketNameHint)
    expect(bucketNameProblem('a/b')).toBe(STORAGE_MESSAGES.bucketNameHint)
    expect(bucketNameProblem('user-files.v2')).toBeNull()
  })
})

describe('allowed MIME types', () => {
  it('allows anything without a list, and wildcards by their type', () => {
    expect(mimeTypeAllowed(null, 'application/pdf')).toBe(true)
    expect(mimeTypeAllowed([], 'application/pdf')).toBe(true)
    expect(mimeTypeAllowed(['image/*'], 'image/png')).toBe(true)
    expect(mimeTypeAllowed(['image/*'], 'IMAGE/PNG')).toBe(true)
    expect(mimeTypeAllowed(['image/*'], 'application/pdf')).toBe(false)
    expect(mimeTypeAllowed(['text/plain'], 'text/plain; charset=utf-8')).toBe(true)
    expect(mimeTypeAllowed(['text/plain'], 'text/csv')).toBe(false)
  })
})

describe('duplicate names', () => {
  it("become 'name (n).ext'", () => {
    expect(duplicateName('photo.png', 1)).toBe('photo (1).png')
    expect(duplicateName('archive.tar.gz', 2)).toBe('archive.tar (2).gz')
    expect(duplicateName('README', 3)).toBe('README (3)')
    expect(duplicateName('.env', 1)).toBe('.env (1)')
  })
})
