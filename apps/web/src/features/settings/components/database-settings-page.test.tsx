import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { permissionsOf, SUPERUSER_CONNECTION_WARNING, type ProjectConnectionInfo } from '@basalt/contracts'
import { mockFetch, renderWithProviders, testProject } from '../../../test/helpers'
import { DATABASE_SETTINGS_MESSAGES } from '../messages'
import { DatabaseSettingsPage } from './database-settings-page'

const CONNECTION = '/api/projects/abc/database/connection'
const PASSWORD = '/api/projects/abc/database/password'
const SETTINGS = '/api/projects/abc/database/settings'
/** The statement timeout every test's page also reads. */
const settings = { [`GET ${SETTINGS}`]: { body: { statementTimeoutMs: 120_000 } } }

const info = (overrides: Partial<ProjectConnectionInfo> = {}): ProjectConnectionInfo => ({
  host: '127.0.0.1',
  port: 54512,
  database: 'basalt_project_abc',
  user: 'basalt_admin_abc',
  passwordAvailable: true,
  psql: 'psql -h 127.0.0.1 -p 54512 -U basalt_admin_abc -d basalt_project_abc',
  superuser: false,
  ...overrides,
})

const owner = testProject({ ref: 'abc' })
const reader = testProject({ ref: 'abc', role: 'read_only', permissions: permissionsOf('read_only') })

describe('DatabaseSettingsPage', () => {
  it('shows the connection parameters, the psql command and the connection string, each with a copy button', async () => {
    mockFetch({ ...settings, [`GET ${CONNECTION}`]: { body: info() } })
    renderWithProviders(<DatabaseSettingsPage project={owner} />)
    expect(screen.getByRole('heading', { level: 1, name: DATABASE_SETTINGS_MESSAGES.title })).toBeInTheDocument()

    expect(await screen.findByRole('textbox', { name: 'Host' })).toHaveValue('127.0.0.1')
    expect(screen.getByRole('textbox', { name: 'Port' })).toHaveValue('54512')
    expect(screen.getByRole('textbox', { name: 'Database name' })).toHaveValue('basalt_project_abc')
    expect(screen.getByRole('textbox', { name: 'User' })).toHaveValue('basalt_admin_abc')
    for (const name of ['host', 'port', 'database name', 'user', 'psql command', 'connection string']) {
      expect(screen.getByRole('button', { name: `Copy ${name}` })).toBeInTheDocument()
    }
    expect(screen.getByText(info().psql)).toBeInTheDocument()
    expect(
      screen.getByText('postgresql://basalt_admin_abc:[YOUR-PASSWORD]@127.0.0.1:54512/basalt_project_abc'),
    ).toBeInTheDocument()
    // The password is not on the page until someone reveals it, and no superuser warning is due.
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(screen.queryByText(SUPERUSER_CONNECTION_WARNING)).not.toBeInTheDocument()

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Copy psql command' }))
    expect(await navigator.clipboard.readText()).toBe(info().psql)
    expect(screen.getByRole('button', { name: 'Copied' })).toBeInTheDocument()
  })

  it('offers Reveal to members with settings:write, and shows the password with Copy and Hide', async () => {
    const { calls } = mockFetch({
      ...settings,
      [`GET ${CONNECTION}`]: { body: info() },
      [`POST ${PASSWORD}`]: { body: { password: 's3cret-admin-pass' } },
    })
    document.cookie = 'basalt_csrf=csrf-1; path=/'
    renderWithProviders(<DatabaseSettingsPage project={owner} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: 'Reveal' }))

    const field = screen.getByRole('textbox', { name: 'Password' })
    await expect.poll(() => (field as HTMLInputElement).value).toBe('s3cret-admin-pass')
    const post = calls.filter((c) => c.method === 'POST')
    expect(post).toEqual([expect.objectContaining({ path: PASSWORD })])
    expect(post[0]!.headers['x-csrf-token']).toBe('csrf-1')
    expect(screen.getByRole('button', { name: 'Copy password' })).toBeInTheDocument()

    // The same button hides it again and keeps the keyboard focus.
    const hide = screen.getByRole('button', { name: 'Hide' })
    expect(hide).toHaveFocus()
    await user.click(hide)
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
    expect(screen.getByLabelText('Password')).not.toHaveValue('s3cret-admin-pass')
    expect(screen.queryByRole('button', { name: 'Copy password' })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reveal' })).toHaveFocus()
  })

  it('shows the server’s refusal of a reveal', async () => {
    mockFetch({
      ...settings,
      [`GET ${CONNECTION}`]: { body: info() },
      [`POST ${PASSWORD}`]: { status: 403, body: { code: 'forbidden', message: 'You may not reveal this password' } },
    })
    renderWithProviders(<DatabaseSettingsPage project={owner} />)
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Reveal' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not reveal this password')
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password')
  })

  it('offers no Reveal without settings:write and says who may reveal it', async () => {
    mockFetch({ ...settings, [`GET ${CONNECTION}`]: { body: info() } })
    renderWithProviders(<DatabaseSettingsPage project={reader} />)
    const field = await screen.findByLabelText('Password')
    expect(field).toHaveAccessibleDescription(DATABASE_SETTINGS_MESSAGES.passwordRevealOnlyAdmins)
    expect(screen.queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument()
    // Everything else is there for them too.
    expect(screen.getByRole('textbox', { name: 'User' })).toHaveValue('basalt_admin_abc')
    expect(screen.getByRole('button', { name: 'Copy psql command' })).toBeInTheDocument()
  })

  it('says where the password is when Basalt does not hold it', async () => {
    mockFetch({ ...settings, [`GET ${CONNECTION}`]: { body: info({ passwordAvailable: false }) } })
    renderWithProviders(<DatabaseSettingsPage project={owner} />)
    expect(await screen.findByText(DATABASE_SETTINGS_MESSAGES.passwordNotHeld)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reveal' })).not.toBeInTheDocument()
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument()
  })

  it('warns, verbatim, when the project connects as a superuser', async () => {
    mockFetch({ ...settings, [`GET ${CONNECTION}`]: { body: info({ superuser: true, user: 'postgres' }) } })
    renderWithProviders(<DatabaseSettingsPage project={owner} />)
    expect(await screen.findByRole('note')).toHaveTextContent(SUPERUSER_CONNECTION_WARNING)
    expect(screen.getByText(SUPERUSER_CONNECTION_WARNING)).toBeInTheDocument()
  })

  it('shows placeholders while loading, then the error when the details cannot be read', async () => {
    mockFetch({
      ...settings,
      [`GET ${CONNECTION}`]: { status: 409, body: { code: 'project_not_ready', message: 'Project is paused' } },
    })
    renderWithProviders(<DatabaseSettingsPage project={owner} />)
    expect(screen.getAllByRole('status', { name: 'Loading' })).toHaveLength(3)
    const error = await screen.findByRole('alert')
    expect(error).toHaveTextContent(DATABASE_SETTINGS_MESSAGES.loadError)
    expect(error).toHaveTextContent('Project is paused')
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
  })
})
