import { describe, expect, it } from 'vitest'
import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { mockFetch, renderWithProviders } from '../../../test/helpers'
import { ACCOUNT_MESSAGES } from '../messages'
import { AccessTokensPage } from './access-tokens-page'

describe('AccessTokensPage', () => {
  it('shows a new token once, with a warning and a copy button', async () => {
    const created = {
      id: '00000000-0000-4000-8000-0000000000cc',
      name: 'CI',
      prefix: 'bas_12',
      createdAt: '2025-01-01T00:00:00Z',
      lastUsedAt: null,
      expiresAt: '2999-01-31T00:00:00Z',
    }
    let tokens: unknown[] = []
    const { calls } = mockFetch({
      'GET /api/account/tokens': () => ({ body: tokens }),
      'POST /api/account/tokens': () => {
        tokens = [created]
        return { body: { ...created, token: 'bas_1234567890secret' } }
      },
    })
    renderWithProviders(<AccessTokensPage />)
    expect(await screen.findByText(ACCOUNT_MESSAGES.tokensEmpty)).toBeInTheDocument()
    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Generate new token' }))
    const dialog = await screen.findByRole('dialog')
    await user.click(within(dialog).getByRole('button', { name: 'Generate token' }))
    expect(await within(dialog).findByText('Please enter a name')).toBeInTheDocument()
    await user.type(within(dialog).getByLabelText('Name'), 'CI')
    await user.click(within(dialog).getByRole('button', { name: 'Generate token' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tokenOnceWarning)
    expect(within(dialog).getByRole('textbox', { name: 'Access token' })).toHaveValue('bas_1234567890secret')
    expect(within(dialog).getByRole('button', { name: 'Copy' })).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Done' }))
    expect(await screen.findByRole('cell', { name: 'CI' })).toBeInTheDocument()
    expect(screen.queryByText('bas_1234567890secret')).not.toBeInTheDocument()
    // Thirty days unless chosen otherwise.
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'CI', expiresInDays: 30 })
  })

  it('lets a token never expire, and shows each expiry in the list', async () => {
    const token = (id: string, name: string, expiresAt: string | null) => ({
      id: `00000000-0000-4000-8000-0000000000${id}`,
      name,
      prefix: 'bsl_12',
      createdAt: '2025-01-01T00:00:00Z',
      lastUsedAt: null,
      expiresAt,
    })
    const { calls } = mockFetch({
      'GET /api/account/tokens': {
        body: [token('a1', 'Old', '2025-01-08T00:00:00Z'), token('a2', 'Forever', null)],
      },
      'POST /api/account/tokens': { body: { ...token('a3', 'Deploys', null), token: 'bsl_secret' } },
    })
    renderWithProviders(<AccessTokensPage />)
    const old = (await screen.findByRole('cell', { name: 'Old' })).closest('tr')!
    // Name, token, created, last used, expires.
    expect(within(old).getAllByRole('cell')[4]).toHaveTextContent(ACCOUNT_MESSAGES.tokenExpired)
    const forever = screen.getByRole('cell', { name: 'Forever' }).closest('tr')!
    expect(within(forever).getAllByRole('cell')[4]).toHaveTextContent(ACCOUNT_MESSAGES.tokenNeverExpires)

    const user = userEvent.setup()
    await user.click(screen.getByRole('button', { name: 'Generate new token' }))
    const dialog = await screen.findByRole('dialog')
    await user.type(within(dialog).getByLabelText('Name'), 'Deploys')
    await user.selectOptions(within(dialog).getByLabelText('Expires'), ACCOUNT_MESSAGES.tokenNeverExpires)
    await user.click(within(dialog).getByRole('button', { name: 'Generate token' }))
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(ACCOUNT_MESSAGES.tokenOnceWarning)
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ name: 'Deploys', expiresInDays: null })
  })
})
