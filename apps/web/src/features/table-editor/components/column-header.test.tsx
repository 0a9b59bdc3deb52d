import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { ColumnHeader } from './column-header'
import { SCHEMA_EDITOR_MESSAGES } from './schema-editor-messages'

const header = (extra: Partial<Parameters<typeof ColumnHeader>[0]> = {}) => (
  <ColumnHeader
    name="title"
    format="text"
    isPrimaryKey={false}
    foreignKey={undefined}
    frozen={false}
    onFrozenChange={() => {}}
    {...extra}
  />
)

describe('the column header menu', () => {
  it('offers Edit column and Delete column around Freeze column when the table can be changed', async () => {
    const user = userEvent.setup()
    const onEditColumn = vi.fn()
    const onDeleteColumn = vi.fn()
    render(header({ onEditColumn, onDeleteColumn }))
    await user.click(screen.getByRole('button', { name: 'Column title menu' }))
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual([
      SCHEMA_EDITOR_MESSAGES.editColumn,
      'Freeze column',
      SCHEMA_EDITOR_MESSAGES.deleteColumn,
    ])
    await user.click(screen.getByRole('menuitem', { name: SCHEMA_EDITOR_MESSAGES.editColumn }))
    expect(onEditColumn).toHaveBeenCalledOnce()
    await user.click(screen.getByRole('button', { name: 'Column title menu' }))
    await user.click(await screen.findByRole('menuitem', { name: SCHEMA_EDITOR_MESSAGES.deleteColumn }))
    expect(onDeleteColumn).toHaveBeenCalledOnce()
  })

  it('offers only freezing when the table cannot be changed', async () => {
    const user = userEvent.setup()
    render(header({ frozen: true }))
    await user.click(screen.getByRole('button', { name: 'Column title menu' }))
    expect((await screen.findAllByRole('menuitem')).map((item) => item.textContent)).toEqual(['Unfreeze column'])
  })
})
