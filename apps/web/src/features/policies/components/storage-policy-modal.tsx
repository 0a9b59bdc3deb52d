import { useEffect, useRef, useState } from 'react'
import { Dialog as RadixDialog } from 'radix-ui'
import { FileText, LayoutTemplate, PencilLine, X } from 'lucide-react'
import { toast } from 'sonner'
import type { PgPolicy } from '@basalt/contracts'
import { asTransaction, buildUpdatePolicy } from '@basalt/sql'
import { errorMessage } from '../../../lib/format'
import { cn } from '../../../lib/cn'
import { Button } from '../../../ui/button'
import { CodeEditor } from '../../../ui/code-editor/code-editor'
import { DialogContent } from '../../../ui/dialog'
import { useCreatePolicies } from '../api/create-policies'
import { useUpdatePolicy } from '../api/update-policy'
import { STORAGE_POLICY_MESSAGES as MESSAGES } from '../messages'
import {
  CLIENT_METHODS,
  emptyForm,
  formFromPolicy,
  formFromTemplate,
  methodAllowed,
  policyEdits,
  policyPayloads,
  reviewStatements,
  STORAGE_OPERATIONS,
  STORAGE_POLICY_NAME_MAX,
  validateStoragePolicy,
  type StorageOperation,
  type StoragePolicyForm,
} from '../state/storage-policy-form'
import { fillTemplate } from '../state/storage-policy-form'
import { STORAGE_POLICY_TEMPLATES } from '../storage-templates'
import { PolicyFormErrors, PolicyNameField } from './policy-name-field'
import { RolesSelect } from './roles-select'
import { StoragePolicyTestPanel } from './storage-policy-test-panel'

type View = 'selection' | 'editor' | 'templates' | 'review'

/**
 * The storage policy modal (spec 3 §2, §4): selection, templates, editor and review. A new policy becomes one
 * policy per allowed operation, saved together in one transaction; a failure goes back to the editor with
 * 'Error adding policy: {message}'. An existing policy (Edit) opens in the editor with its one operation.
 * Each time it opens it starts afresh (the page mounts it anew).
 */
