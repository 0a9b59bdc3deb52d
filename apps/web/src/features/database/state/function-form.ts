import {
  functionDefinitionSchema,
  type DatabaseFunction,
  type ParsedFunctionDefinition,
  type Volatility,
} from '@basalt/contracts'
import { buildCreateFunction, buildUpdateFunction, functionDefinitionOf } from '@basalt/sql'
import { FUNCTION_MESSAGES } from '../messages'

/** The function form as the user fills it: strings and switches, turned into a definition on review. */
export interface FunctionForm {
  kind: 'function' | 'procedure'
  schema: string
  name: string
  comment: string
  args: Array<{ mode: 'in' | 'out' | 'inout' | 'variadic'; name: string; type: string; default: string }>
  returns: 'type' | 'setof' | 'table'
  returnType: string
  columns: Array<{ name: string; type: string }>
  language: string
  body: string
  volatility: Volatility
  securityDefiner: boolean
  strict: boolean
  setSearchPath: boolean
  /** Schemas separated by commas. */
  searchPath: string
}

export const emptyFunctionForm = (schema: string): FunctionForm => ({
  kind: 'function',
  schema,
  name: '',
  comment: '',
  args: [],
  returns: 'type',
  returnType: 'void',
  columns: [{ name: '', type: 'text' }],
  language: 'plpgsql',
  body: 'begin\n  \nend;',
  volatility: 'volatile',
  securityDefiner: false,
  strict: false,
  setSearchPath: false,
  searchPath: '',
})

/** The form of an existing function (its edit form starts from what the catalog says). */
export function functionFormOf(fn: DatabaseFunction): FunctionForm {
  const def = functionDefinitionOf(fn)
  const returns = def.returns
  return {
    kind: def.kind,
    schema: def.schema,
    name: def.name,
    comment: def.comment ?? '',
    args: def.arguments.map((a) => ({ mode: a.mode, name: a.name, type: a.type, default: a.default ?? '' })),
    returns: returns?.kind === 'table' ? 'table' : returns?.setof ? 'setof' : 'type',
    returnType: returns?.kind === 'type' ? returns.type : 'void',
    columns: returns?.kind === 'table' ? returns.columns : [{ name: '', type: 'text' }],
    language: def.language,
    body: def.body,
    volatility: def.volatility,
    securityDefiner: def.security_definer,
    strict: def.strict,
    setSearchPath: def.search_path !== null,
    searchPath: (def.search_path ?? []).join(', '),
  }
}

export type FunctionFormErrors = Partial<
  Record<'name' | 'returnType' | 'columns' | 'args' | 'body' | 'language', string>
>

/** What the form must hold before its SQL can be reviewed. */
export function validateFunctionForm(form: FunctionForm): FunctionFormErrors {
  const errors: FunctionFormErrors = {}
  if (form.name.trim() === '') errors.name = FUNCTION_MESSAGES.nameRequired
  if (form.language.trim() === '') errors.language = FUNCTION_MESSAGES.languageRequired
  if (form.kind === 'function') {
    if (form.returns === 'table') {
      if (form.columns.some((c) => c.name.trim() === '' || c.type.trim() === '')) {
        errors.columns = FUNCTION_MESSAGES.columnRequired
      }
    } else if (form.returnType.trim() === '') errors.returnType = FUNCTION_MESSAGES.returnTypeRequired
  }
  if (form.args.some((a) => a.type.trim() === '')) errors.args = FUNCTION_MESSAGES.argumentTypeRequired
  if (form.body.trim() === '') errors.body = FUNCTION_MESSAGES.bodyRequired
  return errors
}

/** The schemas of the search_path field (`public, extensions`), in order. */
export const searchPathOf = (text: string) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')

/** The definition the server receives (and the review's SQL is built from). */
export function functionDefinitionFromForm(form: FunctionForm): ParsedFunctionDefinition {
  return functionDefinitionSchema.parse({
    kind: form.kind,
    schema: form.schema,
    name: form.name.trim(),
    arguments: form.args.map((a) => ({
      mode: a.mode,
      name: a.name.trim(),
      type: a.type.trim(),
      default: a.default.trim() === '' ? null : a.default,
    })),
    returns:
      form.kind === 'procedure'
        ? undefined
        : form.returns === 'table'
          ? { kind: 'table', columns: form.columns.map((c) => ({ name: c.name.trim(), type: c.type.trim() })) }
          : { kind: 'type', type: form.returnType.trim(), setof: form.returns === 'setof' },
    language: form.language.trim(),
    body: form.body,
    volatility: form.volatility,
    security_definer: form.securityDefiner,
    strict: form.strict,
    search_path: form.setSearchPath ? searchPathOf(form.searchPath) : null,
    comment: form.comment.trim() === '' ? null : form.comment,
  })
}

/** The SQL the review shows: exactly what the server builds from the same definition. */
export function functionReviewSql(form: FunctionForm, before: DatabaseFunction | null): string {
  const after = functionDefinitionFromForm(form)
  return before ? buildUpdateFunction({ before, after }) : buildCreateFunction(after)
}
