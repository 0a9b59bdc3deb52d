import { fail, ok, SQL_RUN_ID_TAKEN_MESSAGE, SQL_RUN_NOT_FOUND_MESSAGE, type Result } from '@basalt/contracts'
import type pg from 'pg'
import {
  cancelRequested,
  cancelRun,
  HISTORY_KEPT,
  pruneHistory,
  recordFinishedRun,
  recordRunEnd,
  recordRunStart,
  signalCancelledAgain,
  type RunOwner,
  type RunStart,
} from './history.ts'
import type { RunOutcome } from './run.ts'

/*
 * The runs going on in this server, and when the platform database hears of them (docs/sql-editor.md,
 * "Cancel"; docs/performance.md). A run is written to basalt.sql_runs as running — with the backend that
 * runs it, so that a cancel reaching another server finds it — only once it has run for RECORD_AFTER_MS: a
 * short run is recorded once, when it ends, and nothing of the platform is on its answer's path. Until then
 * this server alone knows it, and a cancel sent to another server looks again after that time.
 */

/** How long a run goes on before it is recorded as running. */
export const RECORD_AFTER_MS = 20

/** A cancel that finds no run looks again after these waits: the run may be too young to be recorded. */
const LOOK_AGAIN_AFTER_MS = [RECORD_AFTER_MS * 2, RECORD_AFTER_MS * 4]

/** Run ids this server remembers after their runs ended, to refuse their reuse without asking the platform. */
const RECENT_IDS = 10_000

/** A member's history is pruned (to HISTORY_KEPT) after every PRUNE_EVERY runs on this server. */
export const PRUNE_EVERY = 50

/** How often, and how many times at most, a cancelled run that still runs is signalled again. */
const RESIGNAL_EVERY_MS = 500
const RESIGNAL_TIMES = 20

/** Signals a backend of the project's database (pg_cancel_backend from the run's own login). */
export type Signal = (pid: number) => Promise<Result<boolean>>

type Recorded = 'recorded' | 'taken' | 'failed'

const sameOwner = (a: RunOwner, b: RunOwner) => a.projectId === b.projectId && a.userId === b.userId

