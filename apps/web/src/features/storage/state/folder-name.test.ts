import { describe, expect, it } from 'vitest'
import { checkNewFolderName, checkRename } from './folder-name'

const siblings = new Set(['photos', 'notes.txt'])

describe('new folder names (spec 3 §5)', () => {
  it('accepts letters, digits, underscore, hyphen and whitespace', () => {
    expect(checkNewFolderName(' My_folder-2 ', siblings)).toEqual({ kind: 'ok', name: 'My_folder-2' })
    expect(checkNewFolderName('été', siblings)).toEqual({ kind: 'ok', name: 'été' })
  })

  it('refuses other characters and taken names with the spec texts; empty removes the row', () => {
    expect(checkNewFolderName('a.b', siblings)).toEqual({
      kind: 'error',
      message: 'Folder name contains invalid special characters',
    })
    expect(checkNewFolderName('photos', siblings)).toEqual({
      kind: 'error',
      message: 'The name photos already exists in the current directory. Please use a different name.',
    })
    expect(checkNewFolderName('  ', siblings)).toEqual({ kind: 'discard' })
  })
})

describe('renames', () => {
  it('do nothing for the same or an empty name, refuse slashes', () => {
    expect(checkRename('photos', 'photos', siblings, true)).toEqual({ kind: 'discard' })
    expect(checkRename('', 'photos', siblings, true)).toEqual({ kind: 'discard' })
    expect(checkRename('a/b', 'photos', siblings, true)).toEqual({
      kind: 'error',
      message: 'Folder name cannot contain forward or back slashes.',
    })
    expect(checkRename('a\\b', 'x.txt', siblings, false).kind).toBe('error')
    expect(checkRename('notes.txt', 'x.txt', siblings, false).kind).toBe('error')
    expect(checkRename('y.txt', 'x.txt', siblings, false)).toEqual({ kind: 'ok', name: 'y.txt' })
  })
})
