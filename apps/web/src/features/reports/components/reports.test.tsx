import { describe, expect, it } from 'vitest'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router'
import { defaultReportContent, permissionsOf, type ContentItem } from '@basalt/contracts'
import { mockFetch, renderRoutes, testProject, testSession, testUser } from '../../../test/helpers'
import { MESSAGES } from '../messages'
import { ReportPage } from './report-page'
import { ReportsPage } from './reports-page'

const REPORT_ID = '11111111-1111-4111-8111-111111111111'
const SNIPPET_ID = '22222222-2222-4222-8222-222222222222'
const CONTENT = '/api/platform/projects/abc/content'

const report = (extra: Partial<ContentItem> = {}): ContentItem => ({
  id: REPORT_ID,
  type: 'report',
  name: 'Signups',
  description: null,
  visibility: 'project',
  owner_id: testUser.id,
  project_id: 'p',
  content: {
    ...defaultReportContent(new Date('2026-11-24T00:00:00Z')),
    layout: [
      {
        id: '33333333-3333-4333-8333-333333333333',
        snippet_id: SNIPPET_ID,
        chart: { type: 'bar', cumulative: false, xKey: 'day', yKey: 'n' },
      },
    ],
    favorite: false,
  },
  owner: { id: testUser.id, username: 'owner@example.com' },
  updated_by: null,
  inserted_at: '2026-11-24T00:00:00Z',
  updated_at: '2026-11-24T00:00:00Z',
  ...extra,
})

function renderAt(path: string, role: 'owner' | 'read_only' = 'owner') {
  const project = testProject({ ref: 'abc', role, permissions: permissionsOf(role) })
  return renderRoutes(
    [
      {
        path: '/project/:ref',
        element: <Outlet context={{ project, mode: 'hosted' }} />,
        children: [
          { path: 'reports', element: <ReportsPage projectRef="abc" /> },
          { path: 'reports/:id', element: <ReportPage projectRef="abc" reportId={REPORT_ID} /> },
        ],
      },
    ],
    [path],
  )
}

describe('Create a custom report', () => {
  it('requires a name, then creates the report with the default content and opens it', async () => {
    const fetch = mockFetch({
      'GET /api/auth/session': { body: testSession() },
      [`GET ${CONTENT}`]: { body: { data: [] } },
      [`POST ${CONTENT}`]: ({ body }) => ({
        status: 201,
        body: report({
          ...(body as object),
          content: { ...(body as { content: object }).content, favorite: false },
        } as never),
      }),
      [`GET ${CONTENT}/item/${REPORT_ID}`]: { body: report() },
      'POST /api/platform/pg-meta/abc/report-query': { body: { columns: [], rows: [] } },
    })
    renderAt('/project/abc/reports')
    expect(await screen.findByText(MESSAGES.noReports)).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.createButton }))
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.createTitle })
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.create }))
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Required')
    await userEvent.type(within(dialog).getByLabelText(MESSAGES.name), '  Signups ')
    await userEvent.type(within(dialog).getByLabelText(MESSAGES.descriptionField), 'Daily')
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.create }))

    expect(await screen.findByText(MESSAGES.created)).toBeInTheDocument()
    const post = fetch.calls.find((c) => c.method === 'POST' && c.path === CONTENT)!
    expect(post.body).toMatchObject({
      type: 'report',
      name: 'Signups',
      description: 'Daily',
      visibility: 'project',
      content: {
        schema_version: 1,
        period_start: { time_period: '7d' },
        period_end: { time_period: 'today' },
        interval: '1d',
        layout: [],
      },
    })
    expect(await screen.findByRole('heading', { name: 'Signups' })).toBeInTheDocument()
  })

  it('says why when the report could not be created, and keeps the dialog', async () => {
    mockFetch({
      'GET /api/auth/session': { body: testSession() },
      [`GET ${CONTENT}`]: { body: { data: [report()] } },
      [`POST ${CONTENT}`]: { status: 500, body: { code: 'internal', message: 'boom' } },
    })
    renderAt('/project/abc/reports')
    expect(await screen.findByRole('link', { name: /Signups/ })).toBeInTheDocument()
    await userEvent.click(screen.getByRole('button', { name: MESSAGES.createButton }))
    const dialog = await screen.findByRole('dialog')
    await userEvent.type(within(dialog).getByLabelText(MESSAGES.name), 'Other')
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.create }))
    expect(await screen.findByText(MESSAGES.createFailed)).toBeInTheDocument()
    expect(screen.getByRole('dialog')).toBeInTheDocument()
  })
})

