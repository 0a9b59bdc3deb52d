import type { SnippetSaveState } from './snippet-document'

/** Quiet time after the last keystroke before the text is saved. */
export const AUTOSAVE_DELAY_MS = 1000
/** 'All changes saved' stays this long (spec 2 §9). */
export const SAVED_INDICATOR_MS = 3000
/** While the server cannot be reached, saving is tried again this often (and at once when the browser is online). */
export const OFFLINE_RETRY_MS = 5000

export interface SnippetSaverOptions {
  /** Sends the text to the server; throws when it was not saved. */
  save: (sql: string) => Promise<void>
  /** A failure that may pass by itself (server unreachable, 5xx): saving is tried again without a click. */
  isTransient: (error: unknown) => boolean
  /** Called after every change of {@link SnippetSaver.state} or {@link SnippetSaver.error}. */
  onChange: () => void
  delayMs?: number
  savedMs?: number
  retryMs?: number
}

/**
 * Autosave of one snippet's text, as a plain object the document hook renders (STYLE 9). Each edit waits
 * for a quiet moment, one save runs at a time, and the newest text always wins: an edit during a save is
 * saved after it. A failed save keeps the text and shows 'failed' with Retry; a transient failure is also
 * tried again by itself until the server answers.
 *
 * States (spec 2 §4): 'saving' from the edit until the server has it, 'saved' for 3 s after, then 'idle';
 * 'failed' until the next edit or retry.
 */
export class SnippetSaver {
  state: SnippetSaveState = 'idle'
  error: unknown = null
  /** The text not yet on the server, if any. */
  private pending: string | null = null
  private inFlight = false
  private disposed = false
  private debounceTimer: ReturnType<typeof setTimeout> | undefined
  private savedTimer: ReturnType<typeof setTimeout> | undefined
  private retryTimer: ReturnType<typeof setTimeout> | undefined
  private readonly options: Required<SnippetSaverOptions>

  constructor(options: SnippetSaverOptions) {
    this.options = {
      delayMs: AUTOSAVE_DELAY_MS,
      savedMs: SAVED_INDICATOR_MS,
      retryMs: OFFLINE_RETRY_MS,
      ...options,
    }
  }

  /** True while some text is not on the server yet. */
  get dirty(): boolean {
    return this.pending !== null || this.inFlight
  }

  /** The text changed: save it once the typing pauses. */
  edit(sql: string) {
    if (this.disposed) return
    this.pending = sql
    this.clearTimers()
    this.setState('saving', null)
    this.debounceTimer = setTimeout(() => {
      this.debounceTimer = undefined
      void this.run()
    }, this.options.delayMs)
  }

  /** Saves what is pending now, without waiting for the pause. */
  flush() {
    clearTimeout(this.debounceTimer)
    this.debounceTimer = undefined
    if (this.pending !== null) void this.run()
  }

  /** Retry after a failure (the button, or the browser coming back online). */
  retry() {
    if (this.state !== 'failed') return
    this.setState('saving', null)
    this.flush()
  }

  dispose() {
    this.disposed = true
    this.clearTimers()
  }

  private async run() {
    if (this.inFlight || this.pending === null || this.disposed) return
    const sql = this.pending
    this.pending = null
    this.inFlight = true
    this.clearTimers()
    this.setState('saving', null)
    try {
      await this.options.save(sql)
      this.inFlight = false
      if (this.disposed) return
      // An edit made during the save: its own timer saves it (or it is saved now if its pause has passed).
      if (this.pending !== null) {
        if (this.debounceTimer === undefined) void this.run()
        return
      }
      this.setState('saved', null)
      this.savedTimer = setTimeout(() => this.setState('idle', null), this.options.savedMs)
    } catch (error) {
      this.inFlight = false
      if (this.disposed) return
      // The newest text is the one to keep: the failed one only if nothing was typed since.
      this.pending ??= sql
      clearTimeout(this.debounceTimer)
      this.debounceTimer = undefined
      this.setState('failed', error)
      if (this.options.isTransient(error)) {
        this.retryTimer = setTimeout(() => this.retry(), this.options.retryMs)
      }
    }
  }

  private clearTimers() {
    clearTimeout(this.debounceTimer)
    clearTimeout(this.savedTimer)
    clearTimeout(this.retryTimer)
    this.debounceTimer = undefined
  }

  private setState(state: SnippetSaveState, error: unknown) {
    if (this.state === state && this.error === error) return
    this.state = state
    this.error = error
    this.options.onChange()
  }
}
