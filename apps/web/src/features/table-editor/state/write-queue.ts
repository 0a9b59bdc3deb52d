/**
 * The grid's one write queue (spec 1 §4, §9: concurrency 1). Writes run one at a time in the order they were
 * made, so quick successive edits of a cell reach Postgres in order and the last one wins. The queue also
 * drives the Refresh button: `saving` while writes are queued, `saved` for 2 seconds once they are all done
 * and none failed, then `idle`.
 *
 * Cell edits keep, per cell, the value Postgres last stored: the grid shows each edit at once (optimistic),
 * and a failed write puts back only that cell's stored value — unless a later edit of the same cell is still
 * queued, whose value stays on screen until it is settled in turn.
 */

export type WriteStatus = 'idle' | 'saving' | 'saved'

/** Spec 1 §9: the saved indicator clears after 2 seconds. */
export const SAVED_INDICATOR_MS = 2000

/** A row's stored values as a write answers them (the update call's returned row). */
export interface StoredRow {
  data: Record<string, unknown>
  truncated: string[]
}

export interface CellEdit {
  /** Identifies the row (its primary key); edits of one row share it. */
  rowKey: string
  column: string
  /** The cell as shown before this edit: the stored value, unless the queue already knows a stored one. */
  previous: { value: unknown; truncated: boolean }
  /** Runs the write; resolves to the row as stored. */
  write: () => Promise<StoredRow>
  /**
   * Shows values in the grid: after a success the stored row's columns that have no edit still queued,
   * after a failure the cell's stored value.
   */
  apply: (row: StoredRow) => void
  /** Shows the failure (the grid: a toast with the Postgres error). */
  onError: (error: unknown) => void
}

export interface WriteQueue {
  /** Queues any write; resolves or rejects with it, after every write queued before it. */
  run<T>(write: () => Promise<T>): Promise<T>
  /** Queues a cell edit (already shown); never rejects: failures go to `edit.onError`. */
  editCell(edit: CellEdit): Promise<void>
  status(): WriteStatus
  subscribe(listener: () => void): () => void
  /** Stops the saved timer (the grid unmounts). */
  dispose(): void
}

export function createWriteQueue(options: { savedMs?: number } = {}): WriteQueue {
  const savedMs = options.savedMs ?? SAVED_INDICATOR_MS
  let tail: Promise<unknown> = Promise.resolve()
  let queued = 0
  let failedInBatch = false
  let status: WriteStatus = 'idle'
  let savedTimer: ReturnType<typeof setTimeout> | undefined
  const listeners = new Set<() => void>()

  // Per cell ("rowKey\u0000column"): the value Postgres last stored and the edits still queued.
  const stored = new Map<string, { value: unknown; truncated: boolean }>()
  const pending = new Map<string, number>()
  const cellKey = (rowKey: string, column: string) => `${rowKey}\u0000${column}`

  const setStatus = (next: WriteStatus) => {
    if (next === status) return
    status = next
    listeners.forEach((l) => l())
  }

  const run = <T>(write: () => Promise<T>): Promise<T> => {
    if (savedTimer !== undefined) clearTimeout(savedTimer)
    savedTimer = undefined
    if (queued === 0) failedInBatch = false
    queued += 1
    setStatus('saving')
    const result = tail.then(write)
    tail = result
      .catch(() => {
        failedInBatch = true
      })
      .finally(() => {
        queued -= 1
        if (queued > 0) return
        if (failedInBatch) {
          setStatus('idle')
          return
        }
        setStatus('saved')
        savedTimer = setTimeout(() => {
          savedTimer = undefined
          setStatus('idle')
        }, savedMs)
      })
    return result
  }

  const editCell = async (edit: CellEdit): Promise<void> => {
    const key = cellKey(edit.rowKey, edit.column)
    if (!stored.has(key)) stored.set(key, edit.previous)
    pending.set(key, (pending.get(key) ?? 0) + 1)
    const settle = () => {
      const left = (pending.get(key) ?? 1) - 1
      if (left > 0) pending.set(key, left)
      else pending.delete(key)
      return left
    }
    try {
      const row = await run(edit.write)
      stored.set(key, { value: row.data[edit.column], truncated: row.truncated.includes(edit.column) })
      settle()
      // Other cells of the row may have changed too (triggers, defaults); those with edits still queued keep
      // showing their queued value.
      const settled = Object.keys(row.data).filter((column) => !pending.has(cellKey(edit.rowKey, column)))
      for (const column of settled) stored.delete(cellKey(edit.rowKey, column))
      edit.apply({
        data: Object.fromEntries(settled.map((column) => [column, row.data[column]])),
        truncated: row.truncated.filter((column) => settled.includes(column)),
      })
    } catch (error) {
      const left = settle()
      edit.onError(error)
      const before = stored.get(key)
      if (left === 0 && before) {
        edit.apply({ data: { [edit.column]: before.value }, truncated: before.truncated ? [edit.column] : [] })
        stored.delete(key)
      }
    }
  }

  return {
    run,
    editCell,
    status: () => status,
    subscribe(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    dispose() {
      if (savedTimer !== undefined) clearTimeout(savedTimer)
      savedTimer = undefined
      listeners.clear()
    },
  }
}
