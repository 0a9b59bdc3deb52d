import { STORAGE_MESSAGES as M } from '../messages'

/** Uploads run 10 at a time (spec 3 §9). */
export const UPLOAD_CONCURRENCY = 10

export interface UploadTask {
  file: File
  /** The object's path in the bucket. */
  path: string
}

/** What a running upload can do besides finishing: a resumable one pauses and resumes. */
export interface UploadControl {
  pause: () => void
  resume: () => void
}

export interface UploadContext {
  onProgress: (sent: number) => void
  signal: AbortSignal
  /** A resumable upload registers how to pause it. */
  register: (control: UploadControl) => void
}

export type Uploader = (task: UploadTask, context: UploadContext) => Promise<void>

export interface UploadFailure {
  name: string
  message: string
}

export interface BatchState {
  total: number
  done: number
  failures: readonly UploadFailure[]
  bytesTotal: number
  bytesSent: number
  status: 'running' | 'paused' | 'finished' | 'cancelled'
}

/**
 * One batch of files dropped or picked together: they upload {@link UPLOAD_CONCURRENCY} at a time, the batch
 * counts what is done and what failed (by name), and can be paused (resumable uploads stop where they are,
 * the rest wait) and cancelled (every running upload aborted, nothing more started). A toast renders it.
 */
export class UploadBatch {
  private state: BatchState
  private readonly listeners = new Set<(state: BatchState) => void>()
  private readonly abort = new AbortController()
  private readonly controls = new Set<UploadControl>()
  private readonly sent: number[]
  private resumeWaiters: Array<() => void> = []

  constructor(
    private readonly tasks: readonly UploadTask[],
    private readonly uploader: Uploader,
    private readonly concurrency = UPLOAD_CONCURRENCY,
  ) {
    this.sent = tasks.map(() => 0)
    this.state = {
      total: tasks.length,
      done: 0,
      failures: [],
      bytesTotal: tasks.reduce((sum, t) => sum + t.file.size, 0),
      bytesSent: 0,
      status: 'running',
    }
  }

  get snapshot(): BatchState {
    return this.state
  }

  subscribe(listener: (state: BatchState) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  private set(change: Partial<BatchState>) {
    this.state = { ...this.state, ...change }
    for (const listener of this.listeners) listener(this.state)
  }

  /** Runs every task; resolves with the final state once all have finished, failed or been cancelled. */
  async run(): Promise<BatchState> {
    let next = 0
    const worker = async () => {
      while (next < this.tasks.length && !this.abort.signal.aborted) {
        if (this.state.status === 'paused') await new Promise<void>((r) => this.resumeWaiters.push(r))
        if (this.abort.signal.aborted) break
        const index = next++
        await this.runOne(index)
      }
    }
    await Promise.all(Array.from({ length: Math.min(this.concurrency, this.tasks.length) }, worker))
    if (this.state.status !== 'cancelled') this.set({ status: 'finished' })
    return this.state
  }

  private async runOne(index: number) {
    const task = this.tasks[index]!
    let control: UploadControl | undefined
    try {
      await this.uploader(task, {
        signal: this.abort.signal,
        onProgress: (sent) => {
          this.sent[index] = sent
          this.set({ bytesSent: this.sent.reduce((a, b) => a + b, 0) })
        },
        register: (c) => {
          control = c
          this.controls.add(c)
          if (this.state.status === 'paused') c.pause()
        },
      })
      this.sent[index] = task.file.size
      this.set({ done: this.state.done + 1, bytesSent: this.sent.reduce((a, b) => a + b, 0) })
    } catch (error) {
      if (this.abort.signal.aborted) return
      const message = error instanceof Error ? error.message : String(error)
      this.set({ failures: [...this.state.failures, { name: task.file.name, message }] })
    } finally {
      if (control) this.controls.delete(control)
    }
  }

  pause() {
    if (this.state.status !== 'running') return
    this.set({ status: 'paused' })
    for (const c of this.controls) c.pause()
  }

  resume() {
    if (this.state.status !== 'paused') return
    this.set({ status: 'running' })
    for (const c of this.controls) c.resume()
    const waiters = this.resumeWaiters
    this.resumeWaiters = []
    for (const w of waiters) w()
  }

  cancel() {
    if (this.state.status === 'finished' || this.state.status === 'cancelled') return
    this.set({ status: 'cancelled' })
    this.abort.abort()
    const waiters = this.resumeWaiters
    this.resumeWaiters = []
    for (const w of waiters) w()
  }
}

/** The toast a finished batch leaves (spec 3 §8): success, partial with each failure named, or failure. */
export function batchSummary(state: BatchState): { tone: 'success' | 'error'; title: string; details: string[] } {
  const details = state.failures.map((f) => M.uploadFileFailed(f.name, f.message))
  if (state.failures.length === 0) return { tone: 'success', title: M.uploadSuccess(state.done), details }
  if (state.done === 0) return { tone: 'error', title: M.uploadAllFailed(state.total), details }
  return { tone: 'error', title: M.uploadPartial(state.done, state.total), details }
}
