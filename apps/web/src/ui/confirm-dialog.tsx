import { useState, type FormEvent, type ReactNode } from 'react'
import { Dialog, DialogFooter, type FocusAfterClose } from './dialog'
import { Button } from './button'
import { FormField } from './form-field'
import { Input } from './input'
import { UI_MESSAGES } from './messages'

/**
 * Asks before an action — usually a mutation that cannot be undone — and runs it on confirmation: Cancel
 * closes, the confirm button shows the action running, and its failure is shown in the dialog (an alert).
 *
 * With `typeToConfirm`, the user must type that exact value first (spec 2 §5): anything else shows 'Value
 * entered does not match.' and does nothing.
 *
 * @example
 *   <ConfirmDialog
 *     open={removing !== null}
 *     onOpenChange={(open) => !open && setRemoving(null)}
 *     title="Remove member"
 *     confirmLabel="Remove"
 *     loading={remove.isPending}
 *     onConfirm={() => remove.mutate(removing.id)}
 *   />
 */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  sql,
  confirmLabel,
  cancelLabel = 'Cancel',
  variant = 'danger',
  size,
  onConfirm,
  loading,
  disabled,
  error,
  typeToConfirm,
  focusAfterClose,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description?: ReactNode
  /** More to read before confirming (a notice), above the SQL, the field and the error. */
  children?: ReactNode
  /** The exact SQL the action runs, shown for review (every change is reviewed as SQL before it runs). */
  sql?: string
  confirmLabel: string
  cancelLabel?: string
  /** `danger` for what cannot be undone, `primary` for a choice that only changes what is shown. */
  variant?: 'danger' | 'primary'
  size?: 'sm' | 'md'
  onConfirm: () => void
  loading?: boolean
  disabled?: boolean
  /** A failure of the action itself. */
  error?: string | null
  /** The exact text the user must type before the action runs. */
  typeToConfirm?: string
  /** Where the focus goes on closing when what opened the dialog has gone (e.g. with the deleted row). */
  focusAfterClose?: FocusAfterClose
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
    if (typeToConfirm !== undefined && typed !== typeToConfirm) {
      setMismatch(true)
      return
    }
    setMismatch(false)
    onConfirm()
  }

  // Nothing to read between the title and the buttons: the buttons sit under the title's rule, with no
  // empty bordered strip between them.
  const bodyless = !children && !sql && typeToConfirm === undefined && !error
  return (
    <Dialog open={open} onOpenChange={change} title={title} description={description} focusAfterClose={focusAfterClose}>
      <form onSubmit={submit} noValidate>
        {children}
        {sql && (
          <pre
            aria-label={UI_MESSAGES.sqlToRun}
            className="max-h-60 overflow-auto rounded-md border border-border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap"
          >
            {sql}
          </pre>
        )}
        {typeToConfirm !== undefined ? (
          <FormField
            label={
              <>
                Type <strong className="font-mono">{typeToConfirm}</strong> to confirm
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
        ) : (
          error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )
        )}
        <DialogFooter flush={bodyless}>
          <Button size={size} onClick={() => change(false)}>
            {cancelLabel}
          </Button>
          <Button type="submit" size={size} variant={variant} loading={loading} disabled={disabled}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}
