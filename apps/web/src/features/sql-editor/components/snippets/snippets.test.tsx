import { describe, expect, it } from 'vitest'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet, useLocation, useParams, type RouteObject } from 'react-router'
import { permissionsOf, type ContentItem } from '@basalt/contracts'
import { SQL_TEMPLATES } from '@basalt/sql/templates'
import { mockFetch, renderRoutes, testProject, testSession, testUser } from '../../../../test/helpers'
import { useProject } from '../../../../project/use-project'
import { SqlEditorRoute, SqlQuickstartsRoute, SqlTemplatesRoute } from '../../routes'
import { SNIPPET_MESSAGES } from '../../snippet-messages'
import { documentKeyOf, useSnippetDocument } from '../../state/snippet-document'
import { readDraft, readLastSnippet, writeLastSnippet } from '../../state/snippet-drafts'
import { SnippetToolbar } from './snippet-toolbar'

const CONTENT = '/api/platform/projects/abc/content'
const OTHER = '00000000-0000-4000-8000-0000000000ff'
const A = 'aaaaaaaa-0000-4000-8000-000000000001'
const B = 'bbbbbbbb-0000-4000-8000-000000000002'
const C = 'cccccccc-0000-4000-8000-000000000003'

const snippet = (id: string, name: string, extra: Partial<ContentItem> = {}): ContentItem => ({
  id,
  type: 'sql',
  name,
  description: null,
  visibility: 'user',
  owner_id: testUser.id,
  project_id: 'p',
  content: { sql: `select '${name}'`, favorite: false },
  owner: { id: testUser.id, username: 'owner@example.com' },
  updated_by: null,
  inserted_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  ...extra,
})

/**
 * The SQL area with the real layout (the snippet list) and, in place of the editor page (Monaco does not run
 * in jsdom), the snippet document bound to a textarea and the real toolbar: the route logic is the real one.
 */
function DocumentPage({ projectRef, id }: { projectRef: string; id: string }) {
  const document = useSnippetDocument(projectRef, id)
  if (document.status === 'not-found') return <p>not found</p>
  return (
    <div>
      <SnippetToolbar projectRef={projectRef} document={document} />
      <textarea
        aria-label="SQL"
        value={document.sql}
        readOnly={document.readOnly}
        onChange={(e) => document.setSql(e.target.value)}
      />
    </div>
  )
}
function TestSnippetRoute() {
  const { project } = useProject()
  const { id = 'new' } = useParams()
  const location = useLocation()
  return <DocumentPage key={documentKeyOf(location, id)} projectRef={project.ref} id={id} />
}

function routesFor(role: 'owner' | 'read_only' = 'owner'): RouteObject[] {
  const project = testProject({ ref: 'abc', role, permissions: permissionsOf(role) })
  return [
    {
      path: '/project/:ref',
      element: <Outlet context={{ project, mode: 'hosted' }} />,
      children: [
        {
          path: 'sql',
          element: <SqlEditorRoute />,
          children: [
            { path: 'templates', element: <SqlTemplatesRoute /> },
            { path: 'quickstarts', element: <SqlQuickstartsRoute /> },
            { path: ':id', element: <TestSnippetRoute /> },
          ],
        },
      ],
    },
  ]
}

type Stub = Parameters<typeof mockFetch>[0][string]

