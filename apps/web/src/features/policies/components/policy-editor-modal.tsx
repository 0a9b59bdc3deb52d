import { useEffect, useReducer, useRef, useState } from 'react'
import { Dialog as RadixDialog } from 'radix-ui'
import { BookOpen, FileText, LayoutTemplate, PencilLine, Sparkles, X } from 'lucide-react'
import { toast } from 'sonner'
import type { CreatePolicyBody, PgPolicy, PgTable, PolicyTrialBody, PolicyTrialCommand } from '@basalt/contracts'
import { POLICY_COMMANDS, POLICY_NAME_MAX_LENGTH, buildCreatePolicy, policyExpressionsOf } from '@basalt/sql'
import { isApiError } from '../../../lib/api-client'
import { errorMessage } from '../../../lib/format'
import { cn } from '../../../lib/cn'
import { Button } from '../../../ui/button'
import { CodeEditor } from '../../../ui/code-editor/code-editor'
import { ConfirmDialog } from '../../../ui/confirm-dialog'
import { RadioGroup } from '../../../ui/radio-group'
import { useCreatePolicy } from '../api/create-policy'
import { useUpdatePolicy } from '../api/update-policy'
import { ASSISTANT_MESSAGES, EDITOR_MESSAGES as MESSAGES } from '../messages'
import {
  hasUnsavedChanges,
  initialEditorState,
  policyChanges,
  policyEditorReducer,
  reviewSql,
  type PolicyEditorAction,
  type PolicyEditorState,
  type PolicyForm,
} from '../state/policy-editor-state'
import { LISTED_TEMPLATES } from '../templates'
import { PolicyAssistant, usePolicyAssistant } from './policy-assistant'
import { PolicyTestPanel } from './policy-test-panel'
import { RolesSelect } from './roles-select'
import { PolicyFormErrors, PolicyNameField } from './policy-name-field'

const DOCS = 'https://www.postgresql.org/docs/current/sql-createpolicy.html'

/** The create call's body for the form (spec 1 §7 "Create policy"); no operation chosen yet means ALL. */
function createBodyOf(form: PolicyForm, table: PgTable): CreatePolicyBody {
  return {
    schema: table.schema,
    table: table.name,
    name: form.name,
    command: form.command ?? 'ALL',
    roles: form.roles,
    definition: form.definition || null,
    check: form.check || null,
  }
}

/**
 * The policy editor modal (spec 1 §2, §4): selection, templates, editor and review, as the state module
 * says. Saving runs the reviewed SQL on the server (create, or the update's changed fields); a failure goes
 * back to the editor with Postgres' error. Closing with unsaved changes asks first.
 */