describe('A report page', () => {
  it('runs each block for the period and lets the owner rename and delete the report', async () => {
    let current = report()
    const fetch = mockFetch({
      'GET /api/auth/session': { body: testSession() },
      [`GET ${CONTENT}`]: () => ({ body: { data: [current] } }),
      [`GET ${CONTENT}/item/${REPORT_ID}`]: () => ({ body: current }),
      [`PATCH ${CONTENT}`]: ({ body }) => {
        const change = body as Partial<ContentItem>
        current = { ...current, ...change, content: { ...(change.content ?? current.content), favorite: false } }
        return { body: current }
      },
      [`DELETE ${CONTENT}`]: { body: { deleted: [REPORT_ID] } },
      'POST /api/platform/pg-meta/abc/report-query': {
        body: {
          columns: [
            { name: 'day', type: 'date', typeId: 1082 },
            { name: 'n', type: 'int4', typeId: 23 },
          ],
          rows: [['2026-11-20', 3]],
          snippetVisible: true,
        },
      },
    })
    renderAt(`/project/abc/reports/${REPORT_ID}`)
    expect(await screen.findByRole('figure', { name: 'Bar chart of n by day' })).toBeInTheDocument()
    const run = fetch.calls.find((c) => c.path.endsWith('/report-query'))!
    const body = run.body as { snippetId: string; period_start: string; period_end: string }
    expect(body.snippetId).toBe(SNIPPET_ID)
    expect(Date.parse(body.period_end) - Date.parse(body.period_start)).toBe(7 * 86_400_000)

    await userEvent.selectOptions(screen.getByLabelText(MESSAGES.period), MESSAGES.periods['30d'])
    await waitFor(() => {
      const patch = fetch.calls.find((c) => c.method === 'PATCH')
      expect(patch?.body).toMatchObject({ content: { period_start: { time_period: '30d' } } })
    })

    await userEvent.click(screen.getByRole('button', { name: MESSAGES.actions }))
    await userEvent.click(await screen.findByRole('menuitem', { name: MESSAGES.rename }))
    const dialog = await screen.findByRole('dialog', { name: MESSAGES.renameTitle })
    const name = within(dialog).getByLabelText(MESSAGES.name)
    await userEvent.clear(name)
    await userEvent.type(name, 'Weekly signups')
    await userEvent.click(within(dialog).getByRole('button', { name: MESSAGES.save }))
    expect(await screen.findByText(MESSAGES.updated)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: 'Weekly signups' })).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: MESSAGES.actions }))
    await userEvent.click(await screen.findByRole('menuitem', { name: MESSAGES.delete }))
    const confirm = await screen.findByRole('dialog', { name: MESSAGES.deleteTitle('Weekly signups') })
    await userEvent.click(within(confirm).getByRole('button', { name: MESSAGES.delete }))
    expect(await screen.findByText(MESSAGES.deleted)).toBeInTheDocument()
    expect(await screen.findByRole('heading', { name: MESSAGES.title })).toBeInTheDocument()
  })

  it('shows someone else’s report without the owner’s actions', async () => {
    mockFetch({
      'GET /api/auth/session': { body: testSession() },
      [`GET ${CONTENT}/item/${REPORT_ID}`]: {
        body: report({ owner_id: 'someone-else', owner: { id: 'someone-else', username: 'dev@example.com' } }),
      },
      'POST /api/platform/pg-meta/abc/report-query': {
        status: 400,
        body: { code: 'pg_error', message: 'relation "x" does not exist' },
      },
    })
    renderAt(`/project/abc/reports/${REPORT_ID}`, 'read_only')
    expect(await screen.findByText(MESSAGES.readOnly)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: MESSAGES.actions })).not.toBeInTheDocument()
    expect(await screen.findByText('relation "x" does not exist')).toBeInTheDocument()
  })
})
