import { describe, expect, it } from 'vitest'
import { act, renderHook } from '@testing-library/react'
import { INTELLISENSE_STORAGE_KEY, useIntellisensePreference } from './intellisense-preference'

describe("the 'intellisense' preference", () => {
  it('is on by default, and a change is kept in this browser and reaches every user of it', () => {
    const a = renderHook(() => useIntellisensePreference())
    const b = renderHook(() => useIntellisensePreference())
    expect(a.result.current[0]).toBe(true)
    act(() => a.result.current[1](false))
    expect(a.result.current[0]).toBe(false)
    expect(b.result.current[0]).toBe(false)
    expect(localStorage.getItem(INTELLISENSE_STORAGE_KEY)).toBe('off')
    // Another tab turns it back on.
    act(() => {
      localStorage.setItem(INTELLISENSE_STORAGE_KEY, 'on')
      window.dispatchEvent(new StorageEvent('storage', { key: INTELLISENSE_STORAGE_KEY }))
    })
    expect(a.result.current[0]).toBe(true)
  })
})