/** A run of this server, from its start until its end is recorded. */
export class LiveRun {
  /**
   * The run id had been used already (found when the run was recorded): the run was signalled to stop, and
   * is answered as refused if that stopped it.
   */
  refused = false
  #cancelAsked = false
  #ending = false
  #timer: NodeJS.Timeout | undefined
  #recording: Promise<Recorded> | undefined
  #signalling: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly db: pg.Pool,
    readonly start: RunStart,
    private readonly signal: Signal,
    private readonly log: (err: unknown, message: string) => void,
  ) {
    this.#timer = setTimeout(() => void this.#record(), RECORD_AFTER_MS)
    this.#timer.unref()
  }

  get owner(): RunOwner {
    return { projectId: this.start.projectId, userId: this.start.userId }
  }

  /** Whether it may still be cancelled: its end is not being recorded yet. */
  get running(): boolean {
    return !this.#ending
  }

  #record(): Promise<Recorded> {
    this.#timer = undefined
    this.#recording ??= recordRunStart(this.db, this.start).then(
      (started): Recorded => {
        if (started.ok) return 'recorded'
        // Another server (or this one before a restart) ran a run with this id: this one must not go on. One
        // that has ended already ran to its end, and is not recorded.
        if (!this.#ending) {
          this.refused = true
          this.#signalBackend()
        }
        return 'taken'
      },
      (err: unknown): Recorded => {
        this.log(err, 'SQL run not recorded as running')
        return 'failed'
      },
    )
    return this.#recording
  }

  #signalBackend(): void {
    this.#cancelAsked = true
    const pid = this.start.pid
    if (pid === null) return
    const previous = this.#signalling
    this.#signalling = previous.then(() => this.signal(pid)).catch(() => {})
  }

  /**
   * Cancels the run from this server: its backend is signalled, and the run waits for the signal before its
   * connection goes back to the pool (see end). Signalled again until it stops, as a cancel from another
   * server is (see LiveRuns.cancel).
   */
  cancel(background: (task: () => Promise<void>) => void): Result<{ cancelled: boolean }> {
    if (this.#ending) return fail('not_found', SQL_RUN_NOT_FOUND_MESSAGE)
    this.#signalBackend()
    const signalled = this.#signalling
    background(async () => {
      await signalled
      for (let i = 0; i < RESIGNAL_TIMES && !this.#ending; i++) {
        await new Promise((resolve) => setTimeout(resolve, RESIGNAL_EVERY_MS))
        if (!this.#ending) this.#signalBackend()
      }
    })
    return ok({ cancelled: true })
  }

  /** Whether the run was asked to stop: here, or (once it is recorded) through another server. */
  async cancelRequested(): Promise<boolean> {
    if (this.#cancelAsked) return true
    if (this.#recording === undefined || (await this.#recording) !== 'recorded') return this.#cancelAsked
    // Waits for a cancel under way on another server (it holds the run's row while it signals).
    return (await cancelRequested(this.db, this.start.runId)) || this.#cancelAsked
  }

  /**
   * Records how the run ended: an update of its record, or — for a run that ended before it was recorded —
   * its one row. Waits for signals under way, and for a cancel holding the row on another server, so that no
   * signal reaches the backend once the connection serves someone else: the run's connection goes back to
   * the pool only once this is done.
   */
  async end(outcome: RunOutcome, answered: Promise<unknown>): Promise<void> {
    this.#ending = true
    clearTimeout(this.#timer)
    // After the answer: the record is not on its path (a failed answer is recorded all the same).
    await answered.catch(() => {})
    await this.#signalling
    if (this.#recording === undefined) {
      this.#recording = Promise.resolve('recorded')
      if (!(await recordFinishedRun(this.db, this.start, outcome))) {
        this.log(null, 'SQL run not kept in the history: its run id was used before')
      }
      return
    }
    if ((await this.#recording) !== 'taken') await recordRunEnd(this.db, this.start.runId, outcome)
  }
}

/** The runs of this server (one per app). */
export class LiveRuns {
  readonly #live = new Map<string, LiveRun>()
  /** Ends being recorded, by run id (see endsRecorded). */
  readonly #ending = new Map<string, { owner: RunOwner; recorded: Promise<unknown> }>()
  readonly #recent = new Set<string>()
  readonly #runsSincePrune = new Map<string, number>()

  constructor(
    private readonly db: pg.Pool,
    private readonly background: (task: () => Promise<void>) => void,
    private readonly log: (err: unknown, message: string) => void,
  ) {}

  /** Starts a run; refuses a run id this server has seen (another server's are refused once recorded). */
  begin(start: RunStart, signal: Signal): Result<LiveRun> {
    const { runId } = start
    if (this.#live.has(runId) || this.#recent.has(runId)) return fail('conflict', SQL_RUN_ID_TAKEN_MESSAGE)
    const run = new LiveRun(this.db, start, signal, this.log)
    this.#live.set(runId, run)
    return ok(run)
  }

  /**
   * Records how a run ended (LiveRun.end), once `answered` (its answer has gone out) settles, and answers its
   * promise, which the run must await before its connection goes back to the pool; meanwhile endsRecorded
   * waits for it. Prunes the member's history now and then, after the record.
   */
  end(run: LiveRun, outcome: RunOutcome, answered: Promise<unknown> = Promise.resolve()): Promise<void> {
    const { runId } = run.start
    const recorded = run.end(outcome, answered).finally(() => {
      this.#ending.delete(runId)
      this.#live.delete(runId)
      this.#remember(runId)
    })
    // Handled here so that a failure before the run awaits it is not an unhandled rejection; the run sees it.
    const settled = recorded.catch(() => {})
    this.#ending.set(runId, { owner: run.owner, recorded: settled })
    if (this.#pruneDue(run.owner)) {
      this.background(async () => {
        await settled
        await pruneHistory(this.db, run.owner, HISTORY_KEPT)
      })
    }
    return recorded
  }

  #remember(runId: string) {
    this.#recent.add(runId)
    if (this.#recent.size > RECENT_IDS) this.#recent.delete(this.#recent.values().next().value!)
  }

  /** Whether the member's history is pruned after this run: the first of every PRUNE_EVERY on this server. */
  #pruneDue(owner: RunOwner): boolean {
    const key = `${owner.projectId}/${owner.userId}`
    const runs = this.#runsSincePrune.get(key) ?? 0
    this.#runsSincePrune.set(key, runs + 1 >= PRUNE_EVERY ? 0 : runs + 1)
    return runs === 0
  }

  /**
   * Waits for this server's runs of the member (or the one run) whose end is still being recorded: a run
   * whose answer arrived is never listed as running here, nor cancelled.
   */
  async endsRecorded(owner: RunOwner, runId?: string): Promise<void> {
    const pending = [...this.#ending.entries()]
      .filter(([id, e]) => (runId ? id === runId : sameOwner(e.owner, owner)))
      .map(([, e]) => e.recorded)
    await Promise.all(pending)
  }

  /**
   * Cancels the member's own running run, on whichever server runs it: this one's at once; another's through
   * its record (cancelRun), looked for again a little later when the run may be too young to have one.
   * A signal that reaches the backend between two statements stops nothing, and the run only looks at its
   * cancel before its next statement: so the run is signalled again until it has stopped.
   */
  async cancel(owner: RunOwner, runId: string, signal: Signal): Promise<Result<{ cancelled: boolean }>> {
    await this.endsRecorded(owner, runId)
    const local = this.#live.get(runId)
    if (local) {
      return sameOwner(local.owner, owner)
        ? local.cancel(this.background)
        : fail('not_found', SQL_RUN_NOT_FOUND_MESSAGE)
    }
    let cancelled = await cancelRun(this.db, owner, runId, signal)
    for (const wait of LOOK_AGAIN_AFTER_MS) {
      if (cancelled.ok || cancelled.error.code !== 'not_found') break
      await new Promise((resolve) => setTimeout(resolve, wait))
      cancelled = await cancelRun(this.db, owner, runId, signal)
    }
    if (cancelled.ok) {
      this.background(async () => {
        for (let i = 0; i < RESIGNAL_TIMES; i++) {
          await new Promise((resolve) => setTimeout(resolve, RESIGNAL_EVERY_MS))
          if (!(await signalCancelledAgain(this.db, runId, signal))) return
        }
      })
    }
    return cancelled
  }
}
