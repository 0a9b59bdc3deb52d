import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router'
import { permissionsOf, type PgPolicy } from '@basalt/contracts'
import { mockFetch, renderRoutes, testProject } from '../../../test/helpers'
import { pgTable } from '../../../test/pg-meta-fixtures'
import { EDITOR_MESSAGES, POLICIES_MESSAGES } from '../messages'
import { PoliciesPage } from './policies-page'

const policy = (extra: Partial<PgPolicy> = {}): PgPolicy => ({
  id: 7,
  schema: 'public',
  table: 'todos',
  table_id: 42,
  name: 'Members read',
  action: 'PERMISSIVE',
  roles: ['anon', 'authenticated', 'editor', 'reviewer', 'service_role'],
  command: 'SELECT',
  definition: 'true',
  check: null,
  ...extra,
})

const SCHEMAS = [
  { id: 1, name: 'public', owner: 'admin', protected: false },
  { id: 2, name: 'auth', owner: 'admin', protected: true },
  { id: 3, name: 'empty', owner: 'admin', protected: false },
]

function renderPage(path: string, role: 'owner' | 'read_only' = 'owner') {
  const project = testProject({ ref: 'abc', role, permissions: permissionsOf(role) })
  return renderRoutes(
    [
      {
        path: '/project/:ref',
        element: <Outlet context={{ project, mode: 'hosted' }} />,
        children: [{ path: 'auth/policies', element: <PoliciesPage projectRef="abc" /> }],
      },
    ],
    [path],
  )
}

function stubCatalog(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/platform/pg-meta/abc/schemas': { body: SCHEMAS },
    'GET /api/platform/pg-meta/abc/tables': ({ url }) => {
      const schema = url.searchParams.get('included_schemas')
      if (schema === 'empty') return { body: [] }
      if (schema === 'auth') return { body: [pgTable({ id: 9, schema: 'auth', name: 'users', rls_enabled: true })] }
      return { body: [pgTable({ rls_enabled: true }), pgTable({ id: 43, name: 'notes' })] }
    },
    'GET /api/platform/pg-meta/abc/policies': ({ url }) => ({
      body: url.searchParams.get('included_schemas') === 'public' ? [policy()] : [],
    }),
    'GET /api/platform/pg-meta/abc/roles': { body: [] },
    ...extra,
  })
}

