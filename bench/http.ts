// What the bench's parts share: a free port, an HTTP client with Basalt's session cookies, waiting for HTTP.
import { freePort } from '@basalt/server/src/db/ports.ts'

export { freePort }

/** A browser for the bench: keeps cookies and sends the CSRF header the way the web app does. */
export class Client {
  cookies = new Map<string, string>()
  constructor(readonly base: string) {}

  /** The session cookie, and the CSRF header on a state-changing call. */
  headers(method = 'GET'): Record<string, string> {
    const headers: Record<string, string> = { cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ') }
    const csrf = this.cookies.get('basalt_csrf')
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf
    return headers
  }

  async fetch(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    for (const [name, value] of Object.entries(this.headers(init.method))) headers.set(name, value)
    const res = await fetch(this.base + pathname, { ...init, headers })
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';')
      const at = pair!.indexOf('=')
      this.cookies.set(pair!.slice(0, at), pair!.slice(at + 1))
    }
    return res
  }

  async json<T>(pathname: string, init: RequestInit = {}): Promise<T> {
    const res = await this.fetch(pathname, init)
    if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${pathname}: ${res.status} ${await res.text()}`)
    return (await res.json()) as T
  }
}

/** Polls a URL until it answers 2xx. */
export async function waitForHttp(url: string, deadlineMs: number): Promise<void> {
  const end = Date.now() + deadlineMs
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  throw new Error(`${url} did not answer within ${deadlineMs} ms`)
}
