import { useState, type FormEvent } from 'react'
import { toast } from 'sonner'
import { bucketNameProblem, type Bucket } from '@basalt/contracts'
import { errorMessage } from '../../../lib/format'
import { Banner } from '../../../ui/banner'
import { Button } from '../../../ui/button'
import { Dialog, DialogFooter } from '../../../ui/dialog'
import { FormField } from '../../../ui/form-field'
import { Input, NativeSelect } from '../../../ui/input'
import { SwitchField } from '../../../ui/switch-field'
import { useCreateBucket } from '../api/create-bucket'
import { useUpdateBucket } from '../api/update-bucket'
import { STORAGE_MESSAGES as M } from '../messages'
import {
  bucketFormValues,
  bucketPayload,
  SIZE_UNITS,
  validateBucketForm,
  type BucketFormErrors,
  type BucketFormValues,
  type SizeUnit,
} from '../state/bucket-form'

/**
 * Create a bucket, or edit one (spec 3 §2, §5): name (create only), public flag with its warning, file size
 * limit in bytes/KB/MB/GB, allowed MIME types. Errors show once the form was submitted; the server's
 * refusal (a name taken) shows in the form and loses nothing typed.
 */
export function BucketFormDialog({
  projectRef,
  open,
  onOpenChange,
  bucket,
  onCreated,
}: {
  projectRef: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** The bucket to edit; none to create one. */
  bucket?: Bucket | null
  onCreated?: (bucket: Bucket) => void
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={bucket ? M.editBucketTitle(bucket.name) : M.createBucketTitle}
    >
      {open && (
        <BucketForm
          key={bucket?.id ?? 'new'}
          projectRef={projectRef}
          bucket={bucket ?? null}
          onDone={(saved) => {
            onOpenChange(false)
            if (!bucket) onCreated?.(saved)
          }}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </Dialog>
  )
}

function BucketForm({
  projectRef,
  bucket,
  onDone,
  onCancel,
}: {
  projectRef: string
  bucket: Bucket | null
  onDone: (bucket: Bucket) => void
  onCancel: () => void
}) {
  const editing = bucket !== null
  const [values, setValues] = useState<BucketFormValues>(() => bucketFormValues(bucket))
  const [submitted, setSubmitted] = useState(false)
  const [serverError, setServerError] = useState<string | null>(null)
  const create = useCreateBucket(projectRef)
  const update = useUpdateBucket(projectRef)
  const pending = create.isPending || update.isPending

  const errors: BucketFormErrors = validateBucketForm(values, editing)
  // The server refuses what the hint describes; say so before sending (spec 3 §5 gives the hint only).
  if (!editing && !errors.name) {
    const problem = bucketNameProblem(values.name)
    if (problem) errors.name = problem
  }
  const shown = submitted ? errors : {}
  const set = (change: Partial<BucketFormValues>) => {
    setValues((v) => ({ ...v, ...change }))
    setServerError(null)
  }
  const publicChanged = values.public !== (bucket?.public ?? false)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (Object.keys(errors).length > 0) return
    const payload = bucketPayload(values)
    if (bucket) {
      update.mutate(
        { id: bucket.id, body: payload },
        {
          onSuccess: (saved) => {
            toast.success(M.updated)
            onDone(saved)
          },
          onError: (error) => {
            setServerError(errorMessage(error))
            toast.error(M.updateFailed(errorMessage(error)))
          },
        },
      )
    } else {
      create.mutate(
        { id: values.name, ...payload },
        {
          onSuccess: (saved) => {
            toast.success(M.created(saved.name))
            onDone(saved)
          },
          onError: (error) => {
            setServerError(errorMessage(error))
            toast.error(M.createFailed(errorMessage(error)))
          },
        },
      )
    }
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      {editing ? (
        <FormField label={M.nameLabel} description={M.nameNotEditable}>
          <Input value={values.name} readOnly disabled />
        </FormField>
      ) : (
        <FormField label={M.nameLabel} description={M.nameHint} error={shown.name}>
          <Input
            value={values.name}
            onChange={(e) => set({ name: e.target.value })}
            autoComplete="off"
            spellCheck={false}
            autoFocus
          />
        </FormField>
      )}

      <div className="space-y-2">
        <SwitchField
          label={M.publicLabel}
          description={M.publicDescription}
          checked={values.public}
          onCheckedChange={(on) => set({ public: on })}
        />
        {publicChanged && (editing || values.public) && (
          <p
            role="status"
            className="rounded-md border border-warning/40 bg-warning-surface px-3 py-2 text-xs text-foreground"
          >
            {values.public ? M.makePublicWarning : M.makePrivateWarning}
          </p>
        )}
      </div>

      <div className="space-y-2">
        <SwitchField
          label={M.restrictSizeLabel}
          checked={values.limitSize}
          onCheckedChange={(on) => set({ limitSize: on })}
        />
        {values.limitSize && (
          <div className="grid grid-cols-[1fr_8rem] items-start gap-2">
            <FormField label={M.sizeLimitLabel} error={shown.size}>
              <Input
                type="text"
                inputMode="numeric"
                value={values.sizeText}
                // Digits only (spec 3 §5): other keys are not typed; a paste keeps its digits.
                onKeyDown={(e) => {
                  if (e.key.length === 1 && !/\d/.test(e.key) && !e.ctrlKey && !e.metaKey) e.preventDefault()
                }}
                onChange={(e) => set({ sizeText: e.target.value.replace(/[^\d-]/g, '') })}
              />
            </FormField>
            <FormField label={M.sizeUnitLabel}>
              <NativeSelect value={values.sizeUnit} onChange={(e) => set({ sizeUnit: e.target.value as SizeUnit })}>
                {SIZE_UNITS.map((unit) => (
                  <option key={unit} value={unit}>
                    {unit}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
          </div>
        )}
      </div>

      <FormField label={M.mimeLabel} description={M.mimeDescription}>
        <Input
          value={values.mimeText}
          onChange={(e) => set({ mimeText: e.target.value })}
          placeholder={M.mimePlaceholder}
          spellCheck={false}
        />
      </FormField>

      {serverError && <Banner tone="danger">{serverError}</Banner>}

      <DialogFooter>
        <Button onClick={onCancel}>{M.cancel}</Button>
        <Button type="submit" variant="primary" loading={pending}>
          {editing ? M.save : M.create}
        </Button>
      </DialogFooter>
    </form>
  )
}
