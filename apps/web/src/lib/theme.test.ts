import { afterEach, describe, expect, it, vi } from 'vitest'
import { chooseTheme, readStoredTheme, reconcileTheme } from './theme'

const dark = () => document.documentElement.classList.contains('dark')

describe('a chosen theme', () => {
  afterEach(() => {
    localStorage.clear()
    document.documentElement.classList.remove('dark')
  })

  it('applies at once and is kept here until the account has it', async () => {
    let saved!: () => void
    const save = vi.fn(() => new Promise<void>((resolve) => (saved = resolve)))
    const choosing = chooseTheme('dark', save)
    expect(dark()).toBe(true)
    expect(save).toHaveBeenCalledWith('dark')

    // A reload before the save arrived: the account still says light, the choice made here wins and is sent again.
    const again = vi.fn(() => Promise.resolve())
    expect(reconcileTheme('light', again)).toBe('dark')
    expect(dark()).toBe(true)
    expect(again).toHaveBeenCalledWith('dark')

    saved()
    await choosing
    await Promise.resolve()
    // Once saved, the account's theme is the one shown.
    expect(reconcileTheme('light', again)).toBe('light')
    expect(dark()).toBe(false)
    expect(readStoredTheme()).toBe('light')
  })

  it('is sent again at the next session check when its save failed', async () => {
    await expect(chooseTheme('dark', () => Promise.reject(new Error('offline')))).rejects.toThrow('offline')
    const save = vi.fn(() => Promise.resolve())
    expect(reconcileTheme('system', save)).toBe('dark')
    expect(save).toHaveBeenCalledWith('dark')
  })

  it('follows the account when nothing was chosen here', () => {
    const save = vi.fn(() => Promise.resolve())
    expect(reconcileTheme('dark', save)).toBe('dark')
    expect(dark()).toBe(true)
    expect(save).not.toHaveBeenCalled()
  })
})
