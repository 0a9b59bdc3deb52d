import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button } from './button'
import { ConfirmDialog } from './confirm-dialog'
import { Dialog, DialogClose } from './dialog'
import { DropdownMenu, DropdownMenuItem } from './dropdown-menu'
import { installFocusGuard } from './focus'
import { SidePanel } from './side-panel'

/** A toolbar whose button opens a controlled dialog: Radix has no Trigger to return the focus to. */
function Toolbar({ panel }: { panel?: boolean }) {
  const [open, setOpen] = useState(false)
  return (
    <div>
      <Button onClick={() => setOpen(true)}>Insert row</Button>
      {panel ? (
        <SidePanel open={open} onOpenChange={setOpen} title="Add new row" footer={<Button>Save</Button>}>
          <input aria-label="name" />
        </SidePanel>
      ) : (
        <Dialog open={open} onOpenChange={setOpen} title="Add new row">
          <input aria-label="name" />
          <DialogClose asChild>
            <Button>Cancel</Button>
          </DialogClose>
        </Dialog>
      )}
    </div>
  )
}

describe('a dialog or side panel returns the focus to what opened it', () => {
  it.each([
    ['Escape', false],
    ['Cancel', false],
    ['Close', false],
    ['Escape', true],
    ['Close', true],
  ] as const)('closed by %s (side panel: %s)', async (how, panel) => {
    const user = userEvent.setup()
    render(<Toolbar panel={panel} />)
    await user.click(screen.getByRole('button', { name: 'Insert row' }))
    expect(await screen.findByRole('dialog', { name: 'Add new row' })).toBeInTheDocument()
    if (how === 'Escape') await user.keyboard('{Escape}')
    else await user.click(screen.getByRole('button', { name: how }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Insert row' })).toHaveFocus())
  })

  it("opened from a menu item, returns to the menu's button", async () => {
    function Menu() {
      const [open, setOpen] = useState(false)
      return (
        <>
          <DropdownMenu trigger={<Button>Table actions</Button>}>
            <DropdownMenuItem onSelect={() => setOpen(true)}>Delete table</DropdownMenuItem>
          </DropdownMenu>
          <ConfirmDialog
            open={open}
            onOpenChange={setOpen}
            title="Delete table"
            confirmLabel="Delete"
            onConfirm={() => setOpen(false)}
          />
        </>
      )
    }
    const user = userEvent.setup()
    render(<Menu />)
    await user.click(screen.getByRole('button', { name: 'Table actions' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Delete table' }))
    expect(await screen.findByRole('dialog', { name: 'Delete table' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Table actions' })).toHaveFocus())
  })

  it('when what opened it has gone, goes where the page says (the cell now in the deleted row’s place)', async () => {
    function Rows() {
      const [rows, setRows] = useState(['first', 'second'])
      const [deleting, setDeleting] = useState<string | null>(null)
      return (
        <div>
          <ul>
            {rows.map((r) => (
              <li key={r}>
                <Button onClick={() => setDeleting(r)}>Delete {r}</Button>
              </li>
            ))}
          </ul>
          <ConfirmDialog
            open={deleting !== null}
            onOpenChange={(open) => !open && setDeleting(null)}
            title="Delete row"
            confirmLabel="Delete"
            focusAfterClose={() => screen.queryByRole('button', { name: /^Delete / })}
            onConfirm={() => {
              setRows((all) => all.filter((r) => r !== deleting))
              setDeleting(null)
            }}
          />
        </div>
      )
    }
    const user = userEvent.setup()
    render(<Rows />)
    await user.click(screen.getByRole('button', { name: 'Delete first' }))
    await user.click(await screen.findByRole('button', { name: 'Delete' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete second' })).toHaveFocus())
  })
})

describe('the focus guard keeps the focus off <body>', () => {
  let uninstall: () => void
  beforeEach(() => {
    uninstall = installFocusGuard()
  })
  afterEach(() => uninstall())

  it("when the focused button removes itself ('Remove filter'), the focus goes to its container's next control", async () => {
    function Filters() {
      const [filters, setFilters] = useState(['price', 'name'])
      return (
        <div role="group" aria-label="Filters">
          {filters.map((f) => (
            <Button key={f} onClick={() => setFilters((all) => all.filter((x) => x !== f))}>
              Remove filter {f}
            </Button>
          ))}
          <Button>Add filter</Button>
        </div>
      )
    }
    const user = userEvent.setup()
    render(<Filters />)
    await user.click(screen.getByRole('button', { name: 'Remove filter price' }))
    expect(screen.queryByRole('button', { name: 'Remove filter price' })).not.toBeInTheDocument()
    await waitFor(() => expect(document.activeElement).not.toBe(document.body))
    expect(screen.getByRole('button', { name: 'Remove filter name' })).toHaveFocus()
  })

  it('when the last of a list goes, the focus goes to the nearest container that still holds a control', async () => {
    function Popover() {
      const [filters, setFilters] = useState(['price'])
      return (
        <div role="dialog" aria-label="Filters">
          <div>
            {filters.map((f) => (
              <Button key={f} onClick={() => setFilters([])}>
                Remove filter {f}
              </Button>
            ))}
          </div>
          <Button>Add filter</Button>
        </div>
      )
    }
    const user = userEvent.setup()
    render(<Popover />)
    await user.click(screen.getByRole('button', { name: 'Remove filter price' }))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add filter' })).toHaveFocus())
  })

  it('when the focused control is disabled, the focus moves to its form', async () => {
    function Preferences() {
      const [saved, setSaved] = useState(false)
      return (
        <form aria-label="Preferences">
          <input aria-label="Display name" />
          <button type="button" disabled={saved} onClick={() => setSaved(true)}>
            Save
          </button>
        </form>
      )
    }
    const user = userEvent.setup()
    render(<Preferences />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveFocus())
  })

  it('leaves alone focus the user put down themselves', async () => {
    render(<Button>Alone</Button>)
    screen.getByRole('button', { name: 'Alone' }).focus()
    act(() => screen.getByRole('button', { name: 'Alone' }).blur())
    await new Promise((r) => setTimeout(r, 80))
    expect(document.activeElement).toBe(document.body)
  })
})

describe('a button that is loading', () => {
  it('keeps the focus and ignores clicks and Enter', async () => {
    const onSubmit = vi.fn((e: { preventDefault(): void }) => e.preventDefault())
    const user = userEvent.setup()
    render(
      <form onSubmit={onSubmit}>
        <input aria-label="Email" />
        <Button type="submit" loading>
          Sign in
        </Button>
      </form>,
    )
    const button = screen.getByRole('button', { name: 'Sign in' })
    button.focus()
    await user.click(button)
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'a{Enter}')
    expect(onSubmit).not.toHaveBeenCalled()
    button.focus()
    expect(button).toHaveFocus()
    expect(button).toHaveAttribute('aria-disabled', 'true')
  })
})
