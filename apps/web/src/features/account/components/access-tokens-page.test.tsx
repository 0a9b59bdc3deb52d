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
    }
    let tokens: unknown[] = []
    mockFetch({
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
  })
})
