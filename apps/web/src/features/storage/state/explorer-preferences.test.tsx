import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { DEFAULT_PREFERENCES, parsePreferences, preferencesKey, useExplorerPreferences } from './explorer-preferences'

describe('explorer preferences (spec 3 §3: view, sortBy, sortByOrder per project)', () => {
  it('fall back field by field on unreadable values', () => {
    expect(parsePreferences(null)).toEqual(DEFAULT_PREFERENCES)
    expect(parsePreferences('{oops')).toEqual(DEFAULT_PREFERENCES)
    expect(parsePreferences('{"view":"list","sortBy":"size","sortByOrder":"desc"}')).toEqual({
      view: 'list',
      sortBy: 'name',
      sortByOrder: 'desc',
    })
  })

  it('are kept per project on the device, and every reader follows a change', () => {
    localStorage.clear()
    const a = renderHook(() => useExplorerPreferences('aaa'))
    const a2 = renderHook(() => useExplorerPreferences('aaa'))
    const b = renderHook(() => useExplorerPreferences('bbb'))
    act(() => a.result.current[1]({ view: 'list', sortBy: 'updated_at' }))
    expect(a2.result.current[0]).toEqual({ view: 'list', sortBy: 'updated_at', sortByOrder: 'asc' })
    expect(b.result.current[0]).toEqual(DEFAULT_PREFERENCES)
    expect(JSON.parse(localStorage.getItem(preferencesKey('aaa'))!)).toMatchObject({ view: 'list' })
  })
})
