import type { PgFunction, PgFunctionArg } from '@basalt/contracts'
import { findFunctions, type SqlCatalog } from './sql-catalog'
import { inTextOrComment, statementAt, tokenAround } from './sql-context'
import { isNameToken, nameOf, type SqlToken } from './sql-tokens'

/**
 * Signature help (spec 2 §9: on '(' and ','): the function whose parentheses the cursor is in, each of its
 * overloads with its arguments, and the argument being typed.
 */

export interface SignatureParameter {
  /** `title text`, `done boolean DEFAULT false` */
  label: string
  /** Where the parameter's label is in the signature's label: [start, end). */
  range: [number, number]
}

export interface Signature {
  /** `add_todo(title text, done boolean DEFAULT false) → bigint` */
  label: string
  documentation: string | null
  parameters: SignatureParameter[]
}

export interface SignatureHelp {
  signatures: Signature[]
  activeSignature: number
  activeParameter: number
}

/** The arguments a call passes: in, inout and variadic ones (out and table arguments are results). */
const passed = (f: PgFunction) => f.args.filter((a) => a.mode === 'in' || a.mode === 'inout' || a.mode === 'variadic')

function parameterLabel(a: PgFunctionArg): string {
  const parts = [a.mode === 'variadic' ? 'VARIADIC' : a.mode === 'inout' ? 'INOUT' : '', a.name, a.type]
  const label = parts.filter((p) => p !== '').join(' ')
  return a.default === null ? label : `${label} DEFAULT ${a.default}`
}

export function signatureOf(f: PgFunction): Signature {
  let label = `${f.name}(`
  const parameters: SignatureParameter[] = []
  passed(f).forEach((a, i) => {
    if (i > 0) label += ', '
    const text = parameterLabel(a)
    parameters.push({ label: text, range: [label.length, label.length + text.length] })
    label += text
  })
  label += `)${f.result_type ? ` → ${f.result_type}` : ''}`
  return { label, documentation: f.description, parameters }
}

/** The signatures at the cursor, or null outside a function's parentheses. */
export function signatureHelpAt(tokens: SqlToken[], offset: number, catalog: SqlCatalog): SignatureHelp | null {
  if (inTextOrComment(tokenAround(tokens, offset))) return null
  const statement = statementAt(tokens, offset).filter(
    (t) => t.kind !== 'white' && t.kind !== 'comment' && t.start < offset,
  )

  let depth = 0
  let commas = 0
  for (let i = statement.length - 1; i >= 0; i--) {
    const t = statement[i]!
    if (t.kind !== 'punct') continue
    if (t.text === ')' || t.text === ']') depth++
    else if (t.text === '[') {
      // In an array's brackets (array[1, |): its commas are not arguments.
      if (depth === 0) return null
      depth--
    } else if (t.text === ',' && depth === 0) commas++
    else if (t.text === '(') {
      if (depth > 0) {
        depth--
        continue
      }
      const nameToken = statement[i - 1]
      if (!isNameToken(nameToken)) return null
      const schemaToken = statement[i - 2]?.text === '.' ? statement[i - 3] : undefined
      const functions = findFunctions(
        catalog,
        isNameToken(schemaToken) ? nameOf(schemaToken) : null,
        nameOf(nameToken),
      ).filter((f) => f.type !== 'trigger')
      if (functions.length === 0) return null
      return helpFor(functions, commas)
    }
  }
  return null
}

function helpFor(functions: PgFunction[], argument: number): SignatureHelp {
  // The first overload that takes this many arguments (a variadic one takes any number).
  const takes = (f: PgFunction) => {
    const args = passed(f)
    return args.length > argument || args[args.length - 1]?.mode === 'variadic'
  }
  const active = Math.max(0, functions.findIndex(takes))
  const activeArgs = passed(functions[active]!)
  const activeParameter =
    argument >= activeArgs.length && activeArgs[activeArgs.length - 1]?.mode === 'variadic'
      ? activeArgs.length - 1
      : argument
  return { signatures: functions.map(signatureOf), activeSignature: active, activeParameter }
}
