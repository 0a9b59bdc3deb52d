import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { TableRowsParams } from '@basalt/contracts'
import { routes } from '../../../app/router'
import { mockFetch, renderRoutes, testProject, testSession } from '../../../test/helpers'
import { PROJECT_MESSAGES } from '../../../project/messages'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { impersonationStore } from '../../../project/role-impersonation/role-impersonation-store'
import { authUsersPage, pgTable } from '../../../test/pg-meta-fixtures'

// The grid when a read fails (spec 1 §2 error panel, §7): the error takes the rows' place at once, whatever
// was on screen before, and the way back (Remove all filters, Refresh) works.

const base = '/api/platform/pg-meta/abc'
const BAD_FILTER = { status: 400, body: { code: 'pg_error', message: 'invalid input syntax for type bigint: "abc"' } }
/** Auth users need not have RFC 9562 ids: Postgres gives any 128-bit value. */
const ONES = { id: '11111111-1111-1111-1111-111111111111', email: 'ones@example.com', phone: null, user_metadata: {} }

type Body = TableRowsParams & { impersonation?: { role: string; userId?: string } }
type Answer = { status?: number; body?: unknown }

// Rows are told apart by id: the only data column jsdom's zero-width grid renders.
const rowsOf = (...ids: number[]) => ({
  rows: ids.map((id, i) => ({ idx: i, data: { id, title: `Todo ${id}`, due_at: null }, truncated: [] })),
  fields: [],
  primaryKey: ['id'],
})
/** What the service role reads: every row. */
const SERVICE_ROWS = rowsOf(9001, 9002, 9003)

/**
 * The API of one table, todos; `rows` answers each rows call (by default: the service role's three rows, or
 * the filter error for a filter value of 'abc'), and the count follows the same filters.
 */
function setup(rows: (body: Body) => Answer = () => ({ body: SERVICE_ROWS })) {
  const refused = (body: { filters?: Array<{ value: string }> }) => body.filters?.some((f) => f.value === 'abc')
  return mockFetch({
    'GET /api/auth/session': { body: testSession() },
    'GET /api/projects/abc': { body: testProject({ ref: 'abc' }) },
    [`GET ${base}/schemas`]: { body: [{ id: 1, name: 'public', owner: 'postgres', protected: false }] },
    [`GET ${base}/entities`]: {
      body: {
        entities: [{ id: 42, schema: 'public', name: 'todos', type: 'table', comment: null, rls_enabled: true }],
        page: 1,
        total: 1,
        hasMore: false,
      },
    },
    [`GET ${base}/tables`]: { body: pgTable() },
    [`GET ${base}/foreign-keys`]: { body: [] },
    [`GET /api/platform/auth/abc/users`]: { body: authUsersPage([ONES]) },
    [`POST ${base}/table-rows`]: ({ body }) => (refused(body as Body) ? BAD_FILTER : rows(body as Body)),
    [`POST ${base}/table-count`]: ({ body }) =>
      refused(body as Body) ? BAD_FILTER : { body: { count: 3, is_estimate: false } },
  })
}

const rowsCalls = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls.filter((c) => c.path === `${base}/table-rows`).map((c) => c.body as Body)
/** The first answer waits on the page's code loading, slow on a busy machine. */
const LOADING = { timeout: 5000 }
const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search)
/** The grid's error panel (the count error in the footer is an alert too). */
const rowsErrorAlert = () =>
  screen.getAllByRole('alert').find((el) => el.textContent?.includes(TABLE_EDITOR_MESSAGES.rowsError))

