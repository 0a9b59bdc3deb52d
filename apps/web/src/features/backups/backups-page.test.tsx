import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { BACKUPS_ATTACHED_MESSAGE, permissionsOf, type BackupsOverview, type BranchDetail } from '@basalt/contracts'
import { mockFetch, renderWithProviders, testProject } from '../../test/helpers'
import { BackupsPage } from './backups-page'
import { BACKUPS_MESSAGES as M } from './messages'

const BACKUPS = '/api/projects/abc/backups'
const owner = testProject({ ref: 'abc', name: 'Shop' })
const reader = testProject({ ref: 'abc', name: 'Shop', role: 'read_only', permissions: permissionsOf('read_only') })

const overview = (
  archive: Partial<Extract<BackupsOverview, { available: true }>['archive']> = {},
): BackupsOverview => ({
  available: true,
  store: 'fs',
  schedule: '0 3 * * *',
  retentionDays: 7,
  backups: [
    {
      id: '11111111-1111-4111-8111-111111111111',
      trigger: 'scheduled',
      state: 'done',
      size: 4_273_905,
      error: null,
      createdAt: '2026-11-26T03:00:00.000Z',
      startedAt: '2026-11-26T03:00:01.000Z',
      stoppedAt: '2026-11-26T03:00:05.000Z',
    },
  ],
  window: { earliest: '2026-11-26T03:00:05.000Z', latest: '2026-11-27T01:00:00.000Z' },
  archive: {
    archivedCount: 12,
    lastArchivedWal: '000000010000000000000009',
    lastArchivedAt: '2026-11-27T00:59:00.000Z',
    failedCount: 0,
    lastFailedWal: null,
    lastFailedAt: null,
    lastShippedAt: null,
    lastShipError: null,
    lastShipErrorAt: null,
    waiting: 0,
    failing: false,
    ...archive,
  },
  restores: [],
})