/** A content API holding `items`, with changes applied, unless `offline` says the server cannot be reached. */
function contentServer(items: ContentItem[], extra: Record<string, Stub> = {}) {
  const state = { items: [...items], offline: false }
  const reachable = () => {
    if (state.offline) throw new TypeError('Failed to fetch')
  }
  const fetch = mockFetch({
    'GET /api/auth/session': { body: testSession() },
    [`GET ${CONTENT}`]: () => {
      reachable()
      return { body: { data: [...state.items].sort((a, b) => a.name.localeCompare(b.name)) } }
    },
    [`POST ${CONTENT}`]: ({ body }) => {
      reachable()
      const b = body as { id: string; name: string; content: { sql: string } }
      const created = snippet(b.id, b.name, { content: { sql: b.content.sql, favorite: false } })
      state.items.push(created)
      return { status: 201, body: created }
    },
    [`PATCH ${CONTENT}`]: ({ body, url }) => {
      reachable()
      const found = state.items.find((s) => s.id === url.searchParams.get('id'))
      if (!found) return { status: 404, body: { code: 'not_found', message: 'Content not found' } }
      const change = body as Partial<ContentItem>
      Object.assign(found, { ...change, content: { ...found.content, ...change.content } })
      return { body: found }
    },
    [`DELETE ${CONTENT}`]: ({ url }) => {
      reachable()
      const ids = url.searchParams.get('ids')!.split(',')
      const existing = state.items.filter((s) => ids.includes(s.id))
      if (existing.length === 0) return { status: 404, body: { code: 'not_found', message: 'Content not found' } }
      state.items = state.items.filter((s) => !ids.includes(s.id))
      return { body: { deleted: existing.map((s) => s.id) } }
    },
    ...Object.fromEntries(
      [...items].map((s) => [
        `GET ${CONTENT}/item/${s.id}`,
        () => {
          reachable()
          const found = state.items.find((x) => x.id === s.id)
          return found ? { body: found } : { status: 404, body: { code: 'not_found', message: 'Content not found' } }
        },
      ]),
    ),
    ...extra,
  })
  return { ...fetch, state }
}

const path = (router: { state: { location: { pathname: string } } }) => router.state.location.pathname