describe('the grid when a read fails', () => {
  beforeEach(() => impersonationStore.reset())

  it("shows Postgres's error for a filter value the column's type refuses, asks once, and the count settles", async () => {
    const { calls } = setup()
    renderRoutes(routes, ['/project/abc/editor/42?filter=id:eq:abc'])
    const panel = await screen.findByText(TABLE_EDITOR_MESSAGES.rowsError, {}, LOADING)
    expect(panel.closest('[role="alert"]')).toHaveTextContent('invalid input syntax for type bigint: "abc"')
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.countError)).toBeInTheDocument()
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()
    // A 400 is the same answer every time: no retry keeps Refresh busy.
    expect(rowsCalls(calls)).toHaveLength(1)
    expect(screen.getByRole('button', { name: TABLE_EDITOR_MESSAGES.refresh })).not.toHaveAttribute('aria-disabled')
  })

  it('offers Remove all filters in the error panel, which brings the rows back', async () => {
    const user = userEvent.setup()
    setup()
    const { router } = renderRoutes(routes, ['/project/abc/editor/42?filter=id:eq:abc&sort=title:asc'])
    await screen.findByText(TABLE_EDITOR_MESSAGES.rowsError, {}, LOADING)
    await user.click(screen.getByRole('button', { name: TABLE_EDITOR_MESSAGES.removeAllFilters }))
    await waitFor(() => expect(search(router).getAll('filter')).toEqual([]))
    expect(search(router).getAll('sort')).toEqual(['title:asc'])
    const grid = await screen.findByRole('grid', { name: 'Rows of public.todos' })
    expect(within(grid).getByText('9001')).toBeInTheDocument()
    expect(screen.queryByText(TABLE_EDITOR_MESSAGES.rowsError)).not.toBeInTheDocument()
  })

  it('offers no Remove all filters when no filter is applied', async () => {
    setup(() => ({ status: 400, body: { code: 'pg_error', message: 'permission denied for table todos' } }))
    renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText('permission denied for table todos', {}, LOADING)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: TABLE_EDITOR_MESSAGES.removeAllFilters })).not.toBeInTheDocument()
  })

  it('replaces rows on screen with the error when Refresh fails, and shows rows again when it succeeds', async () => {
    const user = userEvent.setup()
    let answer: Answer = { body: SERVICE_ROWS }
    const { calls } = setup(() => answer)
    renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText('9001', {}, LOADING)).toBeInTheDocument()

    answer = { status: 400, body: { code: 'pg_error', message: 'permission denied for table todos' } }
    const refresh = screen.getByRole('button', { name: TABLE_EDITOR_MESSAGES.refresh })
    await user.click(refresh)
    expect(await screen.findByText('permission denied for table todos')).toBeInTheDocument()
    expect(screen.queryByText('9001')).not.toBeInTheDocument()
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()
    expect(refresh).toHaveFocus()

    answer = { body: rowsOf(5001) }
    await user.click(refresh)
    expect(await screen.findByText('5001')).toBeInTheDocument()
    expect(screen.queryByText(TABLE_EDITOR_MESSAGES.rowsError)).not.toBeInTheDocument()
    expect(rowsCalls(calls)).toHaveLength(3)
  })

  it('shows a failure that will be retried at once, not the rows from before', async () => {
    const user = userEvent.setup()
    let answer: Answer = { body: SERVICE_ROWS }
    setup(() => answer)
    const { queryClient } = renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText('9001', {}, LOADING)).toBeInTheDocument()

    // A 503 may pass: it is retried 5 s later (spec 1 §7), and shown meanwhile.
    answer = { status: 503, body: { code: 'database_restarting', message: 'The database is restarting.' } }
    await user.click(screen.getByRole('button', { name: TABLE_EDITOR_MESSAGES.refresh }))
    expect(await screen.findByText('The database is restarting.')).toBeInTheDocument()
    expect(screen.getByText(TABLE_EDITOR_MESSAGES.rowsError)).toBeInTheDocument()
    expect(screen.queryByText('9001')).not.toBeInTheDocument()
    await queryClient.cancelQueries()
  })

  it('shows the error, never the rows read before, when reading as an impersonated user fails', async () => {
    const user = userEvent.setup()
    const { calls } = setup((body) =>
      body.impersonation
        ? { status: 400, body: { code: 'validation_failed', message: 'impersonation.userId: Invalid UUID' } }
        : { body: SERVICE_ROWS },
    )
    renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText('9001', {}, LOADING)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Role service_role' }))
    const settings = await screen.findByRole('dialog', { name: PROJECT_MESSAGES.roleSettingsTitle })
    await user.click(within(settings).getByRole('radio', { name: 'authenticated' }))
    await user.click(await within(settings).findByRole('button', { name: ONES.email }))

    expect(await screen.findByText('impersonation.userId: Invalid UUID')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: `Role authenticated (${ONES.email})` })).toBeInTheDocument()
    expect(screen.queryByText('9001')).not.toBeInTheDocument()
    expect(rowsCalls(calls).at(-1)?.impersonation).toEqual({ role: 'authenticated', userId: ONES.id })
  })

  it("shows no rows while another role's rows load", async () => {
    const user = userEvent.setup()
    let release = () => {}
    const anonAnswered = new Promise<void>((resolve) => (release = resolve))
    const { fn } = setup((body) => ({ body: body.impersonation ? rowsOf(7001) : SERVICE_ROWS }))
    // The anon read is held until released, to look at the grid while it loads.
    const answer = fn.getMockImplementation()!
    fn.mockImplementation(async (input, init) => {
      if (typeof init?.body === 'string' && init.body.includes('"anon"')) await anonAnswered
      return answer(input, init)
    })
    renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText('9001', {}, LOADING)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Role service_role' }))
    const settings = await screen.findByRole('dialog', { name: PROJECT_MESSAGES.roleSettingsTitle })
    await user.click(within(settings).getByRole('radio', { name: 'anon' }))
    expect(await screen.findByRole('button', { name: 'Role anon' })).toBeInTheDocument()
    expect(screen.queryByText('9001')).not.toBeInTheDocument()
    expect(screen.queryByRole('grid')).not.toBeInTheDocument()

    release()
    expect(await screen.findByText('7001')).toBeInTheDocument()
  })

  it('moves the focus from the grid it replaces to the error panel', async () => {
    const user = userEvent.setup()
    let answer: Answer = { body: SERVICE_ROWS }
    setup(() => answer)
    const { queryClient } = renderRoutes(routes, ['/project/abc/editor/42'])
    await user.click(await screen.findByText('9002', {}, LOADING))
    expect(screen.getByRole('grid')).toContainElement(document.activeElement as HTMLElement)

    answer = { status: 400, body: { code: 'pg_error', message: 'permission denied for table todos' } }
    await queryClient.invalidateQueries()
    const alert = await waitFor(() => {
      const found = rowsErrorAlert()
      expect(found).toBeDefined()
      return found!
    })
    expect(document.activeElement).not.toBe(document.body)
    expect(document.activeElement).toContainElement(alert)
  })
})
