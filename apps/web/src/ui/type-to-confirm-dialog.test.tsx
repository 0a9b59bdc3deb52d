import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { TypeToConfirmDialog } from './type-to-confirm-dialog'
import { UI_MESSAGES } from './messages'

describe('TypeToConfirmDialog', () => {
  const setup = () => {
    const onConfirm = vi.fn()
    render(
      <TypeToConfirmDialog
        open
        onOpenChange={() => {}}
        title="Delete Acme app"
        confirmValue="Acme app"
        confirmLabel="Delete project"
        onConfirm={onConfirm}
      />,
    )
    return { onConfirm, user: userEvent.setup() }
  }

  it("shows 'Value entered does not match.' and does nothing on a mismatch", async () => {
    const { onConfirm, user } = setup()
    expect(UI_MESSAGES.typeToConfirmMismatch).toBe('Value entered does not match.')
    await user.type(screen.getByRole('textbox'), 'Acme')
    await user.click(screen.getByRole('button', { name: 'Delete project' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Value entered does not match.')
    expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true')
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('confirms when the exact value is typed', async () => {
    const { onConfirm, user } = setup()
    expect(screen.getByRole('dialog', { name: 'Delete Acme app' })).toBeInTheDocument()
    await user.type(screen.getByRole('textbox'), 'Acme app{Enter}')
    expect(onConfirm).toHaveBeenCalledWith('Acme app')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })
})
