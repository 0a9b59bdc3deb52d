import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { permissionsOf, type ProjectDatabase } from '@basalt/contracts'
import { mockFetch, renderWithProviders, testProject } from '../../../test/helpers'
import { INFRASTRUCTURE_SETTINGS_MESSAGES as M } from '../messages'
import { InfrastructureSettingsPage } from './infrastructure-settings-page'

const DATABASES = '/api/platform/projects/abc/databases'
const REPLICAS = '/api/projects/abc/replicas'
const SHARED_SERVER =
  'Basalt can make read replicas of projects on its embedded clusters; on this server, add a replica by its connection string'

const db = (identifier: string, overrides: Partial<ProjectDatabase> = {}): ProjectDatabase => ({
  identifier,
  type: identifier === 'abc' ? 'primary' : 'read_replica',
  status: 'active',
  connectionId: `enc-${identifier}`,
  ...overrides,
})

const owner = testProject({ ref: 'abc' })
const developer = testProject({ ref: 'abc', role: 'developer', permissions: permissionsOf('developer') })

const rows = () => screen.getAllByRole('row').slice(1)

describe('InfrastructureSettingsPage', () => {
  it('lists the primary and its read replicas with their type and status', async () => {
    mockFetch({
      [`GET ${DATABASES}`]: { body: [db('abc'), db('abc-rr-k2f9'), db('abc-rr-p0q1', { status: 'failed' })] },
    })
    renderWithProviders(<InfrastructureSettingsPage project={owner} />)
    expect(screen.getByRole('heading', { level: 1, name: M.title })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Databases' })
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Identifier', 'Type', 'Status', 'Actions'])
    expect(
      rows().map((r) =>
        within(r)
          .getAllByRole('cell')
          .slice(0, 3)
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['abc', 'Primary', 'Active'],
      ['abc-rr-k2f9', 'Read replica', 'Active'],
      ['abc-rr-p0q1', 'Read replica', 'Failed'],
    ])
    // A Remove for each replica, none for the primary.
    expect(screen.getAllByRole('button', { name: /^Remove / }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remove abc-rr-k2f9',
      'Remove abc-rr-p0q1',
    ])
    expect(screen.getByRole('button', { name: M.addReplica })).toBeInTheDocument()
  })

  it('adds a replica and reads the list again while it is coming up', async () => {
    let listed = [db('abc')]
    let reads = 0
    const { calls } = mockFetch({
      [`GET ${DATABASES}`]: () => {
        reads += 1
        // Caught up by the third read after it was added.
        if (listed.length > 1 && reads >= 4) listed = [db('abc'), db('abc-rr-new1')]
        return { body: listed }
      },
      [`POST ${REPLICAS}`]: () => {
        listed = [db('abc'), db('abc-rr-new1', { status: 'coming_up' })]
        return { status: 201, body: listed[1] }
      },
    })
    renderWithProviders(<InfrastructureSettingsPage project={owner} />)
    await screen.findByRole('table', { name: 'Databases' })
    await userEvent.setup().click(screen.getByRole('button', { name: M.addReplica }))

    expect(await screen.findByText(`${M.replicaAdded}: abc-rr-new1`)).toBeInTheDocument()
    const row = (await screen.findByText('abc-rr-new1')).closest('tr')!
    expect(within(row).getByText('Coming up')).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([expect.objectContaining({ path: REPLICAS })])
    await expect.poll(() => within(row).queryByText('Active'), { timeout: 6000 }).not.toBeNull()
    // Once nothing is coming up, the list is not read again.
    const settled = reads
    await new Promise((r) => setTimeout(r, 2500))
    expect(reads).toBe(settled)
  }, 15_000)

  it.each([
    [400, 'bad_request', SHARED_SERVER],
    [409, 'conflict', 'A project may have at most 2 read replicas'],
  ])('shows the server’s refusal (%i) as it says it', async (status, code, message) => {
    mockFetch({
      [`GET ${DATABASES}`]: { body: [db('abc')] },
      [`POST ${REPLICAS}`]: { status, body: { code, message } },
    })
    renderWithProviders(<InfrastructureSettingsPage project={owner} />)
    await screen.findByRole('table', { name: 'Databases' })
    await userEvent.setup().click(screen.getByRole('button', { name: M.addReplica }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(rows()).toHaveLength(1)
  })

  it('adds a standby of an attached database by its connection string, and shows a refusal on the field', async () => {
    const STANDBY = 'postgresql://reader:pw@standby.internal:5432/app'
    const NOT_A_STANDBY =
      "This server is not a standby (pg_is_in_recovery() is false): give the connection string of a read replica of the project's database"
    let listed = [db('abc')]
    const { calls } = mockFetch({
      [`GET ${DATABASES}`]: () => ({ body: listed }),
      [`POST ${REPLICAS}`]: ({ body }) => {
        if ((body as { connectionString: string }).connectionString !== STANDBY) {
          return { status: 400, body: { code: 'bad_request', message: NOT_A_STANDBY } }
        }
        listed = [db('abc'), db('abc-rr-ext1')]
        return { status: 201, body: listed[1] }
      },
    })
    renderWithProviders(<InfrastructureSettingsPage project={testProject({ ref: 'abc', kind: 'external' })} />)
    await screen.findByRole('table', { name: 'Databases' })
    const user = userEvent.setup()
    const field = screen.getByRole('textbox', { name: M.attachLabel })
    const add = screen.getByRole('button', { name: M.addReplica })

    // Not a connection string: refused before asking the server.
    await user.type(field, 'mysql://somewhere')
    await user.click(add)
    expect(
      await screen.findByText('Connection string must start with postgres:// or postgresql://'),
    ).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'POST')).toEqual([])

    // The server's refusal is the field's error, and the focus goes there.
    await user.clear(field)
    await user.type(field, 'postgresql://postgres:pw@primary.internal:5432/app')
    await user.click(add)
    expect(await screen.findByText(NOT_A_STANDBY)).toBeInTheDocument()
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(field).toHaveFocus()
    expect(rows()).toHaveLength(1)

    await user.clear(field)
    await user.type(field, STANDBY)
    await user.click(add)
    expect(await screen.findByText(`${M.replicaAdded}: abc-rr-ext1`)).toBeInTheDocument()
    expect(await screen.findByText('abc-rr-ext1')).toBeInTheDocument()
    expect(field).toHaveValue('')
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      { connectionString: 'postgresql://postgres:pw@primary.internal:5432/app' },
      { connectionString: STANDBY },
    ])
  })

  it('removes a replica after asking, by the identifier the list gives', async () => {
    let listed = [db('abc'), db('abc-rr-k2f9')]
    const { calls } = mockFetch({
      [`GET ${DATABASES}`]: () => ({ body: listed }),
      [`DELETE ${REPLICAS}/abc-rr-k2f9`]: () => {
        listed = [db('abc')]
        // The server answers 204; the fake's Response cannot carry that status with its (empty) body.
        return { status: 200 }
      },
    })
    renderWithProviders(<InfrastructureSettingsPage project={owner} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Remove abc-rr-k2f9' }))

    const dialog = screen.getByRole('dialog', { name: M.removeTitle })
    expect(dialog).toHaveTextContent(M.removeDetail('abc-rr-k2f9'))
    // Cancel asks nothing of the server.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Remove abc-rr-k2f9' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }))
    await expect.poll(() => screen.queryByText('abc-rr-k2f9')).toBeNull()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      expect.objectContaining({ path: `${REPLICAS}/abc-rr-k2f9` }),
    ])
    expect(rows()).toHaveLength(1)
  })

  it('keeps the dialog open with the server’s message when the removal fails', async () => {
    mockFetch({
      [`GET ${DATABASES}`]: { body: [db('abc'), db('abc-rr-k2f9')] },
      [`DELETE ${REPLICAS}/abc-rr-k2f9`]: {
        status: 404,
        body: { code: 'not_found', message: 'Read replica not found' },
      },
    })
    renderWithProviders(<InfrastructureSettingsPage project={owner} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Remove abc-rr-k2f9' }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Remove' }))
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent('Read replica not found')
  })

  it('lists the databases to members without projects:update, with nothing to add or remove', async () => {
    mockFetch({ [`GET ${DATABASES}`]: { body: [db('abc'), db('abc-rr-k2f9')] } })
    renderWithProviders(<InfrastructureSettingsPage project={developer} />)
    expect(await screen.findByText('abc-rr-k2f9')).toBeInTheDocument()
    expect(screen.getByText(M.onlyAdmins)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: M.addReplica })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument()
    expect(screen.getAllByRole('columnheader')).toHaveLength(3)
  })

  it('shows a placeholder while loading, then the error when the list cannot be read', async () => {
    mockFetch({ [`GET ${DATABASES}`]: { status: 403, body: { code: 'forbidden', message: 'Not a member' } } })
    renderWithProviders(<InfrastructureSettingsPage project={owner} />)
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    const error = await screen.findByRole('alert')
    expect(error).toHaveTextContent(M.loadError)
    expect(error).toHaveTextContent('Not a member')
    expect(screen.queryByRole('table')).not.toBeInTheDocument()
  })
})
