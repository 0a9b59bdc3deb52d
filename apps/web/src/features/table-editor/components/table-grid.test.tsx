import { beforeEach, describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { permissionsOf, type TableRowsParams } from '@basalt/contracts'
import { routes } from '../../../app/router'
import { mockFetch, renderRoutes, testProject, testSession } from '../../../test/helpers'
import { UI_MESSAGES } from '../../../ui/messages'
import { PROJECT_MESSAGES } from '../../../project/messages'
import { TABLE_EDITOR_MESSAGES } from '../messages'
import { impersonationStore } from '../../../project/role-impersonation/role-impersonation-store'
import { authUsersPage, pgTable } from '../../../test/pg-meta-fixtures'

const base = '/api/platform/pg-meta/abc'

function rowsOf(n: number, offset = 0) {
  return Array.from({ length: n }, (_, i) => ({
    idx: offset + i,
    data: { id: offset + i + 1, title: `Todo ${offset + i + 1}`, due_at: null },
    truncated: [],
  }))
}

function setup(
  overrides: Record<string, Parameters<typeof mockFetch>[0][string]> = {},
  options: { total?: number; permissions?: ReturnType<typeof permissionsOf> } = {},
) {
  const total = options.total ?? 3
  return mockFetch({
    'GET /api/auth/session': { body: testSession() },
    'GET /api/projects/abc': {
      body: testProject({ ref: 'abc', ...(options.permissions ? { permissions: options.permissions } : {}) }),
    },
    [`GET ${base}/schemas`]: {
      body: [
        { id: 1, name: 'public', owner: 'postgres', protected: false },
        { id: 2, name: 'auth', owner: 'postgres', protected: true },
      ],
    },
    [`GET ${base}/entities`]: {
      body: {
        entities: [{ id: 42, schema: 'public', name: 'todos', type: 'table', comment: null, rls_enabled: false }],
        page: 1,
        total: 1,
        hasMore: false,
      },
    },
    [`GET ${base}/tables`]: { body: pgTable() },
    [`GET ${base}/foreign-keys`]: { body: [] },
    [`POST ${base}/table-rows`]: ({ body }) => {
      const { page = 1, limit = 100 } = body as TableRowsParams
      const from = (page - 1) * limit
      return {
        body: { rows: rowsOf(Math.max(0, Math.min(limit, total - from)), from), fields: [], primaryKey: ['id'] },
      }
    },
    [`POST ${base}/table-count`]: { body: { count: total, is_estimate: false } },
    ...overrides,
  })
}

const rowsCalls = (calls: ReturnType<typeof mockFetch>['calls']) =>
  calls
    .filter((c) => c.path === `${base}/table-rows`)
    .map((c) => c.body as TableRowsParams & { impersonation?: unknown })

const search = (router: { state: { location: { search: string } } }) =>
  new URLSearchParams(router.state.location.search)

describe('table editor grid', () => {
  beforeEach(() => impersonationStore.reset())

  it('replaces the not-available page with the entity list and a select-a-table state', async () => {
    setup()
    renderRoutes(routes, ['/project/abc/editor'])
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.selectTableTitle)).toBeInTheDocument()
    expect(screen.queryByText(UI_MESSAGES.notAvailable)).not.toBeInTheDocument()
    const list = screen.getByRole('navigation', { name: 'Tables' })
    expect(await within(list).findByRole('link', { name: /todos/ })).toHaveAttribute('href', '/project/abc/editor/42')
  })

  it('sorted by entity type, opens each group of the list with its heading', async () => {
    const user = userEvent.setup()
    const entity = (id: number, name: string, type: string) => ({
      id,
      schema: 'public',
      name,
      type,
      comment: null,
      rls_enabled: false,
    })
    // The server orders by type, then name, when asked for 'grouped-alphabetical'.
    const sorts: Array<string | null> = []
    setup({
      [`GET ${base}/entities`]: ({ url }) => {
        sorts.push(url.searchParams.get('sort'))
        return {
          body: {
            entities: [entity(1, 'orders', 'table'), entity(2, 'todos', 'table'), entity(3, 'open_orders', 'view')],
            page: 1,
            total: 3,
            hasMore: false,
          },
        }
      },
    })
    renderRoutes(routes, ['/project/abc/editor'])
    const list = await screen.findByRole('navigation', { name: 'Tables' })
    await within(list).findByRole('link', { name: /open_orders/ })
    expect(within(list).queryByRole('heading')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Sort entities' }))
    await user.click(await screen.findByRole('menuitemradio', { name: 'Entity type' }))
    await waitFor(() =>
      expect(
        within(list)
          .getAllByRole('heading')
          .map((h) => h.textContent),
      ).toEqual(['Tables', 'Views']),
    )
    expect(sorts).toContain('grouped-alphabetical')
  })

  it('shows the no-access page without tenant SQL read', async () => {
    setup({}, { permissions: permissionsOf('owner').filter((p) => p !== 'tenant_sql:read') })
    renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText(UI_MESSAGES.noAccessTitle)).toBeInTheDocument()
  })

  it('restores saved filters and sorts into the URL when it has none', async () => {
    localStorage.setItem(
      'basalt-grid-state-abc',
      JSON.stringify({
        42: {
          gridColumns: [],
          sorts: [{ column: 'id', ascending: false }],
          filters: [{ column: 'title', operator: '~~*', value: '%a:b%' }],
        },
      }),
    )
    const { calls } = setup()
    const { router } = renderRoutes(routes, ['/project/abc/editor/42'])
    await waitFor(() => expect(search(router).getAll('filter')).toEqual(['title:ilike:%a:b%']))
    expect(search(router).getAll('sort')).toEqual(['id:desc'])
    await waitFor(() => expect(rowsCalls(calls).length).toBeGreaterThan(0))
    // Only the restored state is ever fetched.
    for (const body of rowsCalls(calls)) {
      expect(body.filters).toEqual([{ column: 'title', operator: '~~*', value: '%a:b%' }])
      expect(body.sorts).toEqual([{ column: 'id', ascending: false }])
    }
  })

  it('lets URL params win over the saved state', async () => {
    localStorage.setItem(
      'basalt-grid-state-abc',
      JSON.stringify({ 42: { gridColumns: [], sorts: [{ column: 'id', ascending: false }], filters: [] } }),
    )
    setup()
    const { router } = renderRoutes(routes, ['/project/abc/editor/42?sort=title:asc'])
    expect(await screen.findByRole('button', { name: 'Sorted by 1 rule' })).toBeInTheDocument()
    expect(search(router).getAll('sort')).toEqual(['title:asc'])
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('basalt-grid-state-abc')!)['42'].sorts).toEqual([
        { column: 'title', ascending: true },
      ]),
    )
  })

  it('applying a filter writes the URL and starts again at page 1', async () => {
    const user = userEvent.setup()
    const { calls } = setup({}, { total: 250 })
    const { router } = renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText('250 records')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(rowsCalls(calls).at(-1)?.page).toBe(2))
    expect(screen.getByRole('textbox', { name: 'Page number' })).toHaveValue('2')

    await user.click(screen.getByRole('button', { name: 'Filter' }))
    const popover = await screen.findByRole('dialog', { name: 'Filters' })
    await user.click(within(popover).getByRole('button', { name: 'Add filter' }))
    await user.selectOptions(within(popover).getByRole('combobox', { name: 'Column' }), 'title')
    await user.type(within(popover).getByRole('textbox', { name: 'Value' }), 'a:b')
    await user.click(within(popover).getByRole('button', { name: 'Apply filter' }))

    await waitFor(() => expect(search(router).getAll('filter')).toEqual(['title:eq:a:b']))
    await waitFor(() =>
      expect(rowsCalls(calls).at(-1)).toMatchObject({
        page: 1,
        filters: [{ column: 'title', operator: '=', value: 'a:b' }],
      }),
    )
    expect(screen.getByRole('textbox', { name: 'Page number' })).toHaveValue('1')
  })

  it('changing sorts keeps the page', async () => {
    const user = userEvent.setup()
    const { calls } = setup({}, { total: 250 })
    const { router } = renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText('250 records')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await waitFor(() => expect(rowsCalls(calls).at(-1)?.page).toBe(2))

    await user.click(screen.getByRole('button', { name: 'Sort' }))
    const popover = await screen.findByRole('dialog', { name: 'Sorts' })
    await user.selectOptions(within(popover).getByRole('combobox', { name: 'Pick a column to sort by' }), 'title')
    await user.click(within(popover).getByRole('button', { name: 'Apply sorting' }))
    await waitFor(() => expect(search(router).getAll('sort')).toEqual(['title:asc']))
    await waitFor(() =>
      expect(rowsCalls(calls).at(-1)).toMatchObject({ page: 2, sorts: [{ column: 'title', ascending: true }] }),
    )
  })

  it('clamps the page input between 1 and the last page', async () => {
    const user = userEvent.setup()
    const { calls } = setup({}, { total: 250 })
    renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText('250 records')).toBeInTheDocument()
    const input = screen.getByRole('textbox', { name: 'Page number' })
    await user.clear(input)
    await user.type(input, '99{Enter}')
    await waitFor(() => expect(rowsCalls(calls).at(-1)?.page).toBe(3))
  })

  it('says "All columns have been added" when every column is sorted', async () => {
    const user = userEvent.setup()
    setup()
    renderRoutes(routes, ['/project/abc/editor/42?sort=id:asc&sort=title:desc&sort=due_at:asc'])
    await user.click(await screen.findByRole('button', { name: 'Sorted by 3 rules' }))
    const popover = await screen.findByRole('dialog', { name: 'Sorts' })
    expect(within(popover).getByText(TABLE_EDITOR_MESSAGES.allColumnsAdded)).toBeInTheDocument()
    expect(within(popover).queryByRole('combobox', { name: 'Pick a column to sort by' })).not.toBeInTheDocument()
  })

  it('shows the timestamp format hint, with the offset for timestamptz', async () => {
    const user = userEvent.setup()
    setup()
    renderRoutes(routes, ['/project/abc/editor/42?filter=due_at:gt:2024-01-01 10:00:00%2B02'])
    await user.click(await screen.findByRole('button', { name: 'Filtered by 1 rule' }))
    const popover = await screen.findByRole('dialog', { name: 'Filters' })
    expect(within(popover).getByRole('textbox', { name: 'Value' })).toHaveValue('2024-01-01 10:00:00+02')
    expect(within(popover).getByText(TABLE_EDITOR_MESSAGES.timestamptzHint)).toBeInTheDocument()
  })

  it('shows the empty-table state', async () => {
    setup({}, { total: 0 })
    renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.emptyTitle)).toBeInTheDocument()
    expect(screen.getByText(TABLE_EDITOR_MESSAGES.emptyDescription)).toBeInTheDocument()
  })

  it('shows the no-results state with filters, and Remove all filters clears them', async () => {
    const user = userEvent.setup()
    setup({}, { total: 0 })
    const { router } = renderRoutes(routes, ['/project/abc/editor/42?filter=title:eq:nothing&sort=id:asc'])
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.noResultsTitle)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: TABLE_EDITOR_MESSAGES.removeAllFilters }))
    await waitFor(() => expect(search(router).getAll('filter')).toEqual([]))
    expect(search(router).getAll('sort')).toEqual(['id:asc'])
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.emptyTitle)).toBeInTheDocument()
  })

  it('shows the count error', async () => {
    setup({ [`POST ${base}/table-count`]: { status: 500, body: { code: 'internal', message: 'boom' } } })
    renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.countError)).toBeInTheDocument()
  })

  it('marks an estimated count and loads the exact one on request', async () => {
    const user = userEvent.setup()
    const { calls } = setup({
      [`POST ${base}/table-count`]: ({ body }) => ({
        body: (body as { exact: boolean }).exact
          ? { count: 61_234, is_estimate: false }
          : { count: 60_000, is_estimate: true },
      }),
    })
    renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.estimated)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: TABLE_EDITOR_MESSAGES.exactCount }))
    expect(await screen.findByText(`${(61_234).toLocaleString()} records`)).toBeInTheDocument()
    expect(calls.some((c) => c.path === `${base}/table-count` && (c.body as { exact: boolean }).exact)).toBe(true)
  })

  it('clears the sort when the rows error says something does not exist, and shows the error panel meanwhile', async () => {
    const { calls } = setup({
      [`POST ${base}/table-rows`]: ({ body }) =>
        (body as TableRowsParams).sorts?.length
          ? { status: 400, body: { code: 'pg_error', message: 'column "gone" does not exist' } }
          : { body: { rows: rowsOf(1), fields: [], primaryKey: ['id'] } },
    })
    const { router } = renderRoutes(routes, ['/project/abc/editor/42?sort=gone:asc'])
    await waitFor(() => expect(search(router).getAll('sort')).toEqual([]))
    await waitFor(() => expect(rowsCalls(calls).at(-1)?.sorts).toEqual([]))
    // The failed call was not retried.
    expect(rowsCalls(calls).filter((b) => b.sorts?.length).length).toBe(1)
  })

  it('shows the rows error panel with the server message', async () => {
    // A message that does not clear the sort; retries are asserted in get-table-rows.test.ts.
    setup({
      [`POST ${base}/table-rows`]: {
        status: 400,
        body: { code: 'pg_error', message: 'relation "todos" does not exist' },
      },
    })
    renderRoutes(routes, ['/project/abc/editor/42'])
    expect(await screen.findByText(TABLE_EDITOR_MESSAGES.rowsError)).toBeInTheDocument()
    expect(screen.getByText('relation "todos" does not exist')).toBeInTheDocument()
  })

  it('switches to the definition view with view=definition', async () => {
    const user = userEvent.setup()
    setup({
      [`GET ${base}/table-definition`]: { body: { definition: 'create table public.todos (\n  id bigint\n);' } },
    })
    const { router } = renderRoutes(routes, ['/project/abc/editor/42'])
    await user.click(await screen.findByRole('button', { name: 'definition' }))
    expect(search(router).get('view')).toBe('definition')
    expect(await screen.findByText(/create table public\.todos/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument()
  })

  it('runs rows and count as the impersonated role', async () => {
    const user = userEvent.setup()
    const { calls } = setup({ [`GET /api/platform/auth/abc/users`]: { body: authUsersPage([]) } })
    renderRoutes(routes, ['/project/abc/editor/42'])
    await user.click(await screen.findByRole('button', { name: 'Role service_role' }))
    const panel = await screen.findByRole('dialog', { name: PROJECT_MESSAGES.roleSettingsTitle })
    await user.click(within(panel).getByRole('radio', { name: 'anon' }))
    await waitFor(() => expect(rowsCalls(calls).at(-1)?.impersonation).toEqual({ role: 'anon' }))
    expect(calls.filter((c) => c.path === `${base}/table-count`).at(-1)?.body).toMatchObject({
      impersonation: { role: 'anon' },
    })
    expect(screen.getByRole('button', { name: 'Role anon' })).toBeInTheDocument()

    await user.click(within(panel).getByRole('radio', { name: 'authenticated' }))
    expect(await within(panel).findByText(PROJECT_MESSAGES.noUsersFound)).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: PROJECT_MESSAGES.stopImpersonating }))
    expect(screen.getByRole('button', { name: 'Role service_role' })).toBeInTheDocument()
    await waitFor(() => expect(rowsCalls(calls).at(-1)?.impersonation).toBeUndefined())
  })
})