describe('BackupsPage', () => {
  it('shows the window, the archive and the base backups with a streamed download', async () => {
    mockFetch({ [`GET ${BACKUPS}`]: { body: overview() } })
    renderWithProviders(<BackupsPage project={owner} />)
    const table = await screen.findByRole('table', { name: M.backupsTitle })
    const cells = within(table)
      .getAllByRole('cell')
      .map((c) => c.textContent)
    expect(cells.slice(1, 4)).toEqual(['4.08 MB', 'scheduled', 'done'])
    const link = within(table).getByRole('link', { name: /^Download the backup of / })
    expect(link.getAttribute('href')).toBe(`${BACKUPS}/11111111-1111-4111-8111-111111111111/download`)
    expect(screen.getByText(M.archiveOk)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: M.backUpNow })).toBeInTheDocument()
    expect(screen.getByText(M.earliest)).toBeInTheDocument()
  })

  it('says when the archive fails', async () => {
    mockFetch({
      [`GET ${BACKUPS}`]: {
        body: overview({
          failing: true,
          failedCount: 3,
          lastFailedWal: '00000001000000000000000A',
          lastFailedAt: '2026-11-27T01:00:00.000Z',
        }),
      },
    })
    renderWithProviders(<BackupsPage project={owner} />)
    expect(await screen.findByText(M.archiveFailing)).toBeInTheDocument()
    expect(screen.getByText(M.archiveFailingDetail)).toBeInTheDocument()
  })

  it('restores into a new project by default, and in place only with the name typed', async () => {
    const { calls } = mockFetch({
      [`GET ${BACKUPS}`]: { body: overview() },
      ['POST /api/projects/abc/restores']: {
        status: 400,
        body: { code: 'bad_request', message: 'That point is in the future' },
      },
    })
    renderWithProviders(<BackupsPage project={owner} />)
    await userEvent.click(await screen.findByRole('button', { name: M.restore }))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      mode: 'new_project',
      targetTime: null,
      name: 'Shop (restored)',
    })
    expect(await screen.findByText('That point is in the future')).toBeInTheDocument()
    await userEvent.click(screen.getByRole('radio', { name: new RegExp(M.inPlace) }))
    expect(screen.getByRole('button', { name: M.restore })).toBeDisabled()
    await userEvent.type(screen.getByLabelText(M.confirmLabel('Shop')), 'Shop')
    expect(screen.getByRole('button', { name: M.restore })).toBeEnabled()
  })

  it('offers Read-only members no backup, download or restore', async () => {
    mockFetch({ [`GET ${BACKUPS}`]: { body: overview() } })
    renderWithProviders(<BackupsPage project={reader} />)
    await screen.findByRole('table', { name: M.backupsTitle })
    expect(screen.queryByRole('button', { name: M.backUpNow })).toBeNull()
    expect(screen.queryByRole('button', { name: M.restore })).toBeNull()
    expect(screen.queryByRole('link', { name: /^Download/ })).toBeNull()
    expect(screen.getByText(M.onlyAdmins)).toBeInTheDocument()
  })

  it('says plainly that an attached database’s backups belong to its server’s owner', async () => {
    mockFetch({ [`GET ${BACKUPS}`]: { body: { available: false, message: BACKUPS_ATTACHED_MESSAGE } } })
    renderWithProviders(<BackupsPage project={owner} />)
    expect(await screen.findByText(BACKUPS_ATTACHED_MESSAGE)).toBeInTheDocument()
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('makes a branch of a project and lists its branches', async () => {
    const { calls } = mockFetch({
      [`GET ${BACKUPS}`]: { body: overview() },
      ['GET /api/projects/abc/branches']: { body: [] },
      ['POST /api/projects/abc/branches']: { status: 403, body: { code: 'forbidden', message: 'Not allowed' } },
    })
    renderWithProviders(<BackupsPage project={owner} />)
    expect(await screen.findByText(M.noBranches)).toBeInTheDocument()
    const name = screen.getByLabelText(M.branchName)
    await userEvent.clear(name)
    await userEvent.type(name, 'Preview')
    await userEvent.click(screen.getByRole('button', { name: M.createBranch }))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Preview' })
    expect(await screen.findByText('Not allowed')).toBeInTheDocument()
  })

  it('on a branch, shows the SQL of the changes not applied yet before applying them to the parent', async () => {
    const branch = testProject({ ref: 'brn', name: 'Preview', parentProjectRef: 'abc' })
    const detail: BranchDetail = {
      ref: 'brn',
      name: 'Preview',
      status: 'active_healthy',
      parentRef: 'abc',
      parentName: 'Shop',
      createdAt: '2026-11-27T01:00:00.000Z',
      appliedThrough: 1,
      changes: [
        {
          number: 1,
          name: 'table_create_a',
          statements: 'CREATE TABLE a ();',
          author: 'o@x',
          createdAt: '2026-11-27T01:01:00.000Z',
          applied: true,
        },
        {
          number: 2,
          name: 'column_add_price',
          statements: 'ALTER TABLE public.items ADD COLUMN price numeric;',
          author: 'o@x',
          createdAt: '2026-11-27T01:02:00.000Z',
          applied: false,
        },
      ],
    }
    const { calls } = mockFetch({
      ['GET /api/projects/brn/backups']: { body: overview() },
      ['GET /api/projects/abc/branches/brn']: { body: detail },
      ['POST /api/projects/abc/branches/brn/apply']: {
        status: 400,
        body: { code: 'bad_request', message: 'column "price" of relation "items" already exists' },
      },
    })
    renderWithProviders(<BackupsPage project={branch} />)
    const table = await screen.findByRole('table', { name: M.changesTitle })
    expect(within(table).getAllByRole('row')).toHaveLength(3)
    // The parent by its name, not its ref.
    expect(screen.getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/project/abc')
    await userEvent.click(screen.getByRole('button', { name: M.reviewApply }))
    const sql = screen.getByLabelText('SQL to apply')
    expect(sql.textContent).toContain('ADD COLUMN price')
    expect(sql.textContent).not.toContain('CREATE TABLE a')
    await userEvent.click(screen.getByRole('button', { name: M.applyConfirm(1) }))
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ through: 2 })
    expect(await screen.findByText('column "price" of relation "items" already exists')).toBeInTheDocument()
  })

  it('restores to just before a statement chosen from the SQL editor’s history', async () => {
    const { calls } = mockFetch({
      [`GET ${BACKUPS}`]: { body: overview() },
      ['GET /api/platform/pg-meta/abc/query/history']: {
        body: {
          more: false,
          runs: [
            {
              id: '22222222-2222-4222-8222-222222222222',
              query: 'drop table public.orders',
              role: 'admin',
              userId: null,
              status: 'success',
              startedAt: '2026-11-26T12:00:00.500Z',
              durationMs: 3,
              rows: 0,
              statementCount: 1,
              error: null,
            },
          ],
        },
      },
      ['POST /api/projects/abc/restores']: { status: 400, body: { code: 'bad_request', message: 'stop here' } },
    })
    renderWithProviders(<BackupsPage project={owner} />)
    const select = await screen.findByLabelText(M.beforeRunLabel)
    await screen.findByRole('option', { name: /drop table public\.orders/ })
    await userEvent.selectOptions(select, '22222222-2222-4222-8222-222222222222')
    await userEvent.click(screen.getByRole('button', { name: M.restore }))
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ targetTime: '2026-11-26T12:00:00.499Z' })
  })
})
