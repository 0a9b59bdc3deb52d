import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router'
import { permissionsOf } from '@basalt/contracts'
import { mockFetch, renderRoutes, testProject } from '../../../test/helpers'
import { pgColumn, pgTable } from '../../../test/pg-meta-fixtures'
import { DATABASE_MESSAGES } from '../messages'
import { TablesPage, type TableForms } from './tables-page'

const SCHEMAS = [
  { id: 1, name: 'public', owner: 'admin', protected: false },
  { id: 2, name: 'auth', owner: 'admin', protected: true },
]

const forms: TableForms = {
  create: ({ schema }) => <p>create form in {schema}</p>,
  edit: ({ tableId }) => <p>edit form of {tableId}</p>,
  remove: ({ tableId }) => <p>delete dialog of {tableId}</p>,
}

function renderPage(path: string, role: 'owner' | 'read_only' = 'owner') {
  mockFetch({
    'GET /api/platform/pg-meta/abc/schemas': { body: SCHEMAS },
    'GET /api/platform/pg-meta/abc/tables': ({ url }) =>
      url.searchParams.get('included_schemas') === 'auth'
        ? { body: [pgTable({ id: 9, schema: 'auth', name: 'users', rls_enabled: true })] }
        : {
            body: [
              pgTable({ live_rows_estimate: 12345, size: '48 kB', rls_enabled: true }),
              pgTable({ id: 43, name: 'notes', columns: [pgColumn('id', 'int8', { table_id: 43 })] }),
            ],
          },
  })
  const project = testProject({ ref: 'abc', role, permissions: permissionsOf(role) })
  return renderRoutes(
    [
      {
        path: '/project/:ref',
        element: <Outlet context={{ project, mode: 'hosted' }} />,
        children: [{ path: 'database/tables', element: <TablesPage projectRef="abc" forms={forms} /> }],
      },
    ],
    [path],
  )
}

describe('Database › Tables', () => {
  it('lists each table with its estimated rows, size, column count and RLS state, and searches them', async () => {
    renderPage('/project/abc/database/tables')
    const todos = (await screen.findByRole('link', { name: 'Open todos in the table editor' })).closest('tr')!
    expect(within(todos).getByText('12,345')).toBeInTheDocument()
    expect(within(todos).getByText('48 kB')).toBeInTheDocument()
    expect(within(todos).getByText('3')).toBeInTheDocument()
    expect(within(todos).getByText(DATABASE_MESSAGES.tables.rlsOn)).toBeInTheDocument()
    const notes = screen.getByRole('link', { name: 'Open notes in the table editor' }).closest('tr')!
    expect(within(notes).getByText(DATABASE_MESSAGES.tables.rlsOff)).toBeInTheDocument()

    await userEvent.type(screen.getByRole('searchbox', { name: DATABASE_MESSAGES.tables.search }), ' NOT ')
    expect(screen.queryByRole('link', { name: 'Open todos in the table editor' })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Open notes in the table editor' })).toBeInTheDocument()
  })

  it("opens the table editor's forms to create, edit and delete", async () => {
    renderPage('/project/abc/database/tables')
    await userEvent.click(await screen.findByRole('button', { name: 'Edit table notes' }))
    expect(screen.getByText('edit form of 43')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: 'Delete table todos' }))
    expect(screen.getByText('delete dialog of 42')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: DATABASE_MESSAGES.tables.create }))
    expect(screen.getByText('create form in public')).toBeInTheDocument()
  })

  it('offers no change to a Read-only member, nor in a locked schema', async () => {
    renderPage('/project/abc/database/tables', 'read_only')
    await screen.findByRole('link', { name: 'Open todos in the table editor' })
    expect(screen.getByRole('note')).toHaveTextContent(DATABASE_MESSAGES.readOnly)
    expect(screen.queryByRole('button', { name: DATABASE_MESSAGES.tables.create })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Edit table todos' })).not.toBeInTheDocument()
  })

  it('shows a locked schema read-only', async () => {
    renderPage('/project/abc/database/tables?schema=auth')
    await screen.findByRole('link', { name: 'Open users in the table editor' })
    expect(screen.getByRole('note')).toHaveTextContent(DATABASE_MESSAGES.lockedSchema('auth'))
    expect(screen.queryByRole('button', { name: DATABASE_MESSAGES.tables.create })).not.toBeInTheDocument()
  })
})