export function StoragePolicyModal({
  projectRef,
  bucket,
  policy,
  onClose,
}: {
  projectRef: string
  bucket: string
  policy: PgPolicy | null
  onClose: () => void
}) {
  const [view, setView] = useState<View>(policy ? 'editor' : 'selection')
  const [form, setForm] = useState<StoragePolicyForm>(() => (policy ? formFromPolicy(policy) : emptyForm(bucket)))
  const [templateId, setTemplateId] = useState(STORAGE_POLICY_TEMPLATES[0]!.id)
  const [errors, setErrors] = useState<string[]>([])
  const [failure, setFailure] = useState<string | null>(null)
  const create = useCreatePolicies(projectRef)
  const update = useUpdatePolicy(projectRef)
  const saving = create.isPending || update.isPending
  const titleRef = useRef<HTMLHeadingElement>(null)
  const firstView = useRef(view)
  useEffect(() => {
    if (view !== firstView.current) titleRef.current?.focus()
    firstView.current = view
  }, [view])

  const payloads = policy ? [] : policyPayloads(form, bucket)
  const edits = policy ? policyEdits(policy, form) : {}
  const statements = policy
    ? [buildUpdatePolicy({ before: policy, changes: edits })].filter((s) => s !== '')
    : reviewStatements(payloads)

  const review = () => {
    const found = validateStoragePolicy(form, policy !== null)
    setErrors(found)
    if (found.length === 0) setView('review')
  }

  const save = async () => {
    try {
      if (policy) await update.mutateAsync({ id: policy.id, body: edits })
      else await create.mutateAsync(payloads)
      toast.success(MESSAGES.saved)
      onClose()
    } catch (error) {
      const message = errorMessage(error)
      setFailure(policy ? MESSAGES.updateFailed(message) : MESSAGES.addFailed(message))
      toast.error(policy ? MESSAGES.updateFailed(message) : MESSAGES.addFailed(message))
      setView('editor')
    }
  }

  const title =
    view === 'review'
      ? MESSAGES.reviewTitle(bucket)
      : view === 'templates'
        ? MESSAGES.templatesTitle
        : policy
          ? MESSAGES.editingTitle(bucket)
          : MESSAGES.addingTitle(bucket)

  return (
    <RadixDialog.Root open onOpenChange={(open) => !open && !saving && onClose()}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
        <DialogContent
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border border-border bg-surface-raised shadow-xl focus:outline-none"
        >
          <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
            <RadixDialog.Title ref={titleRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
              {title}
            </RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close"
              disabled={saving}
              className="rounded-md p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
            >
              <X className="size-4" aria-hidden />
            </RadixDialog.Close>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
            {view === 'selection' && (
              <div className="grid gap-3 sm:grid-cols-2">
                <Choice
                  icon={<LayoutTemplate aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />}
                  title={MESSAGES.fromTemplate}
                  detail={MESSAGES.fromTemplateDetail}
                  onClick={() => setView('templates')}
                />
                <Choice
                  icon={<PencilLine aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />}
                  title={MESSAGES.fromScratch}
                  detail={MESSAGES.fromScratchDetail}
                  onClick={() => setView('editor')}
                />
              </div>
            )}
            {view === 'templates' && (
              <Templates
                bucket={bucket}
                chosenId={templateId}
                onHighlight={setTemplateId}
                onUse={(template) => {
                  setForm(formFromTemplate(template, bucket))
                  setErrors([])
                  setView('editor')
                }}
              />
            )}
            {view === 'editor' && (
              <Editor
                projectRef={projectRef}
                form={form}
                fixedOperation={policy !== null}
                errors={errors}
                failure={failure}
                onChange={(next) => setForm(next)}
              />
            )}
            {view === 'review' && (
              <div className="space-y-4">
                {statements.length === 0 ? (
                  <p className="text-sm">{MESSAGES.noChanges}</p>
                ) : (
                  <>
                    <p className="text-sm text-muted-foreground">{MESSAGES.reviewDetail}</p>
                    <pre
                      aria-label="Policy SQL"
                      className="max-h-[25rem] overflow-auto rounded-md border border-border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap"
                    >
                      {policy ? asTransaction(statements[0]!) : asTransaction(statements.join(';\n'))}
                    </pre>
                  </>
                )}
                <StoragePolicyTestPanel
                  projectRef={projectRef}
                  bucket={bucket}
                  pending={
                    policy
                      ? { update: { id: policy.id, ...edits } }
                      : payloads.length > 0
                        ? { create: payloads }
                        : undefined
                  }
                  defaultOperation={
                    form.allowedOperations.includes('INSERT') || form.allowedOperations.length === 0
                      ? 'upload'
                      : form.allowedOperations.includes('SELECT')
                        ? 'download'
                        : form.allowedOperations.includes('DELETE')
                          ? 'remove'
                          : 'update'
                  }
                />
              </div>
            )}
          </div>
          {(view === 'editor' || view === 'review') && (
            <div className="flex flex-wrap items-center gap-2 border-t border-border px-5 py-3">
              {view === 'editor' ? (
                <>
                  {!policy && (
                    <Button onClick={() => setView('templates')}>
                      <LayoutTemplate aria-hidden className="size-4" />
                      {MESSAGES.viewTemplates}
                    </Button>
                  )}
                  <Button variant="primary" className="ml-auto" onClick={review}>
                    {MESSAGES.review}
                  </Button>
                </>
              ) : (
                <>
                  <Button onClick={() => setView('editor')} disabled={saving}>
                    {MESSAGES.backToEdit}
                  </Button>
                  <Button
                    variant="primary"
                    className="ml-auto"
                    loading={saving}
                    disabled={statements.length === 0}
                    onClick={save}
                  >
                    {MESSAGES.savePolicy}
                  </Button>
                </>
              )}
            </div>
          )}
        </DialogContent>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

function Choice({
  icon,
  title,
  detail,
  onClick,
}: {
  icon: React.ReactNode
  title: string
  detail: string
  onClick: () => void
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="flex w-full items-start gap-3 rounded-lg border border-border p-4 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
    >
      {icon}
      <span className="space-y-1">
        <span className="block text-sm font-medium">{title}</span>
        <span className="block text-xs text-muted-foreground">{detail}</span>
      </span>
    </button>
  )
}

function Templates({
  bucket,
  chosenId,
  onHighlight,
  onUse,
}: {
  bucket: string
  chosenId: string
  onHighlight: (id: string) => void
  onUse: (template: (typeof STORAGE_POLICY_TEMPLATES)[number]) => void
}) {
  const chosen = STORAGE_POLICY_TEMPLATES.find((t) => t.id === chosenId) ?? STORAGE_POLICY_TEMPLATES[0]!
  return (
    <div className="grid gap-4 sm:grid-cols-[18rem_1fr]">
      <ul aria-label="Templates" className="space-y-1">
        {STORAGE_POLICY_TEMPLATES.map((template) => (
          <li key={template.id}>
            <button
              type="button"
              aria-pressed={template.id === chosen.id}
              onClick={() => onHighlight(template.id)}
              className={cn(
                'w-full rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring',
                template.id === chosen.id ? 'border-brand bg-brand/5' : 'border-transparent hover:bg-muted',
              )}
            >
              {template.templateName}
            </button>
          </li>
        ))}
      </ul>
      <div className="min-w-0 space-y-3">
        <p className="text-sm font-medium">{chosen.templateName}</p>
        <p className="text-sm text-muted-foreground">{chosen.description}</p>
        <p className="text-xs text-muted-foreground">
          {MESSAGES.operationsLabel}: {chosen.allowedOperations.join(', ')} · {MESSAGES.rolesLabel}:{' '}
          {chosen.roles.join(', ') || 'public'}
        </p>
        <pre
          aria-label="Template preview"
          className="overflow-auto rounded-md border border-border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap"
        >
          {fillTemplate(chosen.definition, bucket)}
        </pre>
        <div className="flex justify-end">
          <Button variant="primary" onClick={() => onUse(chosen)}>
            <FileText aria-hidden className="size-4" />
            {MESSAGES.useTemplate}
          </Button>
        </div>
      </div>
    </div>
  )
}

function Editor({
  projectRef,
  form,
  fixedOperation,
  errors,
  failure,
  onChange,
}: {
  projectRef: string
  form: StoragePolicyForm
  fixedOperation: boolean
  errors: string[]
  failure: string | null
  onChange: (form: StoragePolicyForm) => void
}) {
  const toggle = (op: StorageOperation, on: boolean) =>
    onChange({
      ...form,
      allowedOperations: on ? [...form.allowedOperations, op] : form.allowedOperations.filter((o) => o !== op),
    })
  return (
    <div className="space-y-4">
      {failure && (
        <p role="alert" className="rounded-md border border-destructive/40 px-3 py-2 text-sm text-destructive">
          {failure}
        </p>
      )}
      <PolicyFormErrors errors={errors} />
      <PolicyNameField
        id="storage-policy-name"
        label={MESSAGES.nameLabel}
        value={form.name}
        max={STORAGE_POLICY_NAME_MAX}
        invalid={errors.includes(MESSAGES.nameRequired)}
        // Spec 3 §5: longer input is ignored.
        onChange={(name) => onChange({ ...form, name: name.slice(0, STORAGE_POLICY_NAME_MAX) })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <fieldset className="space-y-1.5">
          <legend className="text-sm font-medium">{MESSAGES.operationsLabel}</legend>
          <div className="space-y-1">
            {STORAGE_OPERATIONS.map((op) => (
              <label key={op} className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  checked={form.allowedOperations.includes(op)}
                  disabled={fixedOperation}
                  onChange={(e) => toggle(op, e.target.checked)}
                  className="size-4 accent-[var(--color-brand)]"
                />
                <code className="font-mono text-xs">{op}</code>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="space-y-1.5">
          <p className="text-sm font-medium" id="storage-policy-methods">
            {MESSAGES.methodsLabel}
          </p>
          <p className="text-xs text-muted-foreground">{MESSAGES.operationsDetail}</p>
          <ul aria-labelledby="storage-policy-methods" className="flex flex-wrap gap-1">
            {CLIENT_METHODS.map(({ method, needs }) => {
              const on = methodAllowed(needs, form.allowedOperations)
              return (
                <li
                  key={method}
                  aria-current={on ? 'true' : undefined}
                  title={needs.length ? `Needs ${needs.join(' + ')}` : 'Needs no policy'}
                  className={cn(
                    'rounded border px-1.5 py-0.5 font-mono text-xs',
                    on ? 'border-brand bg-brand/10 text-foreground' : 'border-border text-muted-foreground',
                  )}
                >
                  {method}
                </li>
              )
            })}
          </ul>
        </div>
      </div>
      <div className="space-y-1.5">
        <label id="storage-policy-roles-label" htmlFor="storage-policy-roles" className="text-sm font-medium">
          {MESSAGES.rolesLabel}
        </label>
        <RolesSelect
          id="storage-policy-roles"
          labelledBy="storage-policy-roles-label"
          projectRef={projectRef}
          value={form.roles}
          onChange={(roles) => onChange({ ...form, roles })}
        />
        <p className="text-xs text-muted-foreground">{MESSAGES.rolesDetail}</p>
      </div>
      <div className="space-y-1.5">
        <p className="text-sm font-medium">{MESSAGES.definitionLabel}</p>
        <p className="text-xs text-muted-foreground">{MESSAGES.definitionDetail}</p>
        <CodeEditor
          label={MESSAGES.definitionLabel}
          value={form.definition}
          onChange={(definition) => onChange({ ...form, definition })}
          className="h-28 rounded-md border border-input"
          options={{ lineNumbers: 'off', folding: false, wordWrap: 'on' }}
        />
      </div>
    </div>
  )
}
