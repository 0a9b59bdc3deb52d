import { describe, expect, it, vi } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { DataGrid, type Column } from './data-grid'
import { cellText } from './cell-text'
import { copyToClipboard } from './clipboard'
import { UI_MESSAGES } from '../messages'

interface ResultRow {
  n: number
  doc: unknown
}

describe('DataGrid', () => {
  it('renders any rows in the theme, such as a query result whose cells are formatted as text', async () => {
    // jsdom has no layout, so only the first column is rendered (the others are out of the zero-wide view).
    const columns: Column<ResultRow>[] = [
      { key: 'doc', name: 'doc', renderCell: ({ row }) => cellText(row.doc) ?? 'NULL' },
      { key: 'n', name: 'n' },
    ]
    const rows: ResultRow[] = [
      { n: 1, doc: { a: [1, 2] } },
      { n: 2, doc: null },
    ]
    render(<DataGrid aria-label="Results" columns={columns} rows={rows} rowKeyGetter={(row) => row.n} />)
    const grid = screen.getByRole('grid', { name: 'Results' })
    expect(grid).toHaveClass('basalt-grid')
    expect(grid).toHaveAttribute('aria-rowcount', '3')
    expect(await within(grid).findByRole('gridcell', { name: '{"a":[1,2]}' })).toBeInTheDocument()
  })

  it('is one tab stop: Tab from a cell leaves the grid, Shift+Tab comes back to the same cell', async () => {
    const user = userEvent.setup()
    const columns: Column<{ n: number }>[] = [{ key: 'n', name: 'n' }]
    const rows = Array.from({ length: 50 }, (_, i) => ({ n: i + 1 }))
    render(
      <>
        <DataGrid aria-label="Results" columns={columns} rows={rows} rowKeyGetter={(row) => row.n} />
        <button type="button">Export</button>
      </>,
    )
    const grid = screen.getByRole('grid', { name: 'Results' })
    await user.click(await within(grid).findByRole('gridcell', { name: '1' }))
    await user.keyboard('{ArrowDown}')
    await user.tab()
    expect(screen.getByRole('button', { name: 'Export' })).toHaveFocus()
    await user.tab({ shift: true })
    expect(within(grid).getByRole('gridcell', { name: '2' })).toHaveFocus()
  })
})

describe('copyToClipboard', () => {
  it('copies text, and on failure only logs it (spec 1 §8)', async () => {
    const original = Object.getOwnPropertyDescriptor(navigator, 'clipboard')
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      await expect(copyToClipboard('a,b')).resolves.toBe(true)
      expect(writeText).toHaveBeenCalledWith('a,b')
      writeText.mockRejectedValueOnce(new DOMException('Document is not focused', 'NotAllowedError'))
      await expect(copyToClipboard('c')).resolves.toBe(false)
      expect(log).toHaveBeenCalledWith(UI_MESSAGES.copyFailedLog, expect.any(DOMException))
    } finally {
      log.mockRestore()
      if (original) Object.defineProperty(navigator, 'clipboard', original)
      else delete (navigator as { clipboard?: unknown }).clipboard
    }
  })
})
