import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router'
import { permissionsOf, type DatabaseRole } from '@basalt/contracts'
import { mockFetch, renderRoutes, testProject } from '../../../test/helpers'
import { DATABASE_MESSAGES, ROLE_MESSAGES } from '../messages'
import { RolesPage } from './roles-page'

const role = (extra: Partial<DatabaseRole>): DatabaseRole => ({
  id: 1,
  name: 'reporter',
  can_login: true,
  can_create_role: false,
  can_create_db: false,
  can_bypass_rls: false,
  is_superuser: false,
  is_replication_role: false,
  inherit_role: true,
  connection_limit: null,
  valid_until: null,
  member_of: [],
  grantable: true,
  connections: 2,
  comment: null,
  locked: null,
  locked_reason: null,
  ...extra,
})

function renderPage(permission: 'owner' | 'read_only' = 'owner') {
  const calls = mockFetch({
    'GET /api/platform/pg-meta/abc/database/roles': {
      body: {
        max_connections: 100,
        roles: [
          role({}),
          role({ id: 2, name: 'anon', can_login: false, connections: 0, locked: 'api', locked_reason: 'API role' }),
          role({ id: 3, name: 'limited', connection_limit: 3, connections: 1 }),
          // An API role the admin role holds no ADMIN OPTION on: not offered as a membership.
          role({
            id: 4,
            name: 'authenticated',
            can_login: false,
            connections: 0,
            locked: 'api',
            locked_reason: 'API role',
            grantable: false,
          }),
        ],
      },
    },
    // Postgres' refusal of a reserved name (42939) comes back beside the name.
    'POST /api/platform/pg-meta/abc/database/roles': {
      status: 400,
      body: { code: 'pg_error', message: 'role name "pg_mine" is reserved', pg: { code: '42939' } },
    },
  })
  const project = testProject({ ref: 'abc', role: permission, permissions: permissionsOf(permission) })
  renderRoutes(
    [
      {
        path: '/project/:ref',
        element: <Outlet context={{ project, mode: 'hosted' }} />,
        children: [{ path: 'database/roles', element: <RolesPage projectRef="abc" /> }],
      },
    ],
    ['/project/abc/database/roles'],
  )
  return calls
}

describe('Database › Roles', () => {
  it('shows sessions against the limit (no limit is the server’s max_connections) and locked roles without controls', async () => {
    renderPage()
    const rows = await screen.findAllByRole('row')
    expect(within(rows[1]!).getAllByRole('cell')[2]).toHaveTextContent('2 of 100 (server)')
    expect(within(rows[3]!).getAllByRole('cell')[2]).toHaveTextContent('1 of 3')
    expect(within(rows[2]!).getByLabelText('locked: API role')).toBeInTheDocument()
    expect(within(rows[2]!).queryByRole('button')).not.toBeInTheDocument()
  })

  it("masks the password in the review and puts Postgres' refusal beside the field it concerns", async () => {
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: ROLE_MESSAGES.create }))
    const panel = screen.getByRole('dialog', { name: ROLE_MESSAGES.createTitle })
    await userEvent.type(within(panel).getByLabelText('Name'), 'authenticator')
    await userEvent.click(within(panel).getByRole('button', { name: DATABASE_MESSAGES.review }))
    expect(within(panel).getByText(ROLE_MESSAGES.reservedName('authenticator'))).toBeInTheDocument()

    await userEvent.clear(within(panel).getByLabelText('Name'))
    await userEvent.type(within(panel).getByLabelText('Name'), 'pg_mine')
    await userEvent.type(within(panel).getByLabelText('Password'), 's3cret')
    await userEvent.click(within(panel).getByRole('button', { name: DATABASE_MESSAGES.review }))
    const sql = within(panel).getByLabelText(DATABASE_MESSAGES.sqlLabel)
    expect(sql).toHaveTextContent(`ALTER ROLE "pg_mine" PASSWORD '********';`)
    expect(sql).not.toHaveTextContent('s3cret')
    await userEvent.click(within(panel).getByRole('button', { name: DATABASE_MESSAGES.run }))
    // Back on the form, the refusal is the name field's error.
    const name = await within(panel).findByLabelText('Name')
    expect(name).toHaveAccessibleDescription(`${DATABASE_MESSAGES.refusedBeside} role name "pg_mine" is reserved`)
    // Typing on a loaded machine: a budget beyond the default 5 s.
  }, 30_000)

  it('offers only the memberships the admin role may grant', async () => {
    renderPage()
    await userEvent.click(await screen.findByRole('button', { name: ROLE_MESSAGES.create }))
    const panel = screen.getByRole('dialog', { name: ROLE_MESSAGES.createTitle })
    expect(within(panel).getByRole('checkbox', { name: 'reporter' })).toBeInTheDocument()
    expect(within(panel).getByRole('checkbox', { name: 'limited' })).toBeInTheDocument()
    expect(within(panel).queryByRole('checkbox', { name: 'authenticated' })).not.toBeInTheDocument()
  })

  it('gives a Read-only member the list without controls', async () => {
    renderPage('read_only')
    await screen.findAllByRole('row')
    expect(screen.queryByRole('button', { name: ROLE_MESSAGES.create })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: ROLE_MESSAGES.edit('reporter') })).not.toBeInTheDocument()
  })
})
