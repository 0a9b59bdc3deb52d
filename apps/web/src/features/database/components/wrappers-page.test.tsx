import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router'
import { permissionsOf, type WrappersResponse } from '@basalt/contracts'
import { mockFetch, renderRoutes, testProject } from '../../../test/helpers'
import { DATABASE_MESSAGES, HOOK_MESSAGES, WRAPPER_MESSAGES } from '../messages'
import { HooksPage } from './hooks-page'
import { WrappersPage } from './wrappers-page'

const WRAPPERS: WrappersResponse = {
  wrappers: [
    {
      id: 1,
      name: 'file_fdw',
      owner: 'postgres',
      handler: 'extensions.file_fdw_handler',
      validator: 'extensions.file_fdw_validator',
      options: [],
      extension: 'file_fdw',
      usable: false,
    },
    {
      id: 2,
      name: 'postgres_fdw',
      owner: 'postgres',
      handler: 'extensions.postgres_fdw_handler',
      validator: 'extensions.postgres_fdw_validator',
      options: [],
      extension: 'postgres_fdw',
      usable: true,
    },
  ],
  servers: [
    {
      id: 10,
      name: 'loopback',
      wrapper: 'postgres_fdw',
      owner: 'admin',
      type: null,
      version: null,
      options: ['host=localhost', 'dbname=app'],
      user_mappings: ['admin'],
      owned: true,
    },
  ],
  foreign_tables: [
    { id: 20, schema: 'public', name: 'items', server: 'loopback', options: ['schema_name=remote_src'], columns: 2 },
  ],
}

function renderPage(role: 'owner' | 'read_only' = 'owner', data: WrappersResponse = WRAPPERS) {
  const fetch = mockFetch({
    'GET /api/platform/pg-meta/abc/database/wrappers': { body: data },
    'GET /api/platform/pg-meta/abc/schemas': { body: [{ id: 1, name: 'public', owner: 'admin', protected: false }] },
    // Postgres' refusal of a taken name (42710) comes back beside the name.
    'POST /api/platform/pg-meta/abc/database/wrappers/servers': {
      status: 400,
      body: { code: 'pg_error', message: 'server "loopback" already exists', pg: { code: '42710' } },
    },
  })
  const project = testProject({ ref: 'abc', role, permissions: permissionsOf(role) })
  renderRoutes(
    [
      {
        path: '/project/:ref',
        element: <Outlet context={{ project, mode: 'hosted' }} />,
        children: [{ path: 'database/wrappers', element: <WrappersPage projectRef="abc" /> }],
      },
    ],
    ['/project/abc/database/wrappers'],
  )
  return fetch
}

describe('Database › Wrappers', () => {
  it('lists wrappers (whether the admin role may use each), servers and foreign tables', async () => {
    renderPage()
    const wrappers = await screen.findByRole('table', { name: WRAPPER_MESSAGES.wrappers })
    const postgres = within(wrappers).getByText('postgres_fdw', { selector: 'td.font-mono:first-child' }).closest('tr')!
    expect(within(postgres).getByText(WRAPPER_MESSAGES.usable)).toBeInTheDocument()
    const file = within(wrappers).getByText('extensions.file_fdw_handler').closest('tr')!
    expect(within(file).getByText(WRAPPER_MESSAGES.notUsable)).toBeInTheDocument()
    const servers = screen.getByRole('table', { name: WRAPPER_MESSAGES.servers })
    expect(within(servers).getByText('host=localhost, dbname=app')).toBeInTheDocument()
    const tables = screen.getByRole('table', { name: WRAPPER_MESSAGES.foreignTables })
    expect(within(tables).getByText('public.items')).toBeInTheDocument()
  })

  it("creates a server with a user mapping whose password the review masks, and shows Postgres' refusal beside the name", async () => {
    const { calls } = renderPage()
    await userEvent.click(await screen.findByRole('button', { name: WRAPPER_MESSAGES.create }))
    await userEvent.type(screen.getByLabelText('Name'), 'loopback')
    await userEvent.type(screen.getByLabelText('Server options: host'), 'db.example.com')
    await userEvent.type(screen.getByLabelText('User mapping options: password'), 's3cret!')
    await userEvent.click(screen.getByRole('button', { name: DATABASE_MESSAGES.review }))
    const sql = screen.getByLabelText(DATABASE_MESSAGES.sqlLabel).textContent ?? ''
    expect(sql).toContain(
      `CREATE SERVER "loopback" FOREIGN DATA WRAPPER "postgres_fdw" OPTIONS ("host" 'db.example.com'`,
    )
    expect(sql).toContain(`"password" '********'`)
    expect(sql).not.toContain('s3cret!')
    await userEvent.click(screen.getByRole('button', { name: DATABASE_MESSAGES.run }))
    expect(
      await screen.findByText(`${DATABASE_MESSAGES.refusedBeside} server "loopback" already exists`),
    ).toBeInTheDocument()
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true')
    const sent = calls.find((c) => c.method === 'POST')!.body as { user_mapping: { options: unknown[] } }
    expect(sent.user_mapping.options).toContainEqual({ name: 'password', value: 's3cret!' })
    // Typing on a loaded machine: a budget beyond the default.
  }, 30_000)

  it('offers no change to a Read-only member', async () => {
    renderPage('read_only')
    await screen.findByRole('table', { name: WRAPPER_MESSAGES.servers })
    expect(screen.getByRole('note')).toHaveTextContent(DATABASE_MESSAGES.readOnly)
    expect(screen.queryByRole('button', { name: WRAPPER_MESSAGES.create })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: WRAPPER_MESSAGES.remove('loopback') })).not.toBeInTheDocument()
  })

  it('says why there is nothing, and why no server can be created without USAGE on a wrapper', async () => {
    renderPage('owner', { wrappers: [], servers: [], foreign_tables: [] })
    expect(await screen.findByText(WRAPPER_MESSAGES.empty)).toBeInTheDocument()
    expect(screen.getByText(WRAPPER_MESSAGES.emptyDetail)).toBeInTheDocument()
  })
})

describe('Database › Webhooks', () => {
  it('says plainly that webhooks need pg_net, which the server does not have', async () => {
    mockFetch({ 'GET /api/platform/pg-meta/abc/database/extensions': { body: [] } })
    renderRoutes([{ path: '/', element: <HooksPage projectRef="abc" pgNet={false} /> }])
    expect(await screen.findByText(HOOK_MESSAGES.needsPgNet)).toBeInTheDocument()
  })
})