describe('SQL editor snippets', () => {
  it('creates the snippet on the first edit of a new query and moves to its address, keeping the text', async () => {
    const server = contentServer([])
    const { router } = renderRoutes(routesFor(), ['/project/abc/sql/new'])
    expect(await screen.findByRole('heading', { name: 'New query' })).toBeInTheDocument()
    expect(await screen.findByText(SNIPPET_MESSAGES.emptyList)).toBeInTheDocument()
    const editor = screen.getByRole('textbox', { name: 'SQL' })
    await userEvent.type(editor, 'select 1')

    await waitFor(() => expect(path(router)).toMatch(/^\/project\/abc\/sql\/[0-9a-f-]{36}$/))
    const id = path(router).split('/').pop()!
    const create = server.calls.find((c) => c.method === 'POST')!
    expect(create.body).toMatchObject({ id, type: 'sql', name: 'Untitled query' })
    // The same editor, with everything typed: the page was not replaced by the navigation.
    expect(screen.getByRole('textbox', { name: 'SQL' })).toBe(editor)
    expect(editor).toHaveValue('select 1')
    expect(await screen.findByText(SNIPPET_MESSAGES.saved, {}, { timeout: 3000 })).toBeInTheDocument()
    expect(server.state.items[0]!.content.sql).toBe('select 1')
    expect(screen.getByRole('heading', { name: 'Untitled query' })).toBeInTheDocument()
    expect(readLastSnippet('abc')).toBe(id)
    expect(await within(screen.getByRole('navigation', { name: 'Snippets' })).findByRole('link')).toHaveTextContent(
      'Untitled query',
    )
  })

  it('shows saving, then all changes saved, while the owner edits', async () => {
    contentServer([snippet(A, 'Daily report')])
    renderRoutes(routesFor(), [`/project/abc/sql/${A}`])
    const editor = await screen.findByDisplayValue("select 'Daily report'")
    await userEvent.type(editor, ' + 1')
    expect(screen.getByRole('status')).toHaveTextContent(SNIPPET_MESSAGES.saving)
    expect(await screen.findByText(SNIPPET_MESSAGES.saved, {}, { timeout: 3000 })).toBeInTheDocument()
  })

  it('keeps work typed while the server is unreachable, also across a reload, and saves it when it answers', async () => {
    const server = contentServer([snippet(A, 'Daily report')])
    const first = renderRoutes(routesFor(), [`/project/abc/sql/${A}`])
    const editor = await screen.findByDisplayValue("select 'Daily report'")
    server.state.offline = true
    await userEvent.clear(editor)
    await userEvent.type(editor, 'select 42')
    expect(await screen.findByText(SNIPPET_MESSAGES.saveFailed, {}, { timeout: 3000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: SNIPPET_MESSAGES.retry })).toBeInTheDocument()
    expect(readDraft('abc', A)).toMatchObject({ sql: 'select 42' })

    // The page is closed and opened again while the server is still away: the text is still there.
    first.unmount()
    renderRoutes(routesFor(), [`/project/abc/sql/${A}`])
    expect(await screen.findByDisplayValue('select 42')).toBeInTheDocument()

    server.state.offline = false
    act(() => window.dispatchEvent(new Event('online')))
    await waitFor(() => expect(server.state.items[0]!.content.sql).toBe('select 42'), { timeout: 8000 })
    expect(await screen.findByText(SNIPPET_MESSAGES.saved)).toBeInTheDocument()
    expect(readDraft('abc', A)).toBeNull()
  }, 15_000)

  it('shows someone else’s shared snippet read-only, and duplicates it as a personal copy', async () => {
    const shared = snippet(A, 'Team query', {
      visibility: 'project',
      owner_id: OTHER,
      owner: { id: OTHER, username: 'dev@example.com' },
    })
    const server = contentServer([shared])
    const { router } = renderRoutes(routesFor(), [`/project/abc/sql/${A}`])
    const editor = await screen.findByDisplayValue("select 'Team query'")
    expect(screen.getByText(SNIPPET_MESSAGES.readOnly)).toBeInTheDocument()
    expect(editor).toHaveAttribute('readonly')
    expect(screen.queryByText(SNIPPET_MESSAGES.saving)).not.toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Duplicate personal copy' }))
    await waitFor(() => expect(path(router)).not.toBe(`/project/abc/sql/${A}`))
    expect(server.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: 'Team query (copy)',
      content: { sql: "select 'Team query'" },
    })
  })

  it('says a personal copy failed in the spec’s words', async () => {
    const shared = snippet(A, 'Team query', { visibility: 'project', owner_id: OTHER })
    contentServer([shared], { [`POST ${CONTENT}`]: { status: 500, body: { code: 'internal', message: 'boom' } } })
    renderRoutes(routesFor(), [`/project/abc/sql/${A}`])
    await userEvent.click(await screen.findByRole('button', { name: 'Duplicate personal copy' }))
    expect(await screen.findByText(SNIPPET_MESSAGES.copyFailed)).toBeInTheDocument()
  })

  it('tells a member who may not save that their new query stays on this device', async () => {
    const server = contentServer([])
    renderRoutes(routesFor('read_only'), ['/project/abc/sql/new'])
    expect(await screen.findByText(SNIPPET_MESSAGES.noPermission)).toBeInTheDocument()
    await userEvent.type(screen.getByRole('textbox', { name: 'SQL' }), 'select 1')
    expect(readDraft('abc', 'new')).toMatchObject({ sql: 'select 1' })
    expect(server.calls.filter((c) => c.method !== 'GET')).toEqual([])
  })

  it('after deleting the open snippet goes to the first remaining one, and to a new query when none remain', async () => {
    contentServer([snippet(A, 'Alpha'), snippet(B, 'Beta')])
    const { router } = renderRoutes(routesFor(), [`/project/abc/sql/${A}`])
    await screen.findByDisplayValue("select 'Alpha'")

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Alpha' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete query' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(path(router)).toBe(`/project/abc/sql/${B}`))

    await userEvent.click(await screen.findByRole('button', { name: 'Actions for Beta' }))
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Delete query' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(path(router)).toBe('/project/abc/sql/new'))
    expect(await screen.findByText(SNIPPET_MESSAGES.emptyList)).toBeInTheDocument()
    expect(readLastSnippet('abc')).toBeNull()
  })

  it('searches trimmed and case-insensitive, and previews a snippet’s SQL', async () => {
    contentServer([snippet(A, 'Daily report'), snippet(B, 'Users', { content: { sql: '', favorite: false } })])
    renderRoutes(routesFor(), [`/project/abc/sql/${A}`])
    const list = screen.getByRole('navigation', { name: 'Snippets' })
    await within(list).findByRole('link', { name: 'Users' })
    await userEvent.type(screen.getByRole('searchbox', { name: SNIPPET_MESSAGES.searchLabel }), '  DAILY ')
    expect(
      within(list)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Daily report'])
    await userEvent.clear(screen.getByRole('searchbox'))
    await userEvent.type(screen.getByRole('searchbox'), 'nothing')
    expect(await within(list).findByText(SNIPPET_MESSAGES.emptyList)).toBeInTheDocument()
    await userEvent.clear(screen.getByRole('searchbox'))

    await userEvent.hover(within(list).getByRole('link', { name: 'Users' }))
    expect((await screen.findAllByText(SNIPPET_MESSAGES.emptyQuery)).length).toBeGreaterThan(0)
  })

  it('selects a range with shift-click and deletes it, a 404 counting as deleted', async () => {
    const server = contentServer([snippet(A, 'Alpha'), snippet(B, 'Beta'), snippet(C, 'Gamma')], {
      [`DELETE ${CONTENT}`]: { status: 404, body: { code: 'not_found', message: 'Content not found' } },
    })
    renderRoutes(routesFor(), ['/project/abc/sql/templates'])
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select Alpha' }))
    const user = userEvent.setup()
    await user.keyboard('{Shift>}')
    await user.click(screen.getByRole('checkbox', { name: 'Select Gamma' }))
    await user.keyboard('{/Shift}')
    const bar = screen.getByRole('toolbar', { name: 'Selected queries' })
    expect(bar).toHaveTextContent('3 selected')
    await userEvent.click(within(bar).getByRole('button', { name: 'Delete' }))
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('toolbar', { name: 'Selected queries' })).not.toBeInTheDocument())
    const del = server.calls.find((c) => c.method === 'DELETE')!
    expect(del).toBeDefined()
    expect(screen.queryByText(/Failed to delete/)).not.toBeInTheDocument()
  })

  it('lists templates and quickstarts, and opens one as a new snippet named after it', async () => {
    const server = contentServer([])
    const { router } = renderRoutes(routesFor(), ['/project/abc/sql/templates'])
    expect(await screen.findByRole('heading', { level: 1, name: 'Templates' })).toBeInTheDocument()
    const templates = SQL_TEMPLATES.filter((t) => t.kind === 'template')
    for (const t of templates) expect(screen.getByRole('button', { name: new RegExp(t.title) })).toBeInTheDocument()

    const todo = templates.find((t) => t.id === 'todo-list-rls')!
    await userEvent.click(screen.getByRole('button', { name: new RegExp(todo.title) }))
    await waitFor(() => expect(path(router)).toMatch(/^\/project\/abc\/sql\/[0-9a-f-]{36}$/))
    expect(server.calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      name: todo.title,
      content: { sql: todo.sql },
    })
    expect(await screen.findByDisplayValue(/create table public.todos/)).toBeInTheDocument()

    await userEvent.click(screen.getByRole('link', { name: 'Quickstarts' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Quickstarts' })).toBeInTheDocument()
    expect(SQL_TEMPLATES.length).toBeGreaterThanOrEqual(8)
  })

  it('remembers the last snippet used in the project', async () => {
    contentServer([snippet(A, 'Alpha')])
    writeLastSnippet('abc', null)
    renderRoutes(routesFor(), [`/project/abc/sql/${A}`])
    await screen.findByDisplayValue("select 'Alpha'")
    expect(readLastSnippet('abc')).toBe(A)
  })
})
