import { useState, type FormEvent } from 'react'
import type { ContentItem } from '@basalt/contracts'
import { Button } from '../../../../ui/button'
import { Dialog, DialogFooter } from '../../../../ui/dialog'
import { FormField } from '../../../../ui/form-field'
import { Input } from '../../../../ui/input'
import { SNIPPET_MESSAGES } from '../../snippet-messages'

/** Rename a snippet: the name is required ('Please enter a query name', spec 2 §5) and trimmed. */
export function RenameSnippetDialog({
  snippet,
  onClose,
  onRename,
}: {
  snippet: ContentItem
  onClose: () => void
  onRename: (name: string) => Promise<boolean>
}) {
  const [name, setName] = useState(snippet.name)
  const [error, setError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const trimmed = name.trim()
    if (!trimmed) {
      setError(SNIPPET_MESSAGES.nameRequired)
      return
    }
    setSaving(true)
    const renamed = await onRename(trimmed)
    setSaving(false)
    if (renamed) onClose()
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()} title="Rename query">
      <form onSubmit={submit} noValidate>
        <FormField label="Name" error={error ?? undefined}>
          <Input
            value={name}
            autoFocus
            onChange={(e) => {
              setName(e.target.value)
              setError(null)
            }}
          />
        </FormField>
        <DialogFooter>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" loading={saving}>
            Rename
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}
