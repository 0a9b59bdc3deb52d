import { describe, expect, it } from 'vitest'
import type { PgPolicy } from '@basalt/contracts'
import { POLICY_TEMPLATES, LISTED_TEMPLATES } from '../templates'
import {
  hasUnsavedChanges,
  initialEditorState,
  policyChanges,
  policyEditorReducer as reduce,
  reviewSql,
  type PolicyEditorAction,
  type PolicyEditorState,
} from './policy-editor-state'

const table = { schema: 'public', name: 'todos' }
const policy: PgPolicy = {
  id: 7,
  schema: 'public',
  table: 'todos',
  table_id: 1,
  name: 'Own rows',
  action: 'PERMISSIVE',
  roles: ['authenticated'],
  command: 'SELECT',
  definition: '(auth.uid() = user_id)',
  check: null,
}
const run = (state: PolicyEditorState, ...actions: PolicyEditorAction[]) => actions.reduce(reduce, state)

describe('the policy editor (spec 1 §4)', () => {
  it('goes from selection to templates to the editor, then to review and back', () => {
    let state = initialEditorState(null)
    expect(state.view).toBe('selection')
    state = run(state, { type: 'showTemplates' })
    expect(state.view).toBe('templates')
    const template = LISTED_TEMPLATES[3]!
    state = run(state, { type: 'highlightTemplate', id: template.id }, { type: 'useTemplate', template })
    expect(state.view).toBe('editor')
    expect(state.form).toMatchObject({ name: template.name, command: 'DELETE', definition: template.definition })
    expect(hasUnsavedChanges(state)).toBe(true)
    state = run(state, { type: 'review' })
    expect(state.view).toBe('review')
    expect(reviewSql(state, table)).toContain('create policy "Enable delete for users based on user_id"')
    state = run(state, { type: 'backToEdit' })
    expect(state.view).toBe('editor')
    state = run(state, { type: 'review' }, { type: 'saveFailed', error: new Error('boom') })
    expect(state).toMatchObject({ view: 'editor', saveError: new Error('boom') })
  })

  it('starts from scratch, and stays in the editor with the messages of spec 1 §5 until the form is complete', () => {
    let state = run(initialEditorState(null), { type: 'startFromScratch' })
    expect(state.view).toBe('editor')
    expect(hasUnsavedChanges(state)).toBe(false)
    state = run(state, { type: 'review' })
    expect(state.view).toBe('editor')
    expect(state.errors).toEqual([
      'Please provide a name for your policy',
      'Please select an operation for your policy',
    ])
    state = run(state, { type: 'setName', name: 'Read' }, { type: 'setCommand', command: 'SELECT' }, { type: 'review' })
    expect(state.errors).toEqual(['Please provide a USING expression for your policy'])
    state = run(state, { type: 'setDefinition', definition: 'true' })
    expect(state.errors).toEqual([])
    expect(run(state, { type: 'review' }).view).toBe('review')
  })

  it('ignores a name longer than 63 characters', () => {
    const state = run(initialEditorState(null), { type: 'setName', name: 'x'.repeat(63) })
    expect(state.form.name).toHaveLength(63)
    expect(run(state, { type: 'setName', name: 'x'.repeat(64) }).form.name).toHaveLength(63)
  })

  it('clears an expression the new operation does not take', () => {
    let state = run(
      initialEditorState(null),
      { type: 'setCommand', command: 'ALL' },
      { type: 'setDefinition', definition: 'a' },
      { type: 'setCheck', check: 'b' },
    )
    state = run(state, { type: 'setCommand', command: 'INSERT' })
    expect(state.form).toMatchObject({ definition: '', check: 'b' })
    state = run(state, { type: 'setCommand', command: 'SELECT' })
    expect(state.form).toMatchObject({ definition: '', check: '' })
  })

  it('edits an existing policy in the editor, without changing its operation or offering templates', () => {
    let state = initialEditorState(policy)
    expect(state.view).toBe('editor')
    expect(state.form.roles).toEqual(['authenticated'])
    state = run(state, { type: 'setCommand', command: 'INSERT' }, { type: 'showTemplates' })
    expect(state).toMatchObject({ view: 'editor', form: { command: 'SELECT' } })
    expect(hasUnsavedChanges(state)).toBe(false)
    expect(reviewSql(run(state, { type: 'review' }), table)).toBe('')

    state = run(
      state,
      { type: 'setName', name: 'Members read' },
      { type: 'setRoles', roles: ['authenticated', 'anon'] },
      { type: 'setDefinition', definition: '  (auth.uid()   = user_id) ' },
    )
    expect(policyChanges(state)).toEqual({ name: 'Members read', roles: ['anon', 'authenticated'] })
    expect(reviewSql(state, table)).toBe(
      [
        'begin;',
        'alter policy "Own rows" on "public"."todos" to "anon", "authenticated";',
        'alter policy "Own rows" on "public"."todos" rename to "Members read";',
        'commit;',
      ].join('\n'),
    )
  })

  it('defines eight templates and lists five', () => {
    expect(POLICY_TEMPLATES).toHaveLength(8)
    expect(LISTED_TEMPLATES).toHaveLength(5)
    expect(new Set(POLICY_TEMPLATES.map((t) => t.id)).size).toBe(8)
  })
})
