import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { permissionsOf, PROJECT_API_MESSAGES as MESSAGES, type ProjectApiSettings } from '@basalt/contracts'
import { mockFetch, renderWithProviders, testProject } from '../../../test/helpers'
import { ApiSettingsPage } from './api-settings-page'

const SETTINGS = '/api/projects/abc/settings/api'
const settings = (overrides: Partial<ProjectApiSettings> = {}): ProjectApiSettings => ({
  url: 'https://basalt.example/project-api/abc',
  storageUrl: 'https://basalt.example/project-api/abc/storage/v1',
  autoApiService: { endpoint: 'basalt.example/project-api/abc', protocol: 'https' },
  anonKey: 'anon.key.one',
  canReveal: true,
  ...overrides,
})
const owner = testProject({ ref: 'abc' })
const developer = testProject({ ref: 'abc', role: 'developer', permissions: permissionsOf('developer') })

describe('ApiSettingsPage', () => {
  it('shows the URLs and the anon key; the service key and the secret stay masked until revealed', async () => {
    const { calls } = mockFetch({
      [`GET ${SETTINGS}`]: { body: settings() },
      [`POST ${SETTINGS}/reveal`]: { body: { secret: 'service_role', value: 'service.key.one' } },
    })
    renderWithProviders(<ApiSettingsPage project={owner} />)
    expect(await screen.findByRole('textbox', { name: MESSAGES.urlLabel })).toHaveValue(settings().url)
    expect(screen.getByRole('textbox', { name: MESSAGES.storageUrlLabel })).toHaveValue(settings().storageUrl)
    expect(screen.getByRole('textbox', { name: MESSAGES.anonLabel })).toHaveValue('anon.key.one')
    const service = screen.getByLabelText(MESSAGES.serviceLabel)
    expect(service).toHaveAttribute('type', 'password')
    expect(service).not.toHaveValue('service.key.one')

    const user = userEvent.setup()
    const row = service.closest('div.grid') as HTMLElement
    await user.click(within(row).getByRole('button', { name: MESSAGES.reveal }))
    expect(await screen.findByDisplayValue('service.key.one')).toBeInTheDocument()
    expect(calls.filter((c) => c.path.endsWith('/reveal')).map((c) => c.body)).toEqual([{ secret: 'service_role' }])
    await user.click(within(row).getByRole('button', { name: MESSAGES.hide }))
    expect(screen.queryByDisplayValue('service.key.one')).not.toBeInTheDocument()
  })

  it('rolls the secret only after a confirmation that says what stops working, then shows the new anon key', async () => {
    const { calls } = mockFetch({
      [`GET ${SETTINGS}`]: { body: settings() },
      [`POST ${SETTINGS}/roll`]: { body: settings({ anonKey: 'anon.key.two' }) },
    })
    renderWithProviders(<ApiSettingsPage project={owner} />)
    const user = userEvent.setup()
    await user.click(await screen.findByRole('button', { name: MESSAGES.roll }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText(MESSAGES.rollConsequences)).toBeInTheDocument()
    expect(calls.some((c) => c.path.endsWith('/roll'))).toBe(false)
    await user.click(within(dialog).getByRole('button', { name: MESSAGES.rollConfirm }))
    expect(await screen.findByDisplayValue('anon.key.two')).toBeInTheDocument()
    expect(calls.filter((c) => c.path.endsWith('/roll')).map((c) => c.body)).toEqual([{ confirm: true }])
  })

  it('offers a Developer no reveal and no roll, and says who can', async () => {
    mockFetch({ [`GET ${SETTINGS}`]: { body: settings({ canReveal: false }) } })
    renderWithProviders(<ApiSettingsPage project={developer} />)
    expect(await screen.findByRole('textbox', { name: MESSAGES.anonLabel })).toHaveValue('anon.key.one')
    expect(screen.queryByRole('button', { name: MESSAGES.reveal })).not.toBeInTheDocument()
    expect(screen.queryByRole('button', { name: MESSAGES.roll })).not.toBeInTheDocument()
    expect(screen.getAllByText(new RegExp(MESSAGES.revealOnlyAdmins))).toHaveLength(2)
  })

  it('says when the settings cannot be read', async () => {
    mockFetch({ [`GET ${SETTINGS}`]: { status: 500, body: { code: 'internal', message: 'boom' } } })
    renderWithProviders(<ApiSettingsPage project={owner} />)
    expect(await screen.findByText(MESSAGES.loadFailed)).toBeInTheDocument()
  })
})