describe('PoliciesPage (spec 1 §2)', () => {
  it('shows each table with its RLS badge and policies, the first three roles and how many more', async () => {
    stubCatalog()
    renderPage('/project/abc/auth/policies')
    const todos = await screen.findByRole('region', { name: 'todos' })
    expect(within(todos).getByText(POLICIES_MESSAGES.rlsEnabled)).toBeInTheDocument()
    expect(within(todos).getByRole('link', { name: 'todos' })).toHaveAttribute('href', '/project/abc/editor/42')
    const roles = within(todos).getByRole('list', { name: 'Roles' })
    expect(
      within(roles)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['anon', 'authenticated', 'editor', '+ 2 more roles'])
    const notes = screen.getByRole('region', { name: 'notes' })
    expect(within(notes).getByText('RLS disabled')).toBeInTheDocument()
    expect(within(notes).getByRole('button', { name: 'Enable RLS' })).toBeEnabled()
  })

  it('keeps the search and the schema in the URL', async () => {
    stubCatalog()
    const user = userEvent.setup()
    const { router } = renderPage('/project/abc/auth/policies')
    await screen.findByRole('region', { name: 'todos' })
    await user.type(screen.getByRole('searchbox', { name: POLICIES_MESSAGES.searchLabel }), 'not')
    expect(router.state.location.search).toBe('?search=not')
    expect(screen.queryByRole('region', { name: 'todos' })).not.toBeInTheDocument()
    expect(screen.getByRole('region', { name: 'notes' })).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Schema' }), 'empty')
    expect(router.state.location.search).toBe('?search=not&schema=empty')
  })

  it('offers to create a table in a schema without tables', async () => {
    stubCatalog()
    renderPage('/project/abc/auth/policies?schema=empty')
    expect(await screen.findByText('Row-Level Security (RLS) Policies')).toBeInTheDocument()
    expect(screen.getByText('What are policies?')).toBeInTheDocument()
    expect(screen.getByText('Create a table in this schema first before creating a policy.')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Create a table' })).toHaveAttribute('href', '/project/abc/editor')
    expect(screen.getByRole('link', { name: 'What is RLS?' })).toBeInTheDocument()
  })

  it('marks a protected schema: banner, Learn more modal, Locked badge and no RLS toggle', async () => {
    stubCatalog()
    const user = userEvent.setup()
    renderPage('/project/abc/auth/policies?schema=auth')
    const users = await screen.findByRole('region', { name: 'users' })
    expect(within(users).getByText('Locked')).toBeInTheDocument()
    expect(within(users).queryByRole('button', { name: /RLS/ })).not.toBeInTheDocument()
    expect(screen.getByText('Currently viewing policies from a protected schema')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Learn more' }))
    const modal = await screen.findByRole('dialog', { name: 'Schemas managed by the provider' })
    await user.click(within(modal).getByRole('button', { name: 'Understood' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
  })

  it('disables every action of a Read-only member, with the spec’s reasons', async () => {
    stubCatalog()
    renderPage('/project/abc/auth/policies', 'read_only')
    const todos = await screen.findByRole('region', { name: 'todos' })
    expect(screen.getByText('You need additional permissions to edit RLS policies')).toBeInTheDocument()
    expect(screen.getByText('You need additional permissions to toggle RLS')).toBeInTheDocument()
    expect(within(todos).getByRole('button', { name: 'Disable RLS' })).toBeDisabled()
    expect(within(todos).getByRole('button', { name: 'Create policy' })).toBeDisabled()
  })

  it('toggles RLS through a confirm dialog, and says why when it fails', async () => {
    const { calls } = stubCatalog({
      'PATCH /api/platform/pg-meta/abc/tables': {
        status: 400,
        body: { code: 'pg_error', message: 'must be owner of table notes' },
      },
    })
    const user = userEvent.setup()
    renderPage('/project/abc/auth/policies')
    const notes = await screen.findByRole('region', { name: 'notes' })
    await user.click(within(notes).getByRole('button', { name: 'Enable RLS' }))
    const dialog = await screen.findByRole('dialog', { name: 'Enable row level security on notes' })
    // Reviewed as SQL before it runs, like every other change.
    expect(within(dialog).getByLabelText('SQL to run')).toHaveTextContent(
      'alter table "public"."notes" enable row level security',
    )
    await user.click(within(dialog).getByRole('button', { name: 'Enable RLS' }))
    expect(await screen.findByText('Failed to toggle RLS: must be owner of table notes')).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ body: { rls_enabled: true } })

    await user.click(
      within(await screen.findByRole('region', { name: 'todos' })).getByRole('button', { name: 'Disable RLS' }),
    )
    const disabling = await screen.findByRole('dialog', { name: 'Disable row level security on todos' })
    expect(within(disabling).getByLabelText('SQL to run')).toHaveTextContent(
      'alter table "public"."todos" disable row level security',
    )
  })

  it('deletes a policy after confirming', async () => {
    const { calls } = stubCatalog({ 'DELETE /api/platform/pg-meta/abc/policies': { body: policy() } })
    const user = userEvent.setup()
    renderPage('/project/abc/auth/policies')
    await user.click(await screen.findByRole('button', { name: 'Actions for policy Members read' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete policy' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete policy' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    expect(await screen.findByText('Successfully deleted policy!')).toBeInTheDocument()
    expect(calls.find((c) => c.method === 'DELETE')?.path).toBe('/api/platform/pg-meta/abc/policies')
  })

  it('returns to the editor with the Postgres error when saving fails', async () => {
    stubCatalog({
      'POST /api/platform/pg-meta/abc/policies': {
        status: 400,
        body: {
          code: 'pg_error',
          message: 'policy "Enable read access for all users" for table "todos" already exists',
          formattedError: 'ERROR:  42710: policy "Enable read access for all users" for table "todos" already exists',
        },
      },
    })
    const user = userEvent.setup()
    renderPage('/project/abc/auth/policies')
    const todos = await screen.findByRole('region', { name: 'todos' })
    await user.click(within(todos).getByRole('button', { name: 'Create policy' }))
    await user.click(await screen.findByRole('button', { name: /Get started quickly from a template/ }))
    // The focus follows the view that replaced the button.
    expect(document.activeElement).toHaveTextContent('Select a template to use for your new policy')
    await user.click(screen.getByRole('button', { name: EDITOR_MESSAGES.useTemplate }))
    await user.click(screen.getByRole('button', { name: EDITOR_MESSAGES.review }))
    await user.click(screen.getByRole('button', { name: EDITOR_MESSAGES.savePolicy }))
    const editor = await screen.findByRole('dialog', { name: 'Adding new policy to public.todos' })
    expect(within(editor).getByRole('alert')).toHaveTextContent(
      'ERROR: 42710: policy "Enable read access for all users" for table "todos" already exists',
    )
    expect(within(editor).getByLabelText('Policy name')).toHaveValue('Enable read access for all users')
  })
})
