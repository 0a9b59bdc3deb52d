import type { BackupService } from '../backups/service.ts'
import type { DbContext } from '../db/context.ts'
import type { PlatformEvents } from './events.ts'
import type { SetupStep } from './projects.ts'
import type { Backoff, Ceiling } from './rate-limit.ts'

/**
 * Sign-in limits, after OWASP's authentication cheat sheet: per account and address (or per browser that
 * signed in to the account before) a few free attempts, then a delay that doubles; per address a ceiling
 * well above what people behind one proxy mistype. No limit per account alone: whoever knows an e-mail
 * could then keep its owner out.
 */
export interface RateLimits {
  /** Sign-in attempts of one account from one address, or from one trusted browser. */
  signIn: Backoff
  /** Sign-in attempts from one address, whatever the account (trusted browsers are not counted). */
  address: Ceiling
  /** Second-factor codes per user. */
  mfa: Ceiling
  /** Connection tests (network probes to an address the caller chooses) per user. */
  probe: Ceiling
}

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: { free: 5, delayMs: 60_000, maxDelayMs: 60 * 60_000, forgetMs: 24 * 3600_000 },
  address: { max: 100, windowMs: 15 * 60_000 },
  mfa: { max: 5, windowMs: 15 * 60_000 },
  probe: { max: 20, windowMs: 15 * 60_000 },
}

/** What every platform function works with; built once per app. */
export interface PlatformContext extends DbContext {
  rateLimits: RateLimits
  /** What this server tells every server on the platform database (pauses, deletes, access changes). */
  events: PlatformEvents
  /**
   * Asks for a project to be set up (created, restored, resumed): a durable job when the platform database
   * runs the job queue, else work after the response.
   */
  requestSetUp(ref: string): Promise<void>
  /** Tests only: runs after each step of a project's set-up (to stop a server there). */
  afterSetupStep?: (ref: string, step: SetupStep) => Promise<void> | void
  /** Runs work after the response; the app waits for it on close. */
  background(task: () => Promise<void>): void
  /** Backups and restores of embedded projects (backups/service.ts); set once the app is built. */
  backups?: BackupService
}

/** Who performs an action, and from where — for the audit log. */
export interface Actor {
  id: string
  email: string
  ip: string | null
}
