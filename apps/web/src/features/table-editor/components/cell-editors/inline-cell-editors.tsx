import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import { toast } from 'sonner'
import type { CellInput, PgColumn } from '@basalt/contracts'
import { booleanChoices, editorKindOf, editorText, enumChoices, formatHint } from '../../state/cell-editing'
import { useEditorSession } from './use-editor-session'

const IN_CELL =
  'size-full rounded-none border-0 bg-background px-2 text-[13px] text-foreground outline-2 -outline-offset-2 outline-ring ' +
  'aria-[invalid=true]:outline-destructive'

/**
 * Numbers, dates, datetimes, times and uuids, edited in the cell (spec 1 §5): Enter or Tab saves, Escape
 * cancels, leaving the cell saves a valid change; an emptied field sets NULL. A value that cannot be saved
 * stays in the editor and its message is shown.
 */
export function InputCellEditor({
  column,
  value,
  onSave,
  onClose,
}: {
  column: PgColumn
  value: unknown
  onSave: (value: CellInput) => void
  onClose: () => void
}) {
  const session = useEditorSession({
    column,
    initialText: editorText(editorKindOf(column), value),
    onSave,
    onClose,
  })
  const hint = formatHint(column)

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    event.stopPropagation()
    if (event.key === 'Escape') {
      event.preventDefault()
      session.cancel()
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault()
      if (!session.save()) return
    }
  }

  // The message of an invalid value, also announced: the cell is too small to hold it.
  const shown = useRef<string | null>(null)
  useEffect(() => {
    if (session.error && session.error !== shown.current) toast.error(session.error)
    shown.current = session.error
  }, [session.error])

  return (
    <input
      aria-label={column.name}
      aria-invalid={session.error ? true : undefined}
      title={session.error ?? hint}
      placeholder={hint ?? (column.is_nullable ? 'NULL' : undefined)}
      inputMode={editorKindOf(column) === 'number' ? 'decimal' : undefined}
      autoFocus
      className={IN_CELL}
      value={session.text}
      onChange={(e) => session.setText(e.target.value)}
      onKeyDown={onKeyDown}
      onBlur={session.leave}
    />
  )
}

/**
 * Booleans and enums (spec 1 §5): a choice of TRUE / FALSE or the enum's values, plus NULL only when the
 * column is nullable. Picking from the list saves. The arrow keys (and letters) of a closed select only move
 * the choice, so stepping through the values writes nothing: Enter or Tab saves it, leaving the cell saves a
 * changed choice, Escape cancels.
 */
export function ChoiceCellEditor({
  column,
  value,
  onSave,
  onClose,
}: {
  column: PgColumn
  value: unknown
  onSave: (value: CellInput) => void
  onClose: () => void
}) {
  const choices = editorKindOf(column) === 'boolean' ? booleanChoices(column) : enumChoices(column)
  const current = choices.findIndex((c) => c.value === (value ?? null))
  const session = useEditorSession({ column, initialText: String(current), onSave, onClose })
  const [draft, setDraft] = useState(current)
  // Set by a key that changes a closed select's value; a change without one is a pick from the open list.
  const keyed = useRef(false)

  const saveChoice = (index: number) => {
    const choice = choices[index]
    if (!choice || choice.value === (value ?? null)) session.cancel()
    else session.save({ value: choice.value })
  }

  return (
    <select
      aria-label={column.name}
      autoFocus
      className={IN_CELL}
      value={draft < 0 ? '' : String(draft)}
      onChange={(e) => {
        const index = Number(e.target.value)
        setDraft(index)
        if (!keyed.current) saveChoice(index)
        keyed.current = false
      }}
      onKeyDown={(e) => {
        e.stopPropagation()
        if (e.key === 'Escape') {
          e.preventDefault()
          session.cancel()
        } else if (e.key === 'Enter' || e.key === 'Tab') {
          e.preventDefault()
          saveChoice(draft)
        } else {
          keyed.current = true
        }
      }}
      onKeyUp={() => {
        keyed.current = false
      }}
      onBlur={() => saveChoice(draft)}
    >
      {current < 0 && <option value="">{value === null || value === undefined ? 'NULL' : String(value)}</option>}
      {choices.map((choice, i) => (
        <option key={choice.label} value={String(i)}>
          {choice.label}
        </option>
      ))}
    </select>
  )
}
