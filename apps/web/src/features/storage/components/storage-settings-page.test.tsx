import { describe, expect, it } from 'vitest'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { permissionsOf } from '@basalt/contracts'
import { mockFetch, renderWithProviders, testProject } from '../../../test/helpers'
import { STORAGE_MESSAGES as M } from '../messages'
import { StorageSettingsPage } from './storage-settings-page'

const PATH = 'GET /api/platform/projects/abc/config/storage'
const render = (role: 'owner' | 'read_only' = 'owner') =>
  renderWithProviders(
    <StorageSettingsPage project={testProject({ ref: 'abc', role, permissions: permissionsOf(role) })} />,
  )

describe('Settings › Storage', { timeout: 20_000 }, () => {
  it('saves a whole number in its unit, refusing more than 50 GB in the spec words', async () => {
    const { calls } = mockFetch({
      [PATH]: { body: { fileSizeLimit: 52_428_800, isFreeTier: false } },
      'PATCH /api/platform/projects/abc/config/storage': ({ body }) => ({
        body: { fileSizeLimit: (body as { fileSizeLimit: number }).fileSizeLimit, isFreeTier: false },
      }),
    })
    const user = userEvent.setup()
    render()
    const field = await screen.findByRole('textbox', { name: M.uploadLimitLabel })
    expect(field).toHaveValue('50')
    expect(screen.getByRole('combobox', { name: M.uploadLimitUnit })).toHaveValue('MB')
    expect(screen.getByRole('button', { name: M.save })).toBeDisabled()
    await user.clear(field)
    await user.type(field, '6x0.0')
    expect(field).toHaveValue('600')
    await user.selectOptions(screen.getByRole('combobox', { name: M.uploadLimitUnit }), 'GB')
    expect(screen.getByText('Maximum limit is up to 50 GB.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: M.save }))
    expect(await screen.findByText('Upload file size limit must be up to 50GB (53687091200 bytes)')).toBeInTheDocument()
    expect(calls.some((c) => c.method === 'PATCH')).toBe(false)
    await user.clear(field)
    await user.type(field, '2')
    await user.click(screen.getByRole('button', { name: M.save }))
    expect(await screen.findByText(M.settingsSaved)).toBeInTheDocument()
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ fileSizeLimit: 2 * 1024 ** 3 }))
    expect(screen.getByRole('textbox', { name: M.uploadLimitLabel })).toHaveValue('2')
    expect(screen.getByRole('button', { name: M.save })).toBeDisabled()
  })

  it('disables the form for a Read-only member with the reason, and on the free plan says why', async () => {
    mockFetch({ [PATH]: { body: { fileSizeLimit: 52_428_800, isFreeTier: true } } })
    const first = render('read_only')
    expect(await screen.findByRole('textbox', { name: M.uploadLimitLabel })).toBeDisabled()
    expect(screen.getByLabelText(M.noUpdateSettings)).toBeInTheDocument()
    expect(screen.getByText(M.freePlanNote)).toBeInTheDocument()
    first.unmount()
    render('owner')
    expect(await screen.findByRole('textbox', { name: M.uploadLimitLabel })).toBeDisabled()
    expect(screen.getByRole('button', { name: M.save })).toBeDisabled()
  })

  it('says so when the configuration cannot be read', async () => {
    mockFetch({ [PATH]: { status: 500, body: { code: 'internal', message: 'boom' } } })
    render()
    expect(await screen.findByText("Failed to retrieve project's storage configuration")).toBeInTheDocument()
  })
})
