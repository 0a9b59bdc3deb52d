import type { ProjectAccess } from '../platform/projects.ts'
import type { AuthContext } from './session.ts'

/**
 * Granted project access remembered for a moment, so that the burst of requests one screen makes (rows,
 * count, table, entities…) costs one platform lookup, not one each (docs/performance.md). Only grants are
 * kept — a session with its second factor done and a member's access to the route's project — never a
 * refusal, so nothing here can refuse anyone. Every platform write this server handles (sign-out, MFA,
 * password, members, invitations, projects: {@link invalidatesAccess}) empties it before and after it
 * runs; another replica's writes reach this one within the TTL (docs/permissions.md).
 */
export interface GrantedAccess {
  auth: AuthContext
  access: ProjectAccess
}

export const ACCESS_CACHE_TTL_MS = 1_000

export class AccessCache {
  readonly #entries = new Map<string, { granted: GrantedAccess; until: number }>()

  constructor(
    private readonly ttlMs = ACCESS_CACHE_TTL_MS,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: string): GrantedAccess | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    if (this.now() > entry.until) {
      this.#entries.delete(key)
      return undefined
    }
    return entry.granted
  }

  set(key: string, granted: GrantedAccess): void {
    this.#entries.delete(key)
    this.#entries.set(key, { granted, until: this.now() + this.ttlMs })
    if (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!)
  }

  clear(): void {
    this.#entries.clear()
  }
}

/** The platform's own areas: a request writing there may change who may do what. */
const PLATFORM_WRITE_AREAS = ['/api/auth/', '/api/account', '/api/organizations', '/api/invitations', '/api/projects']

export function invalidatesAccess(method: string, url: string): boolean {
  return method !== 'GET' && method !== 'HEAD' && PLATFORM_WRITE_AREAS.some((area) => url.startsWith(area))
}
