import { useRef, useState, type FormEvent } from 'react'
import { Button } from '../../../ui/button'
import { Dialog, DialogFooter } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { MESSAGES } from '../messages'

export interface ReportDetails {
  name: string
  description: string
}

/**
 * The name and description of a report, for creating one ('Create a custom report', spec 1 §2) or editing
 * one: the name is required ('Required', spec 1 §5) and trimmed. `onSubmit` answers whether it worked; the
 * dialog stays open when it did not (its toast says why).
 */
export function ReportDetailsDialog({
  title,
  submitLabel,
  initial = { name: '', description: '' },
  onClose,
  onSubmit,
}: {
  title: string
  submitLabel: string
  initial?: ReportDetails
  onClose: () => void
  onSubmit: (details: ReportDetails) => Promise<boolean>
}) {
  const [name, setName] = useState(initial.name)
  const [description, setDescription] = useState(initial.description)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const nameInput = useRef<HTMLInputElement>(null)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (!name.trim()) {
      setError(MESSAGES.nameRequired)
      nameInput.current?.focus()
      return
    }
    setSaving(true)
    const done = await onSubmit({ name: name.trim(), description: description.trim() })
    setSaving(false)
    if (done) onClose()
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title={title}>
      <form onSubmit={submit} noValidate className="space-y-4">
        <FormField label={MESSAGES.name} error={error ?? undefined}>
          <Input
            ref={nameInput}
            value={name}
            autoFocus
            maxLength={256}
            onChange={(e) => {
              setName(e.target.value)
              setError(null)
            }}
          />
        </FormField>
        <FormField label={MESSAGES.descriptionField}>
          <textarea
            value={description}
            rows={3}
            maxLength={10_000}
            onChange={(e) => setDescription(e.target.value)}
            className="w-full rounded-md border border-input bg-background px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-ring"
          />
        </FormField>
        <DialogFooter>
          <Button type="button" onClick={onClose}>
            {MESSAGES.cancel}
          </Button>
          <Button type="submit" variant="primary" loading={saving}>
            {submitLabel}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}
