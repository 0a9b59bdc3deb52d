import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router'
import { permissionsOf, type DatabaseFunction } from '@basalt/contracts'
import { mockFetch, renderRoutes, testProject } from '../../../test/helpers'
import { DATABASE_MESSAGES, FUNCTION_MESSAGES } from '../messages'
import { FunctionsPage } from './functions-page'

const fn = (extra: Partial<DatabaseFunction>): DatabaseFunction => ({
  id: 1,
  schema: 'public',
  name: 'over',
  kind: 'function',
  language: 'sql',
  owner: 'admin',
  comment: null,
  arguments: [{ mode: 'in', name: 'x', type: 'integer', default: null }],
  argument_types: 'x integer',
  identity_arguments: 'x integer',
  return_type: 'integer',
  returns_set: false,
  is_trigger: false,
  volatility: 'volatile',
  security_definer: false,
  strict: false,
  leakproof: false,
  parallel: 'unsafe',
  config: [],
  body: 'select x',
  sql_body: false,
  definition: 'CREATE OR REPLACE FUNCTION public.over(x integer) …',
  ...extra,
})

function renderPage(role: 'owner' | 'read_only' = 'owner') {
  const calls = mockFetch({
    'GET /api/platform/pg-meta/abc/schemas': { body: [{ id: 1, name: 'public', owner: 'admin', protected: false }] },
    'GET /api/platform/pg-meta/abc/types': { body: [] },
    'GET /api/platform/pg-meta/abc/database/functions': {
      body: [
        fn({}),
        fn({ id: 2, argument_types: 'x text', identity_arguments: 'x text', return_type: 'text' }),
        fn({ id: 3, name: 'total', kind: 'aggregate', definition: null, security_definer: true }),
      ],
    },
    // A body that does not compile: Postgres' syntax error (42601) comes back beside the body.
    'PATCH /api/platform/pg-meta/abc/database/functions': {
      status: 400,
      body: { code: 'pg_error', message: 'syntax error at or near "selec"', pg: { code: '42601', position: 80 } },
    },
    'GET /api/platform/pg-meta/abc/database/functions/dependents': {
      body: [{ description: 'trigger t on table items', catalog: 'pg_trigger' }],
    },
  })
  const project = testProject({ ref: 'abc', role, permissions: permissionsOf(role) })
  renderRoutes(
    [
      {
        path: '/project/:ref',
        element: <Outlet context={{ project, mode: 'hosted' }} />,
        children: [{ path: 'database/functions', element: <FunctionsPage projectRef="abc" /> }],
      },
    ],
    ['/project/abc/database/functions'],
  )
  return calls
}

describe('Database › Functions', () => {
  it('lists overloads on rows of their own, labels aggregates and security definers', async () => {
    renderPage()
    const rows = await screen.findAllByRole('row')
    expect(rows.slice(1).map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      'x integer',
      'x text',
      'x integer',
    ])
    expect(within(rows[3]!).getByText('aggregate')).toBeInTheDocument()
    expect(within(rows[3]!).getByText('definer')).toBeInTheDocument()
    // An aggregate is not edited with the function form.
    expect(within(rows[3]!).queryByRole('button', { name: FUNCTION_MESSAGES.edit('total') })).not.toBeInTheDocument()
  })

  it("shows Postgres' refusal of a body that does not compile beside the body, back on the form", async () => {
    renderPage()
    await userEvent.click((await screen.findAllByRole('button', { name: FUNCTION_MESSAGES.edit('over') }))[0]!)
    await userEvent.click(screen.getByRole('button', { name: DATABASE_MESSAGES.review }))
    expect(screen.getByLabelText(DATABASE_MESSAGES.sqlLabel)).toHaveTextContent('CREATE OR REPLACE FUNCTION')
    await userEvent.click(screen.getByRole('button', { name: DATABASE_MESSAGES.run }))
    const refusal = await screen.findByText(`${DATABASE_MESSAGES.refusedBeside} syntax error at or near "selec"`)
    // Beside the body editor, in the form (not under the SQL of the review).
    expect(refusal.closest('div')).toContainElement(screen.getByText('Definition'))
    expect(screen.queryByLabelText(DATABASE_MESSAGES.sqlLabel)).not.toBeInTheDocument()
  })

  it('shows what depends on a function before deleting it', async () => {
    renderPage()
    await userEvent.click((await screen.findAllByRole('button', { name: FUNCTION_MESSAGES.remove('over') }))[0]!)
    expect(await screen.findByText('trigger t on table items')).toBeInTheDocument()
    expect(screen.getByLabelText('SQL to run')).toHaveTextContent('DROP FUNCTION "public"."over"(x integer);')
    await userEvent.click(screen.getByLabelText(FUNCTION_MESSAGES.cascade))
    expect(screen.getByLabelText('SQL to run')).toHaveTextContent('DROP FUNCTION "public"."over"(x integer) CASCADE;')
  })

  it('lets a Read-only member view definitions only', async () => {
    renderPage('read_only')
    await screen.findAllByRole('row')
    expect(screen.queryByRole('button', { name: FUNCTION_MESSAGES.create })).not.toBeInTheDocument()
    expect(screen.queryAllByRole('button', { name: FUNCTION_MESSAGES.remove('over') })).toHaveLength(0)
    await userEvent.click(screen.getAllByRole('button', { name: FUNCTION_MESSAGES.view('over') })[0]!)
    expect(await screen.findByLabelText('Definition')).toHaveTextContent('CREATE OR REPLACE FUNCTION public.over')
  })
})
