import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { permissionsOf, type Organization, type OrgRole } from '@basalt/contracts'
import { mockFetch, renderWithProviders } from '../../../test/helpers'
import { AiSettingsSection } from './ai-settings-section'

const organization = (role: OrgRole): Organization => ({
  id: '00000000-0000-4000-8000-0000000000bb',
  slug: 'acme',
  name: 'Acme',
  role,
  permissions: permissionsOf(role),
})

const settings = { aiEnabled: true, allowSchemaMetadata: true, recordPrompts: false }

describe('Organization settings › AI assistant', () => {
  it('saves a switch as soon as it is turned, and keeps the focus on it', async () => {
    const { calls } = mockFetch({
      'GET /api/organizations/acme/ai-settings': { body: settings },
      'PATCH /api/organizations/acme/ai-settings': ({ body }) => ({ body: { ...settings, ...(body as object) } }),
    })
    renderWithProviders(<AiSettingsSection organization={organization('owner')} />)
    const prompts = await screen.findByRole('switch', { name: 'Record prompts in the audit log' })
    expect(prompts).not.toBeChecked()
    expect(screen.getByRole('switch', { name: 'AI features' })).toBeChecked()

    await userEvent.click(prompts)
    await waitFor(() => expect(prompts).toBeChecked())
    expect(prompts).toHaveFocus()
    expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ recordPrompts: true })
  })

  it('turning AI features off leaves the other switches unavailable', async () => {
    mockFetch({
      'GET /api/organizations/acme/ai-settings': { body: { ...settings, aiEnabled: false } },
    })
    renderWithProviders(<AiSettingsSection organization={organization('owner')} />)
    expect(await screen.findByRole('switch', { name: 'AI features' })).not.toBeChecked()
    expect(screen.getByRole('switch', { name: 'Send schema metadata' })).toBeDisabled()
  })

  it('a member who may not update the organization sees the settings, read-only', async () => {
    mockFetch({ 'GET /api/organizations/acme/ai-settings': { body: settings } })
    renderWithProviders(<AiSettingsSection organization={organization('developer')} />)
    expect(await screen.findByRole('switch', { name: 'AI features' })).toBeDisabled()
    expect(
      screen.getByText('You need additional permissions to change the AI settings of this organization.'),
    ).toBeInTheDocument()
  })
})