export function PolicyEditorModal({
  projectRef,
  table,
  policy,
  onClose,
}: {
  projectRef: string
  table: PgTable
  policy: PgPolicy | null
  onClose: () => void
}) {
  const [state, dispatch] = useReducer(policyEditorReducer, policy, initialEditorState)
  const [confirmingDiscard, setConfirmingDiscard] = useState(false)
  const assistantOffered = usePolicyAssistant(projectRef)
  const [assistantOpen, setAssistantOpen] = useState(false)
  const create = useCreatePolicy(projectRef)
  const update = useUpdatePolicy(projectRef)
  const saving = create.isPending || update.isPending
  // Each view replaces the one before it, with the button that led there: the focus moves to the new
  // view's title, so that it is not lost and a screen reader announces where the user now is.
  const titleRef = useRef<HTMLHeadingElement>(null)
  const firstView = useRef(state.view)
  useEffect(() => {
    if (state.view !== firstView.current) titleRef.current?.focus()
    firstView.current = state.view
  }, [state.view])

  const requestClose = () => {
    if (saving) return
    if (hasUnsavedChanges(state)) setConfirmingDiscard(true)
    else onClose()
  }

  const save = async () => {
    const { form } = state
    try {
      if (policy) {
        const saved = await update.mutateAsync({ id: policy.id, body: policyChanges(state) })
        toast.success(MESSAGES.updated(saved.name))
      } else {
        const saved = await create.mutateAsync(createBodyOf(form, table))
        toast.success(MESSAGES.created(saved.name))
      }
      onClose()
    } catch (error) {
      dispatch({ type: 'saveFailed', error })
    }
  }

  const title =
    state.view === 'review'
      ? MESSAGES.reviewTitle(table.schema, table.name)
      : state.view === 'templates'
        ? MESSAGES.templatesTitle
        : policy
          ? MESSAGES.editingTitle(table.schema, table.name)
          : MESSAGES.addingTitle(table.schema, table.name)

  return (
    <>
      <RadixDialog.Root open onOpenChange={(open) => !open && requestClose()}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-overlay" />
          <RadixDialog.Content
            aria-describedby={undefined}
            className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100vh-2rem)] w-[calc(100%-2rem)] max-w-3xl -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg border border-border bg-surface-raised shadow-xl focus:outline-none"
          >
            <div className="flex items-start justify-between gap-4 border-b border-border px-5 py-4">
              <RadixDialog.Title ref={titleRef} tabIndex={-1} className="text-base font-semibold focus:outline-none">
                {title}
              </RadixDialog.Title>
              <button
                type="button"
                onClick={requestClose}
                aria-label="Close"
                className="rounded-md p-1 text-muted-foreground hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
              >
                <X className="size-4" aria-hidden />
              </button>
            </div>
            <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">
              {state.view === 'selection' && <SelectionView dispatch={dispatch} />}
              {state.view === 'templates' && <TemplatesView state={state} table={table} dispatch={dispatch} />}
              {state.view === 'editor' && assistantOffered && assistantOpen && (
                <div className="mb-4">
                  <PolicyAssistant
                    projectRef={projectRef}
                    table={table}
                    command={state.form.command}
                    onDraft={(expression, into) => {
                      if (into.using) dispatch({ type: 'setDefinition', definition: expression })
                      if (into.check) dispatch({ type: 'setCheck', check: expression })
                    }}
                  />
                </div>
              )}
              {state.view === 'editor' && <EditorView projectRef={projectRef} state={state} dispatch={dispatch} />}
              {state.view === 'review' && <ReviewView projectRef={projectRef} state={state} table={table} />}
            </div>
            {(state.view === 'editor' || state.view === 'review') && (
              <div className="flex flex-wrap items-center gap-2 border-t border-border px-5 py-3">
                {state.view === 'editor' ? (
                  <>
                    {!policy && (
                      <Button onClick={() => dispatch({ type: 'showTemplates' })}>
                        <LayoutTemplate aria-hidden className="size-4" />
                        {MESSAGES.viewTemplates}
                      </Button>
                    )}
                    <Button asChild variant="ghost">
                      <a href={DOCS} target="_blank" rel="noreferrer">
                        <BookOpen aria-hidden className="size-4" />
                        {MESSAGES.documentation}
                      </a>
                    </Button>
                    {assistantOffered && (
                      <Button variant="ghost" aria-expanded={assistantOpen} onClick={() => setAssistantOpen((o) => !o)}>
                        <Sparkles aria-hidden className="size-4" />
                        {ASSISTANT_MESSAGES.tryAssistant}
                      </Button>
                    )}
                    <Button variant="primary" className="ml-auto" onClick={() => dispatch({ type: 'review' })}>
                      {MESSAGES.review}
                    </Button>
                  </>
                ) : (
                  <>
                    <Button onClick={() => dispatch({ type: 'backToEdit' })} disabled={saving}>
                      {MESSAGES.backToEdit}
                    </Button>
                    <Button
                      variant="primary"
                      className="ml-auto"
                      loading={saving}
                      disabled={reviewSql(state, table) === ''}
                      onClick={save}
                    >
                      {MESSAGES.savePolicy}
                    </Button>
                  </>
                )}
              </div>
            )}
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>
      <ConfirmDialog
        open={confirmingDiscard}
        onOpenChange={setConfirmingDiscard}
        title={MESSAGES.discardTitle}
        description={MESSAGES.discardDetail}
        confirmLabel={MESSAGES.discardConfirm}
        cancelLabel={MESSAGES.keepEditing}
        onConfirm={() => {
          setConfirmingDiscard(false)
          onClose()
        }}
      />
    </>
  )
}

