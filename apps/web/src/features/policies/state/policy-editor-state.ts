import type { PgPolicy } from '@basalt/contracts'
import {
  asTransaction,
  buildCreatePolicy,
  buildUpdatePolicy,
  diffPolicy,
  POLICY_NAME_MAX_LENGTH,
  policyExpressionsOf,
  validatePolicy,
  type PolicyChanges,
  type PolicyCommand,
} from '@basalt/sql'
import type { PolicyTemplate } from '../templates'

/**
 * The policy editor modal as a state machine (spec 1 §4): selection leads to templates or the editor,
 * templates to the editor, the editor to review, review back to the editor or to saving; a failed save
 * returns to the editor with its error. Editing an existing policy starts in the editor, where the operation
 * cannot be changed. The form's rules (spec 1 §5) live here too, so they are tested without rendering.
 */

export type EditorView = 'selection' | 'templates' | 'editor' | 'review'

export interface PolicyForm {
  name: string
  command: PolicyCommand | null
  /** Empty means public. */
  roles: string[]
  definition: string
  check: string
}

export interface PolicyEditorState {
  view: EditorView
  /** The policy being edited; null while creating. */
  policy: PgPolicy | null
  form: PolicyForm
  /** What the form held when the editor opened: a form that differs is unsaved. */
  initial: PolicyForm
  /** The template highlighted in the templates view. */
  templateId: string | null
  /** Validation messages of the last Review (spec 1 §5). */
  errors: string[]
  /** The failure of the last save, shown in the editor. */
  saveError: unknown
}

export type PolicyEditorAction =
  | { type: 'showTemplates' }
  | { type: 'startFromScratch' }
  | { type: 'highlightTemplate'; id: string }
  | { type: 'useTemplate'; template: PolicyTemplate }
  | { type: 'setName'; name: string }
  | { type: 'setCommand'; command: PolicyCommand }
  | { type: 'setRoles'; roles: string[] }
  | { type: 'setDefinition'; definition: string }
  | { type: 'setCheck'; check: string }
  | { type: 'review' }
  | { type: 'backToEdit' }
  | { type: 'saveFailed'; error: unknown }

export const EMPTY_FORM: PolicyForm = { name: '', command: null, roles: [], definition: '', check: '' }

/** The form of an existing policy; its roles without public (spec 1 §5: empty means public). */
export function formOf(policy: PgPolicy): PolicyForm {
  return {
    name: policy.name,
    command: policy.command,
    roles: policy.roles.filter((r) => r !== 'public'),
    definition: policy.definition ?? '',
    check: policy.check ?? '',
  }
}

/** The editor as it opens: at the selection for a new policy, in the editor for an existing one. */
export function initialEditorState(policy: PgPolicy | null): PolicyEditorState {
  const form = policy ? formOf(policy) : EMPTY_FORM
  return {
    view: policy ? 'editor' : 'selection',
    policy,
    form,
    initial: form,
    templateId: null,
    errors: [],
    saveError: null,
  }
}

/** Switching operation clears an expression it no longer takes (spec 1 §5). */
function withCommand(form: PolicyForm, command: PolicyCommand): PolicyForm {
  const takes = policyExpressionsOf(command)
  return {
    ...form,
    command,
    definition: takes.using ? form.definition : '',
    check: takes.check ? form.check : '',
  }
}

export function policyEditorReducer(state: PolicyEditorState, action: PolicyEditorAction): PolicyEditorState {
  const edit = (form: PolicyForm): PolicyEditorState => ({ ...state, form, errors: [] })
  switch (action.type) {
    case 'showTemplates':
      return state.policy ? state : { ...state, view: 'templates', templateId: state.templateId }
    case 'startFromScratch':
      return { ...state, view: 'editor' }
    case 'highlightTemplate':
      return { ...state, templateId: action.id }
    case 'useTemplate': {
      const { template } = action
      return {
        ...state,
        view: 'editor',
        templateId: template.id,
        errors: [],
        form: {
          name: template.name.slice(0, POLICY_NAME_MAX_LENGTH),
          command: template.command,
          roles: [...template.roles],
          definition: template.definition,
          check: template.check,
        },
      }
    }
    case 'setName':
      // Longer input is ignored (spec 1 §5), not cut: the name stays as it was.
      return action.name.length > POLICY_NAME_MAX_LENGTH ? state : edit({ ...state.form, name: action.name })
    case 'setCommand':
      // The operation can only be chosen for a new policy (spec 1 §5).
      return state.policy ? state : edit(withCommand(state.form, action.command))
    case 'setRoles':
      return edit({ ...state.form, roles: action.roles.filter((r) => r !== 'public') })
    case 'setDefinition':
      return edit({ ...state.form, definition: action.definition })
    case 'setCheck':
      return edit({ ...state.form, check: action.check })
    case 'review': {
      const errors = validatePolicy(state.form)
      return errors.length > 0 ? { ...state, errors } : { ...state, view: 'review', errors: [], saveError: null }
    }
    case 'backToEdit':
      return { ...state, view: 'editor' }
    case 'saveFailed':
      return { ...state, view: 'editor', saveError: action.error }
  }
}

/** Whether closing would lose something (spec 1 §4: then the editor asks first). */
export function hasUnsavedChanges(state: PolicyEditorState): boolean {
  const [a, b] = [state.form, state.initial]
  return (
    a.name !== b.name ||
    a.command !== b.command ||
    a.definition !== b.definition ||
    a.check !== b.check ||
    [...a.roles].sort().join('\n') !== [...b.roles].sort().join('\n')
  )
}

/** The changed fields of an existing policy (spec 1 §3 update payload); empty when nothing changed. */
export function policyChanges(state: PolicyEditorState): PolicyChanges {
  if (!state.policy) return {}
  const takes = policyExpressionsOf(state.policy.command)
  return diffPolicy(state.policy, {
    name: state.form.name,
    roles: state.form.roles,
    ...(takes.using ? { definition: state.form.definition } : {}),
    ...(takes.check ? { check: state.form.check } : {}),
  })
}

/**
 * The SQL the review shows (spec 1 §7): CREATE POLICY for a new policy, or the ALTER POLICY statements of the
 * changes as one transaction with the rename last; empty when an edit changes nothing.
 */
export function reviewSql(state: PolicyEditorState, table: { schema: string; name: string }): string {
  const { form, policy } = state
  if (!policy) {
    return buildCreatePolicy({
      schema: table.schema,
      table: table.name,
      name: form.name,
      command: form.command ?? 'ALL',
      roles: form.roles,
      definition: form.definition,
      check: form.check,
    })
  }
  return asTransaction(buildUpdatePolicy({ before: policy, changes: policyChanges(state) }))
}
