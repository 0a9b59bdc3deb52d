import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router'
import { permissionsOf, type DatabaseTrigger } from '@basalt/contracts'
import { mockFetch, renderRoutes, testProject } from '../../../test/helpers'
import { TRIGGER_MESSAGES } from '../messages'
import { TriggersPage } from './triggers-page'

const trigger: DatabaseTrigger = {
  id: 7,
  name: 'stamp',
  schema: 'public',
  table: 'items',
  table_id: 42,
  table_kind: 'table',
  function_id: 9,
  function_schema: 'public',
  function_name: 'touch',
  function_args: [],
  timing: 'BEFORE',
  orientation: 'ROW',
  events: ['UPDATE'],
  update_columns: [],
  condition: null,
  old_table: null,
  new_table: null,
  enabled_mode: 'origin',
  definition: 'CREATE TRIGGER stamp BEFORE UPDATE ON public.items FOR EACH ROW EXECUTE FUNCTION touch()',
  comment: null,
}

describe('Database › Triggers', () => {
  it("shows a refused disable beside the trigger's switch, not only in a toast", async () => {
    mockFetch({
      'GET /api/platform/pg-meta/abc/schemas': { body: [{ id: 1, name: 'public', owner: 'admin', protected: false }] },
      'GET /api/platform/pg-meta/abc/database/triggers': { body: [trigger] },
      'PATCH /api/platform/pg-meta/abc/database/triggers': {
        status: 400,
        body: { code: 'pg_error', message: 'must be owner of table items', pg: { code: '42501' } },
      },
    })
    const project = testProject({ ref: 'abc', role: 'owner', permissions: permissionsOf('owner') })
    renderRoutes(
      [
        {
          path: '/project/:ref',
          element: <Outlet context={{ project, mode: 'hosted' }} />,
          children: [{ path: 'database/triggers', element: <TriggersPage projectRef="abc" /> }],
        },
      ],
      ['/project/abc/database/triggers'],
    )
    const toggle = await screen.findByRole('switch', { name: TRIGGER_MESSAGES.enabled('stamp') })
    await userEvent.click(toggle)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(TRIGGER_MESSAGES.toggleFailed('must be owner of table items'))
    expect(toggle).toHaveAccessibleDescription(TRIGGER_MESSAGES.toggleFailed('must be owner of table items'))
    expect(toggle).toBeChecked()
  })
})
