import { describe, expect, it } from 'vitest'
import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { renderWithProviders } from '../../../test/helpers'
import { EditorSettingsMenu } from './editor-settings-menu'
import { EDITOR_MESSAGES } from './messages'

describe('EditorSettingsMenu', () => {
  it('turns intellisense off and on again, on by default, and remembers it in this browser', async () => {
    const { unmount } = renderWithProviders(<EditorSettingsMenu />)
    await userEvent.click(screen.getByRole('button', { name: EDITOR_MESSAGES.settings }))
    const toggle = await screen.findByRole('menuitemcheckbox', { name: EDITOR_MESSAGES.intellisense })
    expect(toggle).toBeChecked()
    await userEvent.click(toggle)
    expect(toggle).not.toBeChecked()
    unmount()

    renderWithProviders(<EditorSettingsMenu />)
    await userEvent.click(screen.getByRole('button', { name: EDITOR_MESSAGES.settings }))
    const again = await screen.findByRole('menuitemcheckbox', { name: EDITOR_MESSAGES.intellisense })
    expect(again).not.toBeChecked()
    await userEvent.click(again)
    expect(again).toBeChecked()
  })
})
