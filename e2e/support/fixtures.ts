// What every journey file starts from, made through the API rather than by an earlier journey: the owner of
// the installation (signed up on first use), and for each file the people, organisations and projects it
// needs. Each file makes its own, under its own names, so that files run in parallel and a failure in one
// leaves the others as they were.
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'
import { watchAccessibility } from './accessibility'
import { OWNER, OWNER_ORGANIZATION, type Person } from './journey'

export { expect }

export type OrgRole = 'owner' | 'administrator' | 'developer' | 'read_only'

export interface Organization {
  slug: string
  name: string
}

/** A project is usable once its database is up: creating one answers before it is. */
const PROJECT_ACTIVE_TIMEOUT_MS = 90_000

/** The CSRF token the server handed this client (every safe request hands one out when it lacks it). */
async function csrfOf(request: APIRequestContext): Promise<Record<string, string>> {
  const cookie = (await request.storageState()).cookies.find((c) => c.name === 'basalt_csrf')
  if (!cookie) throw new Error('The server handed out no basalt_csrf cookie')
  return { 'x-csrf-token': decodeURIComponent(cookie.value) }
}

/** A JSON call that must succeed; its failure names the call and the server's answer. */
async function call<T>(request: APIRequestContext, method: 'GET' | 'POST', url: string, data?: unknown): Promise<T> {
  const response =
    method === 'GET' ? await request.get(url) : await request.post(url, { data, headers: await csrfOf(request) })
  if (!response.ok()) throw new Error(`${method} ${url}: ${response.status()} ${await response.text()}`)
  const text = await response.text()
  return (text ? JSON.parse(text) : undefined) as T
}

/** Signs a client in with the password (no second factor: only journey 2 enrols one, for its own user). */
async function signInWith(request: APIRequestContext, person: Person): Promise<void> {
  await request.get('/api/auth/state')
  await call(request, 'POST', '/api/auth/sign-in', { email: person.email, password: person.password })
}

/**
 * Signs the browser of `page` in as `person` through the API (the sign-in page has journeys of its own), so
 * the next page it opens is signed in.
 */
export async function signIn(page: Page, person: Person): Promise<void> {
  await signInWith(page.request, person)
}

/** What the owner does through the API for the journeys: organisations, projects, members. */
export class Platform {
  constructor(
    private readonly owner: APIRequestContext,
    private readonly newClient: () => Promise<APIRequestContext>,
    /** The organisation the owner's sign-up made; it holds the default project. */
    readonly ownerOrganization: Organization,
  ) {}

  async createOrganization(name: string): Promise<Organization> {
    const created = await call<{ slug: string; name: string }>(this.owner, 'POST', '/api/organizations', { name })
    return { slug: created.slug, name: created.name }
  }

  /** A project with a new database in an organisation, once it is active; its ref. */
  async createProject(organization: Organization, name: string): Promise<string> {
    const { ref } = await call<{ ref: string }>(
      this.owner,
      'POST',
      `/api/organizations/${organization.slug}/projects`,
      { name },
    )
    await this.waitUntilActive(ref)
    return ref
  }

  async waitUntilActive(ref: string): Promise<void> {
    await expect
      .poll(async () => (await call<{ status: string }>(this.owner, 'GET', `/api/projects/${ref}`)).status, {
        message: `project ${ref} becomes active`,
        timeout: PROJECT_ACTIVE_TIMEOUT_MS,
        intervals: [250, 500, 1000],
      })
      .toBe('active')
  }

  /** An invite link to the organisation for `role` (for `email` only, when given). */
  async invitation(organization: Organization, role: OrgRole, email?: string): Promise<string> {
    const created = await call<{ token: string }>(
      this.owner,
      'POST',
      `/api/organizations/${organization.slug}/invitations`,
      { role, ...(email ? { email } : {}) },
    )
    return created.token
  }

  /**
   * A new person with `role` in the organisation (the owner's by default), signed up through an invitation.
   * `tag` keeps their address apart from every other journey's.
   */
  async member(tag: string, role: OrgRole, organization = this.ownerOrganization): Promise<Person> {
    const person: Person = {
      name: `${role.replace('_', '-')} ${tag}`,
      email: `${tag}.${role.replace('_', '-')}@journeys.example`,
      password: `basalt-${tag}-pass-1`,
    }
    const inviteToken = await this.invitation(organization, role, person.email)
    const client = await this.newClient()
    try {
      await client.get('/api/auth/state')
      const signedUp = await client.post('/api/auth/sign-up', {
        data: { email: person.email, password: person.password, displayName: person.name, inviteToken },
        headers: await csrfOf(client),
      })
      // A worker that starts again after a failed test makes its file's people again: they signed up before,
      // with this invitation's organisation and role, and sign in as they are instead of failing every test
      // that follows.
      if (signedUp.status() === 409) await signInWith(client, person)
      else if (!signedUp.ok()) throw new Error(`POST /api/auth/sign-up: ${signedUp.status()} ${await signedUp.text()}`)
    } finally {
      await client.dispose()
    }
    return person
  }
}

/**
 * The owner of the installation: signed up through the API when the server has none yet (a fresh data
 * directory), signed in otherwise. Two workers may both find none; the second sign-up is refused, and
 * that worker signs in.
 */
async function ownerClient(newClient: () => Promise<APIRequestContext>): Promise<APIRequestContext> {
  const client = await newClient()
  const state = await call<{ needsSetup: boolean }>(client, 'GET', '/api/auth/state')
  if (state.needsSetup) {
    const signedUp = await client.post('/api/auth/sign-up', {
      data: { email: OWNER.email, password: OWNER.password, displayName: OWNER.name },
      headers: await csrfOf(client),
    })
    if (signedUp.ok()) return client
  }
  await signInWith(client, OWNER)
  return client
}

/**
 * Playwright's test with axe on every page the journey's browser context visits (support/accessibility.ts):
 * a serious or critical WCAG 2.1 A/AA violation on any of them fails the test; so does an uncaught error or
 * unhandled rejection in any of its pages, which a user would meet as a page that stopped working. For
 * journeys that need no people or projects made for them (the first-run installation's).
 */
export const accessibleTest = base.extend({
  context: async ({ context }, use) => {
    const watcher = watchAccessibility(context)
    const pageErrors: string[] = []
    context.on('weberror', (error) => {
      const e = error.error()
      pageErrors.push(`${error.page()?.url() ?? 'a page'}: ${e.stack ?? e.message}`)
    })
    await use(context)
    await watcher.finish()
    expect(pageErrors, 'uncaught errors in the pages of this journey').toEqual([])
  },
})

export const test = accessibleTest.extend<object, { platform: Platform }>({
  platform: [
    async ({ playwright }, use, workerInfo) => {
      const baseURL = workerInfo.project.use.baseURL
      const newClient = () => playwright.request.newContext({ baseURL })
      const owner = await ownerClient(newClient)
      const organizations = await call<Organization[]>(owner, 'GET', '/api/organizations')
      const home = organizations.find((o) => o.name === OWNER_ORGANIZATION)
      if (!home) throw new Error(`The owner has no organization named ${OWNER_ORGANIZATION}`)
      const platform = new Platform(owner, newClient, { slug: home.slug, name: home.name })
      // The default project's database comes up with the server: journeys seed it straight away.
      await platform.waitUntilActive('default')
      await use(platform)
      await owner.dispose()
    },
    // Every worker: a journey signing in as the owner needs the owner to exist, whether or not it asks for this.
    { scope: 'worker', auto: true, timeout: 120_000 },
  ],
})
