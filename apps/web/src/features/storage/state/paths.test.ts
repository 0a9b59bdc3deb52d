import { describe, expect, it } from 'vitest'
import { breadcrumbs, moveDestination, pathParts, prefixOf, splitPath, uniqueName } from './paths'

describe('paths', () => {
  it('split on "/" with empty parts dropped', () => {
    expect(pathParts('/a//b/ c /')).toEqual(['a', 'b', 'c'])
    expect(pathParts('')).toEqual([])
    expect(prefixOf(['a', 'b'])).toBe('a/b/')
    expect(prefixOf([])).toBe('')
    expect(splitPath('a/b/c.png')).toEqual(['a/b', 'c.png'])
    expect(splitPath('c.png')).toEqual(['', 'c.png'])
  })

  it('strip the leading slash of a move, blank being the root', () => {
    expect(moveDestination('/archive/2024/')).toBe('archive/2024')
    expect(moveDestination('   ')).toBe('')
  })

  it('collapse breadcrumbs above 5 parts to the first two, "..." and the last two', () => {
    expect(breadcrumbs(['a', 'b', 'c', 'd', 'e']).map((c) => c.label)).toEqual(['a', 'b', 'c', 'd', 'e'])
    const crumbs = breadcrumbs(['a', 'b', 'c', 'd', 'e', 'f'])
    expect(crumbs.map((c) => c.label)).toEqual(['a', 'b', '...', 'e', 'f'])
    expect(crumbs.map((c) => c.index)).toEqual([0, 1, null, 4, 5])
  })

  it('name duplicates "name (n).ext"', () => {
    const taken = new Set(['photo.png', 'photo (1).png', 'notes', 'a.tar.gz'])
    expect(uniqueName('new.png', taken)).toBe('new.png')
    expect(uniqueName('photo.png', taken)).toBe('photo (2).png')
    expect(uniqueName('photo (1).png', taken)).toBe('photo (2).png')
    expect(uniqueName('notes', taken)).toBe('notes (1)')
    expect(uniqueName('a.tar.gz', taken)).toBe('a.tar (1).gz')
    expect(uniqueName('.env', new Set(['.env']))).toBe('.env (1)')
  })
})
