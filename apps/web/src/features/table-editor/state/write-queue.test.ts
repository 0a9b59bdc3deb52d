import { afterEach, describe, expect, it, vi } from 'vitest'
import { createWriteQueue, SAVED_INDICATOR_MS, type StoredRow, type WriteStatus } from './write-queue'

/** A write the test settles by hand, recording when it started. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

/** A grid of one row: what the cells show, as the queue's `apply` leaves them. */
function gridRow(initial: Record<string, unknown>) {
  const shown: Record<string, unknown> = { ...initial }
  const truncated = new Set<string>()
  return {
    shown,
    truncated,
    apply: (row: StoredRow) => {
      for (const [column, value] of Object.entries(row.data)) {
        shown[column] = value
        if (row.truncated.includes(column)) truncated.add(column)
        else truncated.delete(column)
      }
    },
  }
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.useRealTimers()
})

describe('write queue', () => {
  it('runs writes one at a time, in the order they were queued', async () => {
    const queue = createWriteQueue()
    const started: string[] = []
    const first = deferred<string>()
    const second = deferred<string>()
    const a = queue.run(() => {
      started.push('a')
      return first.promise
    })
    const b = queue.run(() => {
      started.push('b')
      return second.promise
    })
    await flush()
    expect(started).toEqual(['a'])
    first.resolve('A')
    await expect(a).resolves.toBe('A')
    await flush()
    expect(started).toEqual(['a', 'b'])
    second.resolve('B')
    await expect(b).resolves.toBe('B')
  })

  it('keeps going after a failed write', async () => {
    const queue = createWriteQueue()
    const failing = queue.run(() => Promise.reject(new Error('boom')))
    const next = queue.run(() => Promise.resolve('ok'))
    await expect(failing).rejects.toThrow('boom')
    await expect(next).resolves.toBe('ok')
  })

  it('applies quick successive edits of a cell in order, ending on the last stored value', async () => {
    const queue = createWriteQueue()
    const row = gridRow({ id: 1, title: 'a' })
    const written: string[] = []
    const edit = (value: string) => {
      const previous = { value: row.shown.title, truncated: false }
      row.shown.title = value // optimistic
      return queue.editCell({
        rowKey: '1',
        column: 'title',
        previous,
        write: async () => {
          written.push(value)
          return { data: { id: 1, title: value }, truncated: [] }
        },
        apply: row.apply,
        onError: () => {},
      })
    }
    await Promise.all([edit('b'), edit('c'), edit('d')])
    expect(written).toEqual(['b', 'c', 'd'])
    expect(row.shown.title).toBe('d')
  })

  it('reverts only the failed cell to its stored value and reports the error', async () => {
    const queue = createWriteQueue()
    const row = gridRow({ id: 1, title: 'old title', done: false })
    const errors: unknown[] = []
    const edit = (column: string, value: unknown, fail: boolean) => {
      const previous = { value: row.shown[column], truncated: false }
      row.shown[column] = value
      return queue.editCell({
        rowKey: '1',
        column,
        previous,
        write: async () => {
          if (fail) throw new Error('new row violates check constraint "title_length"')
          return { data: { id: 1, title: row.shown.title, done: value }, truncated: [] }
        },
        apply: row.apply,
        onError: (e) => errors.push(e),
      })
    }
    await Promise.all([edit('title', 'x', true), edit('done', true, false)])
    expect(row.shown).toEqual({ id: 1, title: 'old title', done: true })
    expect(errors).toHaveLength(1)
    expect((errors[0] as Error).message).toContain('title_length')
  })

  it('keeps a later queued edit on screen when an earlier edit of the same cell fails', async () => {
    const queue = createWriteQueue()
    const row = gridRow({ id: 1, title: 'a' })
    const first = deferred<StoredRow>()
    const second = deferred<StoredRow>()
    const edit = (value: string, write: () => Promise<StoredRow>) => {
      const previous = { value: row.shown.title, truncated: false }
      row.shown.title = value
      return queue.editCell({ rowKey: '1', column: 'title', previous, write, apply: row.apply, onError: () => {} })
    }
    const e1 = edit('b', () => first.promise)
    const e2 = edit('c', () => second.promise)
    first.reject(new Error('boom'))
    await e1
    // The failed edit does not put 'a' back while 'c' is still queued.
    expect(row.shown.title).toBe('c')
    second.reject(new Error('boom again'))
    await e2
    // Both failed: the value Postgres stored before either.
    expect(row.shown.title).toBe('a')
  })

  it('reverts to the value stored by an earlier successful edit, truncated mark included', async () => {
    const queue = createWriteQueue()
    const row = gridRow({ id: 1, body: 'preview…' })
    row.truncated.add('body')
    const edit = (value: string, write: () => Promise<StoredRow>) => {
      const previous = { value: row.shown.body, truncated: row.truncated.has('body') }
      row.shown.body = value
      row.truncated.delete('body')
      return queue.editCell({ rowKey: '1', column: 'body', previous, write, apply: row.apply, onError: () => {} })
    }
    await edit('short', async () => ({ data: { id: 1, body: 'short' }, truncated: [] }))
    await edit('rejected', () => Promise.reject(new Error('no')))
    expect(row.shown.body).toBe('short')

    const fresh = gridRow({ id: 2, body: 'preview…' })
    fresh.truncated.add('body')
    await queue.editCell({
      rowKey: '2',
      column: 'body',
      previous: { value: 'preview…', truncated: true },
      write: () => Promise.reject(new Error('no')),
      apply: fresh.apply,
      onError: () => {},
    })
    expect(fresh.shown.body).toBe('preview…')
    expect(fresh.truncated.has('body')).toBe(true)
  })

  it('shows values the database set on other columns, except cells with edits still queued', async () => {
    const queue = createWriteQueue()
    const row = gridRow({ id: 1, title: 'a', note: 'n', updated_at: 't0' })
    const slow = deferred<StoredRow>()
    row.shown.title = 'b'
    const e1 = queue.editCell({
      rowKey: '1',
      column: 'title',
      previous: { value: 'a', truncated: false },
      write: async () => ({ data: { id: 1, title: 'b', note: 'n', updated_at: 't1' }, truncated: [] }),
      apply: row.apply,
      onError: () => {},
    })
    row.shown.note = 'queued'
    const e2 = queue.editCell({
      rowKey: '1',
      column: 'note',
      previous: { value: 'n', truncated: false },
      write: () => slow.promise,
      apply: row.apply,
      onError: () => {},
    })
    await e1
    expect(row.shown).toEqual({ id: 1, title: 'b', note: 'queued', updated_at: 't1' })
    slow.resolve({ data: { id: 1, title: 'b', note: 'queued', updated_at: 't2' }, truncated: [] })
    await e2
    expect(row.shown.updated_at).toBe('t2')
  })

  it('goes idle → saving → saved → idle after 2 seconds', async () => {
    vi.useFakeTimers()
    const queue = createWriteQueue()
    const seen: WriteStatus[] = []
    queue.subscribe(() => seen.push(queue.status()))
    const write = deferred<void>()
    expect(queue.status()).toBe('idle')
    const done = queue.run(() => write.promise)
    expect(queue.status()).toBe('saving')
    write.resolve()
    await done
    await vi.advanceTimersByTimeAsync(0)
    expect(queue.status()).toBe('saved')
    await vi.advanceTimersByTimeAsync(SAVED_INDICATOR_MS - 1)
    expect(queue.status()).toBe('saved')
    await vi.advanceTimersByTimeAsync(1)
    expect(queue.status()).toBe('idle')
    expect(seen).toEqual(['saving', 'saved', 'idle'])
  })

  it('stays saving until the last queued write, and does not claim saved after a failure', async () => {
    vi.useFakeTimers()
    const queue = createWriteQueue()
    const seen: WriteStatus[] = []
    queue.subscribe(() => seen.push(queue.status()))
    const first = queue.run(() => Promise.resolve())
    const second = queue.run(() => Promise.reject(new Error('boom')))
    await first
    expect(queue.status()).toBe('saving')
    await expect(second).rejects.toThrow('boom')
    await vi.advanceTimersByTimeAsync(0)
    expect(queue.status()).toBe('idle')
    expect(seen).toEqual(['saving', 'idle'])
  })
})
