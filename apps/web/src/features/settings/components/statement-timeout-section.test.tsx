import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { permissionsOf } from '@basalt/contracts'
import { mockFetch, renderWithProviders, testProject } from '../../../test/helpers'
import { DATABASE_SETTINGS_MESSAGES as M } from '../messages'
import { StatementTimeoutSection } from './statement-timeout-section'

const SETTINGS = '/api/projects/abc/database/settings'
const owner = testProject({ ref: 'abc' })
const reader = testProject({ ref: 'abc', role: 'read_only', permissions: permissionsOf('read_only') })

describe('StatementTimeoutSection', () => {
  it('shows the timeout in seconds and saves a new one in milliseconds, with a toast', async () => {
    let saved = 120_000
    const { calls } = mockFetch({
      [`GET ${SETTINGS}`]: () => ({ body: { statementTimeoutMs: saved } }),
      [`PATCH ${SETTINGS}`]: ({ body }) => {
        saved = (body as { statementTimeoutMs: number }).statementTimeoutMs
        return { body: { statementTimeoutMs: saved } }
      },
    })
    renderWithProviders(<StatementTimeoutSection project={owner} />)
    const field = await screen.findByRole('spinbutton', { name: M.timeoutLabel })
    expect(field).toHaveValue(120)
    expect(field).toHaveAccessibleDescription(M.timeoutRange)

    const user = userEvent.setup()
    await user.clear(field)
    await user.type(field, '30')
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText(M.timeoutSaved)).toBeInTheDocument()
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([
      expect.objectContaining({ path: SETTINGS, body: { statementTimeoutMs: 30_000 } }),
    ])
    expect(screen.getByRole('spinbutton', { name: M.timeoutLabel })).toHaveValue(30)
  })

  it.each([
    ['0', 'The statement timeout must be at least 1 second'],
    ['86401', 'The statement timeout must be at most 24 hours'],
    ['', M.timeoutNotANumber],
  ])('refuses %j before asking the server', async (typed, message) => {
    const { calls } = mockFetch({ [`GET ${SETTINGS}`]: { body: { statementTimeoutMs: 5_000 } } })
    renderWithProviders(<StatementTimeoutSection project={owner} />)
    const field = await screen.findByRole('spinbutton', { name: M.timeoutLabel })
    const user = userEvent.setup()
    await user.clear(field)
    if (typed) await user.type(field, typed)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([])
  })

  it('shows the server’s refusal in place, not as a toast', async () => {
    mockFetch({
      [`GET ${SETTINGS}`]: { body: { statementTimeoutMs: 5_000 } },
      [`PATCH ${SETTINGS}`]: { status: 403, body: { code: 'forbidden', message: 'You may not change this project' } },
    })
    renderWithProviders(<StatementTimeoutSection project={owner} />)
    const field = await screen.findByRole('spinbutton', { name: M.timeoutLabel })
    const user = userEvent.setup()
    await user.clear(field)
    await user.type(field, '60')
    // Sonner keeps its toasts between tests: count them rather than expect none.
    const toastsBefore = screen.queryAllByText(M.timeoutSaved).length
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('You may not change this project')
    expect(screen.queryAllByText(M.timeoutSaved)).toHaveLength(toastsBefore)
    expect(field).toHaveValue(60)
  })

  it('is read-only without settings:write, and says who may change it', async () => {
    mockFetch({ [`GET ${SETTINGS}`]: { body: { statementTimeoutMs: 8_000 } } })
    renderWithProviders(<StatementTimeoutSection project={reader} />)
    const field = await screen.findByRole('spinbutton', { name: M.timeoutLabel })
    expect(field).toHaveValue(8)
    expect(field).toHaveAttribute('readonly')
    expect(field).toHaveAccessibleDescription(M.timeoutOnlyAdmins)
    expect(screen.queryByRole('button', { name: 'Save' })).not.toBeInTheDocument()
  })

  it('shows a placeholder while loading, then the error when the timeout cannot be read', async () => {
    mockFetch({
      [`GET ${SETTINGS}`]: { status: 409, body: { code: 'project_not_ready', message: 'Project is paused' } },
    })
    renderWithProviders(<StatementTimeoutSection project={owner} />)
    expect(screen.getByRole('status', { name: 'Loading' })).toBeInTheDocument()
    const error = await screen.findByRole('alert')
    expect(error).toHaveTextContent(M.timeoutLoadError)
    expect(error).toHaveTextContent('Project is paused')
    expect(screen.queryByRole('spinbutton')).not.toBeInTheDocument()
  })
})