type Dispatch = (action: PolicyEditorAction) => void

function SelectionView({ dispatch }: { dispatch: Dispatch }) {
  const choice =
    'flex w-full items-start gap-3 rounded-lg border border-border p-4 text-left hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring'
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      <button type="button" className={choice} onClick={() => dispatch({ type: 'showTemplates' })}>
        <LayoutTemplate aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
        <span className="space-y-1">
          <span className="block text-sm font-medium">{MESSAGES.fromTemplate}</span>
          <span className="block text-xs text-muted-foreground">{MESSAGES.fromTemplateDetail}</span>
        </span>
      </button>
      <button type="button" className={choice} onClick={() => dispatch({ type: 'startFromScratch' })}>
        <PencilLine aria-hidden className="mt-0.5 size-5 shrink-0 text-brand" />
        <span className="space-y-1">
          <span className="block text-sm font-medium">{MESSAGES.fromScratch}</span>
          <span className="block text-xs text-muted-foreground">{MESSAGES.fromScratchDetail}</span>
        </span>
      </button>
    </div>
  )
}

function TemplatesView({ state, table, dispatch }: { state: PolicyEditorState; table: PgTable; dispatch: Dispatch }) {
  const chosen = LISTED_TEMPLATES.find((t) => t.id === state.templateId) ?? LISTED_TEMPLATES[0]!
  return (
    <div className="grid gap-4 sm:grid-cols-[16rem_1fr]">
      <ul aria-label="Templates" className="max-h-[24rem] space-y-1 overflow-y-auto">
        {LISTED_TEMPLATES.map((template) => (
          <li key={template.id}>
            <button
              type="button"
              aria-pressed={template.id === chosen.id}
              onClick={() => dispatch({ type: 'highlightTemplate', id: template.id })}
              className={cn(
                'w-full rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-ring',
                template.id === chosen.id ? 'border-brand bg-brand/5' : 'border-transparent hover:bg-muted',
              )}
            >
              <span className="mr-2 rounded bg-muted px-1 font-mono text-[10px]">{template.command}</span>
              {template.name}
            </button>
          </li>
        ))}
      </ul>
      <div className="min-w-0 space-y-3">
        <p className="text-sm font-medium">{chosen.name}</p>
        <p className="text-sm text-muted-foreground">{chosen.description}</p>
        <pre
          aria-label={MESSAGES.templatePreview}
          className="overflow-auto rounded-md border border-border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap"
        >
          {buildCreatePolicy({ ...chosen, schema: table.schema, table: table.name })}
        </pre>
        <div className="flex justify-end">
          <Button variant="primary" onClick={() => dispatch({ type: 'useTemplate', template: chosen })}>
            <FileText aria-hidden className="size-4" />
            {MESSAGES.useTemplate}
          </Button>
        </div>
      </div>
    </div>
  )
}

