import { fail, ok, type Result } from '@basalt/contracts'
import type { SqlRunBudget } from '../config.ts'
import type { RowMeter } from '../db/row-guard.ts'

/*
 * What the SQL editor's runs may hold at once on one server (issue 23 point 8): a run reads its results a
 * batch at a time (run.ts), but many runs of large results at once still add up — 20 of them took a server
 * to 5.2 GB. So runs take a place among a server-wide and a per-organisation number of concurrent runs
 * before they take a connection, and the bytes of rows they have read and not yet written out count against
 * a server-wide and a per-organisation budget. A run beyond the number waits briefly for a place, then is
 * refused (503 database_busy); a run whose rows would pass a memory budget is stopped with a sentence. One
 * organisation's runs never take the places or the memory of another beyond its own share.
 */

export type RunBudgetLimits = SqlRunBudget

const MB = 1024 * 1024

/** SQL_RUNS_MAX, SQL_RUNS_PER_ORG, SQL_RESULTS_MEMORY_MB, SQL_RESULTS_MEMORY_PER_ORG_MB (README). */
export const DEFAULT_RUN_BUDGET: RunBudgetLimits = { runs: 32, runsPerOrg: 8, bytes: 1024 * MB, bytesPerOrg: 512 * MB }

/** How long a run waits for a place before it is refused. */
export const RUN_PLACE_WAIT_MS = 2_000

const runsOf = (n: number) => `${n} SQL ${n === 1 ? 'query' : 'queries'}`

export const orgRunsFullMessage = (n: number) =>
  `Your organisation is running ${runsOf(n)} at once, as many as this server runs for one organisation: run this again when one has finished, or stop one.`
export const serverRunsFullMessage = (n: number) =>
  `This server is running ${runsOf(n)} at once, as many as it runs: try again in a moment.`
export const orgBytesFullMessage = (bytes: number) =>
  `Your organisation's queries are holding ${bytes / MB} MB of results at once, as much as this server holds for one organisation: this query was stopped and its transaction rolled back. Run it again when the others have finished, or select fewer rows.`
export const serverBytesFullMessage = (bytes: number) =>
  `This server is holding ${bytes / MB} MB of query results at once, as much as it holds: this query was stopped and its transaction rolled back. Try again in a moment, or select fewer rows.`

/** A run's place in the budget: its rows' bytes (a RowMeter for db/row-guard.ts), given back as it goes. */
export class RunPlace implements RowMeter {
  #held = 0
  #ended = false

  constructor(
    private readonly budget: RunBudget,
    readonly organizationId: string,
  ) {}

  take(bytes: number): string | null {
    if (this.#ended) return null
    const refused = this.budget.takeBytes(this.organizationId, bytes)
    if (!refused) this.#held += bytes
    return refused
  }

  /** The rows read so far have been answered (or dropped): their bytes go back to the budget. */
  settle(): void {
    this.budget.giveBytes(this.organizationId, this.#held)
    this.#held = 0
  }

  /** The run is over: its place and its bytes go back. */
  end(): void {
    if (this.#ended) return
    this.settle()
    this.#ended = true
    this.budget.leave(this.organizationId)
  }
}

/** The places and bytes of this server's runs (one per app). */
export class RunBudget {
  #runs = 0
  #bytes = 0
  readonly #orgRuns = new Map<string, number>()
  readonly #orgBytes = new Map<string, number>()
  readonly #waiting: (() => void)[] = []

  constructor(
    readonly limits: RunBudgetLimits = DEFAULT_RUN_BUDGET,
    private readonly waitMs = RUN_PLACE_WAIT_MS,
  ) {}

  /** What the server's runs hold now, and an organisation's. */
  usage(organizationId: string): { runs: number; bytes: number; orgRuns: number; orgBytes: number } {
    return {
      runs: this.#runs,
      bytes: this.#bytes,
      orgRuns: this.#orgRuns.get(organizationId) ?? 0,
      orgBytes: this.#orgBytes.get(organizationId) ?? 0,
    }
  }

  #full(organizationId: string): string | null {
    if ((this.#orgRuns.get(organizationId) ?? 0) >= this.limits.runsPerOrg) {
      return orgRunsFullMessage(this.limits.runsPerOrg)
    }
    if (this.#runs >= this.limits.runs) return serverRunsFullMessage(this.limits.runs)
    return null
  }

  /** A place for a run of the organisation: at once, or after waiting briefly for one, or refused. */
  async enter(organizationId: string): Promise<Result<RunPlace>> {
    const deadline = Date.now() + this.waitMs
    let full = this.#full(organizationId)
    while (full && Date.now() < deadline) {
      // Woken when any run leaves (the place freed may be another organisation's: look again).
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, Math.max(1, deadline - Date.now()))
        function wake() {
          clearTimeout(timer)
          resolve()
        }
        this.#waiting.push(wake)
      })
      full = this.#full(organizationId)
    }
    if (full) return fail('database_busy', full)
    this.#runs++
    this.#orgRuns.set(organizationId, (this.#orgRuns.get(organizationId) ?? 0) + 1)
    return ok(new RunPlace(this, organizationId))
  }

  leave(organizationId: string): void {
    this.#runs--
    const left = (this.#orgRuns.get(organizationId) ?? 1) - 1
    if (left === 0) this.#orgRuns.delete(organizationId)
    else this.#orgRuns.set(organizationId, left)
    for (const wake of this.#waiting.splice(0)) wake()
  }

  takeBytes(organizationId: string, bytes: number): string | null {
    const org = (this.#orgBytes.get(organizationId) ?? 0) + bytes
    if (org > this.limits.bytesPerOrg) return orgBytesFullMessage(this.limits.bytesPerOrg)
    if (this.#bytes + bytes > this.limits.bytes) return serverBytesFullMessage(this.limits.bytes)
    this.#orgBytes.set(organizationId, org)
    this.#bytes += bytes
    return null
  }

  giveBytes(organizationId: string, bytes: number): void {
    if (bytes === 0) return
    this.#bytes -= bytes
    const left = (this.#orgBytes.get(organizationId) ?? bytes) - bytes
    if (left <= 0) this.#orgBytes.delete(organizationId)
    else this.#orgBytes.set(organizationId, left)
  }
}
