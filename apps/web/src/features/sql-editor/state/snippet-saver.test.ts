import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ApiError } from '../../../lib/api-client'
import { isTransientFailure } from './snippet-document'
import { SnippetSaver } from './snippet-saver'

/** A save the test answers: each call waits until the test resolves or rejects it. */
function server() {
  const calls: Array<{ sql: string; resolve: () => void; reject: (e: unknown) => void }> = []
  const save = (sql: string) => new Promise<void>((resolve, reject) => calls.push({ sql, resolve, reject }))
  return { calls, save }
}

describe('SnippetSaver (autosave)', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const make = (save: (sql: string) => Promise<void>) => {
    const states: string[] = []
    const saver = new SnippetSaver({
      save,
      isTransient: isTransientFailure,
      onChange: () => states.push(saver.state),
    })
    return { saver, states }
  }

  it('saves the newest text once typing pauses: saving, all changes saved, then idle', async () => {
    const s = server()
    const { saver, states } = make(s.save)
    saver.edit('s')
    saver.edit('se')
    saver.edit('select 1')
    expect(saver.state).toBe('saving')
    expect(s.calls).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(1000)
    expect(s.calls.map((c) => c.sql)).toEqual(['select 1'])
    s.calls[0]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(saver.state).toBe('saved')
    await vi.advanceTimersByTimeAsync(3000)
    expect(saver.state).toBe('idle')
    expect(states).toEqual(['saving', 'saved', 'idle'])
  })

  it('saves an edit made during a save after it, never two at once', async () => {
    const s = server()
    const { saver } = make(s.save)
    saver.edit('a')
    await vi.advanceTimersByTimeAsync(1000)
    saver.edit('ab')
    await vi.advanceTimersByTimeAsync(1000)
    expect(s.calls).toHaveLength(1)
    s.calls[0]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(s.calls.map((c) => c.sql)).toEqual(['a', 'ab'])
    expect(saver.state).toBe('saving')
    s.calls[1]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(saver.state).toBe('saved')
  })

  it('keeps the text after a refused save until Retry', async () => {
    const s = server()
    const { saver } = make(s.save)
    saver.edit('select 1')
    await vi.advanceTimersByTimeAsync(1000)
    s.calls[0]!.reject(new ApiError('forbidden', 'No', 403))
    await vi.advanceTimersByTimeAsync(60_000)
    expect(saver.state).toBe('failed')
    expect(s.calls).toHaveLength(1)
    saver.retry()
    expect(s.calls.map((c) => c.sql)).toEqual(['select 1', 'select 1'])
    s.calls[1]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(saver.state).toBe('saved')
  })

  it('tries again by itself while the server cannot be reached, and saves the newest text when it answers', async () => {
    const s = server()
    const { saver } = make(s.save)
    saver.edit('select 1')
    await vi.advanceTimersByTimeAsync(1000)
    s.calls[0]!.reject(new ApiError('network_error', 'Unable to reach the Basalt server.', 0))
    await vi.advanceTimersByTimeAsync(0)
    expect(saver.state).toBe('failed')
    saver.edit('select 2')
    await vi.advanceTimersByTimeAsync(1000)
    s.calls[1]!.reject(new ApiError('network_error', 'Unable to reach the Basalt server.', 0))
    await vi.advanceTimersByTimeAsync(5000)
    expect(s.calls.map((c) => c.sql)).toEqual(['select 1', 'select 2', 'select 2'])
    s.calls[2]!.resolve()
    await vi.advanceTimersByTimeAsync(0)
    expect(saver.state).toBe('saved')
    expect(saver.dirty).toBe(false)
  })
})
