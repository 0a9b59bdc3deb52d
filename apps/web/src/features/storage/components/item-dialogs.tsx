import { useState, type FormEvent } from 'react'
import type { StorageItem } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { Dialog, DialogFooter } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { STORAGE_MESSAGES as M } from '../messages'
import { customExpiry, expiryDate, EXPIRY_UNIT_SECONDS, type ExpiryUnit } from '../state/expiry'

/**
 * Delete files or folders (spec 3 §4 "Delete flow"): one selected folder is deleted as a folder (all it
 * holds), anything else as items; 'This action cannot be undone.', and 'Deleting' while it runs.
 */
export function DeleteItemsDialog({
  items,
  pending,
  onOpenChange,
  onConfirm,
}: {
  items: StorageItem[] | null
  pending: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: () => void
}) {
  const list = items ?? []
  const oneFolder = list.length === 1 && list[0]!.kind === 'folder'
  return (
    <ConfirmDialog
      open={items !== null}
      onOpenChange={onOpenChange}
      title={M.deleteItemsTitle(list.length, oneFolder)}
      description={M.cannotBeUndone}
      confirmLabel={pending ? M.deleting : M.delete}
      loading={pending}
      onConfirm={onConfirm}
    >
      <p className="text-sm">
        {oneFolder ? M.deleteFolderDescription(list[0]!.name) : M.deleteFilesDescription(list.map((i) => i.name))}
      </p>
    </ConfirmDialog>
  )
}

/** Move items to a folder typed as a path (spec 3 §4 "Move flow", §5: leading slash stripped, blank = root). */
export function MoveItemsDialog({
  items,
  pending,
  error,
  onOpenChange,
  onConfirm,
}: {
  items: StorageItem[] | null
  pending: boolean
  error: string | null
  onOpenChange: (open: boolean) => void
  onConfirm: (destination: string) => void
}) {
  const [path, setPath] = useState('')
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!pending) onConfirm(path)
  }
  return (
    <Dialog
      open={items !== null}
      onOpenChange={(open) => {
        if (!open) setPath('')
        onOpenChange(open)
      }}
      title={M.moveTitle(items?.length ?? 0)}
      description={M.moveDescription}
    >
      <form onSubmit={submit} noValidate>
        <FormField label={M.movePathLabel} error={error ?? undefined}>
          <Input
            value={path}
            onChange={(e) => setPath(e.target.value)}
            placeholder={M.movePlaceholder}
            autoFocus
            spellCheck={false}
          />
        </FormField>
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>{M.cancel}</Button>
          <Button type="submit" variant="primary" loading={pending}>
            {pending ? M.movingFiles : M.moveFiles}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' })

/** 'Custom expiry' for a signed URL (spec 3 §5): a duration above 0 in days/weeks/months/years, its date shown. */
export function CustomExpiryDialog({
  item,
  pending,
  onOpenChange,
  onConfirm,
}: {
  item: StorageItem | null
  pending: boolean
  onOpenChange: (open: boolean) => void
  onConfirm: (seconds: number) => void
}) {
  const [value, setValue] = useState('')
  const [unit, setUnit] = useState<ExpiryUnit>('days')
  const result = customExpiry(value, unit)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (result.seconds !== undefined && !pending) onConfirm(result.seconds)
  }
  return (
    <Dialog
      open={item !== null}
      onOpenChange={(open) => {
        if (!open) setValue('')
        onOpenChange(open)
      }}
      title={M.customExpiryTitle}
      description={M.customExpiryDescription}
    >
      <form onSubmit={submit} noValidate className="space-y-3">
        <div className="grid grid-cols-[1fr_9rem] items-start gap-2">
          <FormField label={M.expiryValueLabel} error={result.error}>
            <Input type="number" min={1} value={value} onChange={(e) => setValue(e.target.value)} autoFocus />
          </FormField>
          <FormField label={M.expiryUnitLabel}>
            <NativeSelect value={unit} onChange={(e) => setUnit(e.target.value as ExpiryUnit)}>
              {(Object.keys(EXPIRY_UNIT_SECONDS) as ExpiryUnit[]).map((u) => (
                <option key={u} value={u}>
                  {M.units[u]}
                </option>
              ))}
            </NativeSelect>
          </FormField>
        </div>
        {result.seconds !== undefined && (
          <p className="text-sm text-muted-foreground">{M.expiresOn(dateFormat.format(expiryDate(result.seconds)))}</p>
        )}
        <DialogFooter>
          <Button onClick={() => onOpenChange(false)}>{M.cancel}</Button>
          <Button type="submit" variant="primary" loading={pending} disabled={result.seconds === undefined}>
            {M.getSignedUrl}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  )
}
