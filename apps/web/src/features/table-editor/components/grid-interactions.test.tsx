import { beforeEach, describe, expect, it } from 'vitest'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { permissionsOf, type TableRowsParams } from '@basalt/contracts'
import { routes } from '../../../app/router'
import { mockFetch, renderRoutes, testProject, testSession } from '../../../test/helpers'
import { rowsSelectedText, selectAllRowsText, TABLE_EDITOR_MESSAGES } from '../messages'
import { impersonationStore } from '../../../project/role-impersonation/role-impersonation-store'
import { pgTable } from '../../../test/pg-meta-fixtures'

const base = '/api/platform/pg-meta/abc'

function setup(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/auth/session': { body: testSession() },
    'GET /api/projects/abc': { body: testProject({ ref: 'abc' }) },
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
    [`GET ${base}/tables`]: {
      body: pgTable({
        relationships: [],
        columns: pgTable().columns!.map((c) => (c.name === 'title' ? { ...c, format: 'int8', name: 'owner_id' } : c)),
      }),
    },
    [`GET ${base}/foreign-keys`]: {
      body: [
        {
          id: 9,
          constraint_name: 'todos_owner_id_fkey',
          source_id: 42,
          source_schema: 'public',
          source_table: 'todos',
          source_columns: ['owner_id'],
          target_id: 51,
          target_schema: 'public',
          target_table: 'owners',
          target_columns: ['id'],
          deletion_action: 'no action',
          update_action: 'no action',
        },
      ],
    },
    [`POST ${base}/table-rows`]: ({ body }) => {
      const { page = 1 } = body as TableRowsParams
      return {
        body: {
          rows: [
            {
              idx: (page - 1) * 100,
              data: { id: page, owner_id: 5, due_at: 'x'.repeat(20) },
              truncated: ['due_at'],
            },
          ],
          fields: [],
          primaryKey: ['id'],
        },
      }
    },
    [`POST ${base}/table-count`]: { body: { count: 300, is_estimate: false } },
    ...extra,
  })
}

describe('table editor interactions', () => {
  beforeEach(() => impersonationStore.reset())

  it('selects rows, offers all N rows, and Escape deselects', async () => {
    const user = userEvent.setup()
    setup()
    renderRoutes(routes, ['/project/abc/editor/42'])
    await user.click(await screen.findByRole('checkbox', { name: 'Select' }))
    expect(screen.getByText(rowsSelectedText(1))).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: selectAllRowsText(300) }))
    expect(screen.getByText(rowsSelectedText(300))).toBeInTheDocument()
    fireEvent.keyDown(screen.getByRole('grid'), { key: 'Escape' })
    expect(screen.queryByText(rowsSelectedText(300))).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Filter' })).toBeInTheDocument()
  })

  it('asks before changing page with rows selected, then clears the selection', async () => {
    const user = userEvent.setup()
    const { calls } = setup()
    renderRoutes(routes, ['/project/abc/editor/42'])
    await user.click(await screen.findByRole('checkbox', { name: 'Select' }))
    await user.click(screen.getByRole('button', { name: 'Next page' }))
    const dialog = await screen.findByRole('dialog', { name: TABLE_EDITOR_MESSAGES.changePageTitle })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.getByText(rowsSelectedText(1))).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Next page' }))
    await user.click(await screen.findByRole('button', { name: TABLE_EDITOR_MESSAGES.changePageConfirm }))
    await waitFor(() =>
      expect(calls.filter((c) => c.path === `${base}/table-rows`).at(-1)?.body).toMatchObject({ page: 2 }),
    )
    expect(screen.queryByText(rowsSelectedText(1))).not.toBeInTheDocument()
  })

  it('freezes a column from its header menu and saves it', async () => {
    const user = userEvent.setup()
    setup()
    renderRoutes(routes, ['/project/abc/editor/42'])
    await user.click(await screen.findByRole('button', { name: 'Column id menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Freeze column' }))
    await waitFor(() =>
      expect(JSON.parse(localStorage.getItem('basalt-grid-state-abc')!)['42'].gridColumns[0]).toEqual({
        key: 'id',
        name: 'id',
        width: 120,
        frozen: true,
      }),
    )
    await user.click(screen.getByRole('button', { name: 'Column id menu' }))
    expect(await screen.findByRole('menuitem', { name: 'Unfreeze column' })).toBeInTheDocument()
  })

  it('shows the row read-only in a side panel to a member who may not write, and loads a truncated value in full', async () => {
    const user = userEvent.setup()
    const { calls } = setup({
      'GET /api/projects/abc': {
        body: testProject({ ref: 'abc', role: 'read_only', permissions: permissionsOf('read_only') }),
      },
      [`POST ${base}/table-cell`]: { body: { value: 'the whole value' } },
    })
    renderRoutes(routes, ['/project/abc/editor/42'])
    await user.click(await screen.findByRole('button', { name: 'Expand row' }))
    const panel = await screen.findByRole('dialog', { name: 'Row 1 of public.todos' })
    expect(within(panel).getByText('owner_id')).toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: TABLE_EDITOR_MESSAGES.loadFullValue }))
    expect(await within(panel).findByText('the whole value')).toBeInTheDocument()
    expect(calls.find((c) => c.path === `${base}/table-cell`)?.body).toEqual({
      schema: 'public',
      table: 'todos',
      column: 'due_at',
      primaryKey: { id: 1 },
    })
  })

  it('marks protected schemas as Locked and searches entities with the trimmed text', async () => {
    const user = userEvent.setup()
    const searches: Array<string | null> = []
    setup({
      [`GET ${base}/entities`]: ({ url }) => {
        searches.push(url.searchParams.get('search'))
        const schema = url.searchParams.get('schema')
        const all =
          schema === 'auth'
            ? [{ id: 7, schema: 'auth', name: 'users', type: 'table', comment: null, rls_enabled: true }]
            : [
                { id: 42, schema: 'public', name: 'todos', type: 'table', comment: null, rls_enabled: false },
                { id: 43, schema: 'public', name: 'open_todos', type: 'view', comment: null, rls_enabled: false },
              ]
        const entities = all.filter((e) => e.name.includes(url.searchParams.get('search') ?? ''))
        return { body: { entities, page: 1, total: entities.length, hasMore: false } }
      },
    })
    renderRoutes(routes, ['/project/abc/editor'])
    const list = await screen.findByRole('navigation', { name: 'Tables' })
    expect(await within(list).findByRole('link', { name: /open_todos/ })).toBeInTheDocument()
    expect(within(list).getByRole('img', { name: 'view' })).toBeInTheDocument()

    await user.type(screen.getByRole('searchbox', { name: 'Search tables' }), '  open  ')
    await waitFor(() => expect(within(list).getAllByRole('link')).toHaveLength(1))
    // Debounced and trimmed: one search request, for 'open'.
    expect(searches.filter((s) => s !== null)).toEqual(['open'])

    await user.clear(screen.getByRole('searchbox', { name: 'Search tables' }))
    await user.click(screen.getByRole('button', { name: 'schema public' }))
    const menu = await screen.findByRole('menu')
    expect(within(menu).getByRole('menuitemradio', { name: /auth/ })).toHaveTextContent(TABLE_EDITOR_MESSAGES.locked)
    await user.click(within(menu).getByRole('menuitemradio', { name: /auth/ }))
    expect(await within(list).findByRole('link', { name: /users/ })).toBeInTheDocument()
    expect(screen.getByText(TABLE_EDITOR_MESSAGES.lockedDetail)).toBeInTheDocument()
  })
})
