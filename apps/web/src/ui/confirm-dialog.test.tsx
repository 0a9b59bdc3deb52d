import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ConfirmDialog } from './confirm-dialog'
import { UI_MESSAGES } from './messages'

describe('ConfirmDialog', () => {
  const setup = (props: Partial<Parameters<typeof ConfirmDialog>[0]> = {}) => {
    const onConfirm = vi.fn()
    const onOpenChange = vi.fn()
    render(
      <ConfirmDialog
        open
        onOpenChange={onOpenChange}
        title="Remove member"
        description="a@example.com loses access."
        confirmLabel="Remove"
        onConfirm={onConfirm}
        {...props}
      />,
    )
    return { onConfirm, onOpenChange, user: userEvent.setup() }
  }

  it('runs the action on confirm, and Cancel closes without it', async () => {
    const { onConfirm, onOpenChange, user } = setup()
    expect(screen.getByRole('dialog', { name: 'Remove member' })).toHaveAccessibleDescription(
      'a@example.com loses access.',
    )
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(onOpenChange).toHaveBeenCalledWith(false)
    expect(onConfirm).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    expect(onConfirm).toHaveBeenCalledTimes(1)
  })

  it("shows the action's failure and what it is given to read, and waits while the action runs", async () => {
    setup({ error: 'Failed to remove member: gone', loading: true, children: <p>The SQL that runs</p> })
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to remove member: gone')
    expect(screen.getByText('The SQL that runs')).toBeInTheDocument()
    // Still focusable while the action runs (a disabled button would drop the focus), but it does nothing.
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveAttribute('aria-disabled', 'true')
    expect(screen.getByRole('button', { name: 'Remove' })).toHaveAttribute('aria-busy', 'true')
  })

  it('shows the SQL it runs under its label, and no empty ruled strip when it has nothing to show', async () => {
    setup({ sql: 'alter table "public"."notes" enable row level security' })
    expect(screen.getByLabelText(UI_MESSAGES.sqlToRun)).toHaveTextContent(
      'alter table "public"."notes" enable row level security',
    )
    const footer = screen.getByRole('button', { name: 'Remove' }).parentElement!
    expect(footer).toHaveClass('border-t')
    expect(footer).not.toHaveAttribute('data-flush')
  })

  it('puts the buttons right under the title when there is nothing else to read', () => {
    setup()
    expect(screen.queryByLabelText(UI_MESSAGES.sqlToRun)).not.toBeInTheDocument()
    const footer = screen.getByRole('button', { name: 'Remove' }).parentElement!
    expect(footer).toHaveAttribute('data-flush', 'true')
    expect(footer).not.toHaveClass('border-t')
  })

  it('offers nothing to confirm while disabled', async () => {
    const { onConfirm, user } = setup({ disabled: true })
    await user.click(screen.getByRole('button', { name: 'Remove' }))
    expect(onConfirm).not.toHaveBeenCalled()
  })

  describe('type-to-confirm', () => {
    const typing = () => setup({ title: 'Delete Acme app', confirmLabel: 'Delete project', typeToConfirm: 'Acme app' })

    it("shows 'Value entered does not match.' and does nothing on a mismatch", async () => {
      const { onConfirm, user } = typing()
      expect(UI_MESSAGES.typeToConfirmMismatch).toBe('Value entered does not match.')
      await user.type(screen.getByRole('textbox'), 'Acme')
      await user.click(screen.getByRole('button', { name: 'Delete project' }))
      expect(await screen.findByRole('alert')).toHaveTextContent('Value entered does not match.')
      expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true')
      expect(onConfirm).not.toHaveBeenCalled()
      // Typing again clears the message.
      await user.type(screen.getByRole('textbox'), ' app')
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    })

    it('confirms when the exact value is typed', async () => {
      const { onConfirm, user } = typing()
      expect(screen.getByRole('dialog', { name: 'Delete Acme app' })).toBeInTheDocument()
      expect(screen.getByRole('textbox', { name: 'Type Acme app to confirm' })).toBeInTheDocument()
      await user.type(screen.getByRole('textbox'), 'Acme app{Enter}')
      expect(onConfirm).toHaveBeenCalledTimes(1)
      expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    })

    it("shows the action's failure under the field", async () => {
      setup({ typeToConfirm: 'Acme app', confirmLabel: 'Delete project', error: 'Project is busy' })
      expect(screen.getByRole('alert')).toHaveTextContent('Project is busy')
      expect(screen.getByRole('textbox')).toHaveAttribute('aria-invalid', 'true')
    })
  })
})
