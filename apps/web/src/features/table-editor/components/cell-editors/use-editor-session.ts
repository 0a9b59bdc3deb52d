import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from 'sonner'
import type { CellInput } from '@basalt/contracts'
import { parseCellText, type EditableColumn } from '../../state/cell-editing'

/**
 * One opening of a cell editor: the draft text, its validation message, and the three ways it ends — save
 * (Enter, the Save button), cancel (Escape) and leave (focus or a click elsewhere: saved when valid, like a
 * spreadsheet). It ends once; an unchanged draft closes without a write.
 */
export function useEditorSession({
  column,
  initialText,
  onSave,
  onClose,
}: {
  column: EditableColumn
  initialText: string
  onSave: (value: CellInput) => void
  onClose: () => void
}) {
  const [text, setText] = useState(initialText)
  const [error, setError] = useState<string | null>(null)
  const done = useRef(false)
  const latest = useRef({ text, initialText, column, onSave, onClose })
  latest.current = { text, initialText, column, onSave, onClose }

  const finish = useCallback((value: CellInput | undefined) => {
    if (done.current) return
    done.current = true
    const { onSave: save, onClose: close } = latest.current
    close()
    if (value !== undefined) save(value)
  }, [])

  /** Saves `override` (the NULL button) or the draft; false when the draft is invalid and the editor stays. */
  const save = useCallback(
    (override?: { value: CellInput }) => {
      if (done.current) return true
      if (override) {
        finish(override.value)
        return true
      }
      const { text: draft, initialText: initial, column: col } = latest.current
      if (draft === initial) {
        finish(undefined)
        return true
      }
      const parsed = parseCellText(col, draft)
      if (!parsed.ok) {
        setError(parsed.message)
        return false
      }
      finish(parsed.value)
      return true
    },
    [finish],
  )

  const cancel = useCallback(() => finish(undefined), [finish])

  /** The editor is left without Enter or Escape: a valid change is saved, an invalid one dropped and said. */
  const leave = useCallback(() => {
    if (done.current) return
    const { text: draft, initialText: initial, column: col } = latest.current
    if (draft === initial) return finish(undefined)
    const parsed = parseCellText(col, draft)
    if (!parsed.ok) {
      toast.error(parsed.message)
      return finish(undefined)
    }
    finish(parsed.value)
  }, [finish])

  // The grid may close the editor itself (another cell clicked): a valid change is still saved. Nothing is
  // closed here (the editor is already going), and an unchanged draft does nothing, so React's development
  // double mount is harmless.
  useEffect(
    () => () => {
      if (done.current) return
      const { text: draft, initialText: initial, column: col, onSave: save } = latest.current
      if (draft === initial) return
      const parsed = parseCellText(col, draft)
      done.current = true
      if (parsed.ok) save(parsed.value)
      else toast.error(parsed.message)
    },
    [],
  )

  const change = useCallback((next: string) => {
    setText(next)
    setError(null)
  }, [])

  return { text, setText: change, error, save, cancel, leave }
}