function EditorView({
  projectRef,
  state,
  dispatch,
}: {
  projectRef: string
  state: PolicyEditorState
  dispatch: Dispatch
}) {
  const { form, policy } = state
  const takes = policyExpressionsOf(form.command)
  const failure = state.saveError
  return (
    <div className="space-y-4">
      {failure != null && (
        <div role="alert" className="space-y-1.5 rounded-md border border-destructive/40 px-3 py-2 text-sm">
          <p className="font-medium text-destructive">{MESSAGES.saveFailed}</p>
          {isApiError(failure) && failure.formattedError ? (
            <pre className="overflow-auto font-mono text-xs whitespace-pre-wrap">{failure.formattedError}</pre>
          ) : (
            <p className="text-muted-foreground">{errorMessage(failure)}</p>
          )}
        </div>
      )}
      <PolicyFormErrors errors={state.errors} />
      <PolicyNameField
        id="policy-name"
        label={MESSAGES.nameLabel}
        value={form.name}
        max={POLICY_NAME_MAX_LENGTH}
        invalid={state.errors.includes(MESSAGES.nameRequired)}
        placeholder={MESSAGES.namePlaceholder}
        onChange={(name) => dispatch({ type: 'setName', name })}
      />
      {!policy && (
        <div className="space-y-1.5">
          <p className="text-sm font-medium" id="policy-command-label">
            {MESSAGES.commandLabel}
          </p>
          <CommandChoice value={form.command} onChange={(command) => dispatch({ type: 'setCommand', command })} />
        </div>
      )}
      {policy && (
        <p className="text-sm">
          <span className="font-medium">{MESSAGES.commandLabel}:</span>{' '}
          <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{policy.command}</code>
        </p>
      )}
      <div className="space-y-1.5">
        <label id="policy-roles-label" htmlFor="policy-roles" className="text-sm font-medium">
          {MESSAGES.rolesLabel}
        </label>
        <RolesSelect
          id="policy-roles"
          labelledBy="policy-roles-label"
          projectRef={projectRef}
          value={form.roles}
          onChange={(roles) => dispatch({ type: 'setRoles', roles })}
        />
      </div>
      {takes.using && (
        <ExpressionField
          label={MESSAGES.usingLabel}
          detail={MESSAGES.usingDetail}
          value={form.definition}
          onChange={(definition) => dispatch({ type: 'setDefinition', definition })}
        />
      )}
      {takes.check && (
        <ExpressionField
          label={MESSAGES.checkLabel}
          detail={MESSAGES.checkDetail}
          value={form.check}
          onChange={(check) => dispatch({ type: 'setCheck', check })}
        />
      )}
    </div>
  )
}

function CommandChoice({
  value,
  onChange,
}: {
  value: PolicyEditorState['form']['command']
  onChange: (command: (typeof POLICY_COMMANDS)[number]) => void
}) {
  return (
    <RadioGroup
      label={MESSAGES.commandLabel}
      value={value ?? ('' as (typeof POLICY_COMMANDS)[number])}
      onValueChange={onChange}
      options={POLICY_COMMANDS.map((command) => ({ value: command, label: command }))}
    />
  )
}

function ExpressionField({
  label,
  detail,
  value,
  onChange,
}: {
  label: string
  detail: string
  value: string
  onChange: (value: string) => void
}) {
  return (
    <div className="space-y-1.5">
      <p className="text-sm font-medium">{label}</p>
      <p className="text-xs text-muted-foreground">{detail}</p>
      <CodeEditor
        label={label}
        value={value}
        onChange={onChange}
        className="h-24 rounded-md border border-input"
        options={{ lineNumbers: 'off', folding: false, wordWrap: 'on' }}
      />
    </div>
  )
}

function ReviewView({ projectRef, state, table }: { projectRef: string; state: PolicyEditorState; table: PgTable }) {
  const sql = reviewSql(state, table)
  const { form, policy } = state
  const pending: PolicyTrialBody['pending'] = policy
    ? { update: { id: policy.id, ...policyChanges(state) } }
    : { create: createBodyOf(form, table) }
  const command = form.command ?? 'ALL'
  const defaultOperation: PolicyTrialCommand = command === 'ALL' ? 'SELECT' : command
  return (
    <div className="space-y-4">
      {sql === '' ? (
        <p className="text-sm">{MESSAGES.noChanges}</p>
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{policy ? MESSAGES.reviewUpdating : MESSAGES.reviewCreating}</p>
          <pre
            aria-label={MESSAGES.sqlLabel}
            className="max-h-[25rem] overflow-auto rounded-md border border-border bg-muted/40 p-3 font-mono text-xs whitespace-pre-wrap"
          >
            {sql}
          </pre>
        </>
      )}
      <PolicyTestPanel projectRef={projectRef} pending={pending} defaultOperation={defaultOperation} />
    </div>
  )
}
