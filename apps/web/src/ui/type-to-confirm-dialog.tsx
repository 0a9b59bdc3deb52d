import { useState, type FormEvent, type ReactNode } from 'react'
import { Dialog, DialogFooter } from './dialog'
import { Button } from './button'
import { FormField } from './form-field'
import { Input } from './input'
import { UI_MESSAGES } from './messages'

/**
 * Confirms a destructive action by asking the user to type a value (spec 2 §5): anything else
 * shows 'Value entered does not match.' and does nothing.
 */
export function TypeToConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmValue,
  confirmLabel,
  onConfirm,
  loading,
  error,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  /** The exact text the user must type. */
  confirmValue: string
  confirmLabel: string
  onConfirm: (typed: string) => void
  loading?: boolean
  /** A failure of the action itself, shown under the field. */
  error?: string | null
}) {
  const [typed, setTyped] = useState('')
  const [mismatch, setMismatch] = useState(false)

  const change = (next: boolean) => {
    if (!next) {
      setTyped('')
      setMismatch(false)
    }
    onOpenChange(next)
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (typed !== confirmValue) {
      setMismatch(true)
      return
    }
    setMismatch(false)
    onConfirm(typed)
  }

  return (
    <Dialog open={open} onOpenChange={change} title={title} description={description}>
      <form onSubmit={submit} noValidate>
        <FormField
          label={
            <>
              Type <strong className="font-mono">{confirmValue}</strong> to confirm
            </>
          }
          error={mismatch ? UI_MESSAGES.typeToConfirmMismatch : (error ?? undefined)}
        >
          <Input
            value={typed}
            onChange={(e) => {
              setTyped(e.target.value)
              setMismatch(false)
            }}
            autoComplete="off"
            spellCheck={false}
          />
        </FormField>
        <DialogFooter>
          <Button onClick={() => change(false)}>Cancel</Button>
          <Button type="submit" variant="danger" loading={loading}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}
