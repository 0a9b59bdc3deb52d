import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Outlet } from 'react-router'
import { defaultReportContent, permissionsOf, REPORT_MESSAGES, type ContentItem } from '@basalt/contracts'
import { mockFetch, renderRoutes, testProject, testSession, testUser } from '../../test/helpers'
import { ADD_TO_REPORT_MESSAGES, AddToReportMenu } from './add-to-report-menu'

const CONTENT = '/api/platform/projects/abc/content'
const SNIPPET_ID = '22222222-2222-4222-8222-222222222222'
const chart = { type: 'bar', cumulative: true, xKey: 'day', yKey: 'n' } as const

const report = (id: string, name: string, owner_id: string): ContentItem => ({
  id,
  type: 'report',
  name,
  description: null,
  visibility: 'project',
  owner_id,
  project_id: 'p',
  content: { ...defaultReportContent(new Date()), favorite: false },
  owner: null,
  updated_by: null,
  inserted_at: '2026-11-24T00:00:00Z',
  updated_at: '2026-11-24T00:00:00Z',
})

function renderMenu(snippetId: string | null, role: 'owner' | 'read_only' = 'owner') {
  const project = testProject({ ref: 'abc', role, permissions: permissionsOf(role) })
  return renderRoutes(
    [
      {
        path: '/',
        element: <Outlet context={{ project, mode: 'hosted' }} />,
        children: [{ index: true, element: <AddToReportMenu projectRef="abc" snippetId={snippetId} chart={chart} /> }],
      },
    ],
    ['/'],
  )
}

describe('Add to report', () => {
  const mine = report('11111111-1111-4111-8111-111111111111', 'Mine', testUser.id)
  const theirs = report('33333333-3333-4333-8333-333333333333', 'Theirs', 'someone-else')

  it('offers the member’s own reports and appends the chart as a block', async () => {
    const fetch = mockFetch({
      'GET /api/auth/session': { body: testSession() },
      [`GET ${CONTENT}`]: { body: { data: [mine, theirs] } },
      [`GET ${CONTENT}/item/${mine.id}`]: { body: mine },
      [`PATCH ${CONTENT}`]: { body: mine },
    })
    renderMenu(SNIPPET_ID)
    await userEvent.click(await screen.findByRole('button', { name: ADD_TO_REPORT_MESSAGES.button }))
    expect(screen.queryByRole('menuitem', { name: 'Theirs' })).not.toBeInTheDocument()
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mine' }))
    expect(await screen.findByText(REPORT_MESSAGES.updated)).toBeInTheDocument()
    await waitFor(() => expect(fetch.calls.some((c) => c.method === 'PATCH')).toBe(true))
    const patch = fetch.calls.find((c) => c.method === 'PATCH')!
    expect(patch.body).toMatchObject({ content: { layout: [{ snippet_id: SNIPPET_ID, chart }] } })
  })

  it('asks to save the query first, and is not offered to Read-only members', async () => {
    mockFetch({ 'GET /api/auth/session': { body: testSession() }, [`GET ${CONTENT}`]: { body: { data: [] } } })
    const { unmount } = renderMenu(null)
    expect(await screen.findByRole('button', { name: ADD_TO_REPORT_MESSAGES.button })).toHaveAttribute(
      'title',
      ADD_TO_REPORT_MESSAGES.unsaved,
    )
    unmount()
    renderMenu(SNIPPET_ID, 'read_only')
    await waitFor(() => expect(screen.queryByRole('button', { name: ADD_TO_REPORT_MESSAGES.button })).toBeNull())
  })
})
