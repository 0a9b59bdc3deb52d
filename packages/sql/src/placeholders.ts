/*
 * `{{name}}` placeholders in SQL text written by a member (a report block's snippet uses `{{period_start}}`
 * and `{{period_end}}`, which the SQL editor also runs), turned into bind parameters or quoted literals. The
 * text is scanned as Postgres reads it, so a
 * placeholder inside a string, a quoted identifier, a dollar-quoted body or a comment stays as it is; a string
 * literal that holds nothing but a placeholder (`'{{period_start}}'`) is the placeholder too. Values enter
 * the text only through `literal()`.
 */
import { literal } from './quote.ts'

export interface BoundPlaceholders {
  /** The text with each placeholder replaced (by `$n::<type>`, or the value's literal). */
  text: string
  /** The placeholder names in parameter order: `$1` is `names[0]`. */
  names: string[]
}

const IDENT_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/
const PLACEHOLDER = /^\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/

/**
 * Replaces the known `{{name}}` placeholders of `sql` by typed bind parameters, numbered in order of first
 * use; unknown names are left as written (Postgres then reports them as a syntax error).
 *
 * @example
 *   bindPlaceholders("select count(*) from t where at >= {{period_start}} and note <> '{{period_end}}x'", ['period_start', 'period_end'], 'timestamptz')
 *   // { text: "select count(*) from t where at >= $1::timestamptz and note <> '{{period_end}}x'", names: ['period_start'] }
 */
export function bindPlaceholders(sql: string, known: readonly string[], type: string): BoundPlaceholders {
  const names: string[] = []
  const { text } = replacePlaceholders(sql, known, (name) => {
    let n = names.indexOf(name)
    if (n < 0) n = names.push(name) - 1
    return `$${n + 1}::${type}`
  })
  return { text, names }
}

/** A text whose placeholders were replaced by their values, with where each replacement went. */
export interface InlinedPlaceholders extends BoundPlaceholders {
  /** Each replacement: its offset in `text`, and the lengths of what it replaced and of what it wrote. */
  edits: { at: number; removed: number; added: number }[]
}

/**
 * Replaces the known `{{name}}` placeholders of `sql` by their values as typed SQL literals (quoted with
 * {@link literal}), found exactly as {@link bindPlaceholders} finds them. For a text of several statements,
 * some of which take no parameters (the SQL editor runs such texts); `names` are the placeholders found.
 *
 * @example
 *   inlinePlaceholders('select {{period_start}}', { period_start: '2026-11-19T00:00:00.000Z' }, 'timestamptz').text
 *   // "select '2026-11-19T00:00:00.000Z'::timestamptz"
 */
export function inlinePlaceholders(
  sql: string,
  values: Readonly<Record<string, string>>,
  type: string,
): InlinedPlaceholders {
  const names: string[] = []
  const { text, edits } = replacePlaceholders(sql, Object.keys(values), (name) => {
    if (!names.includes(name)) names.push(name)
    return `${literal(values[name]!)}::${type}`
  })
  return { text, names, edits }
}

/**
 * The offset in the text given to {@link inlinePlaceholders} of an offset in the text it answered (an error
 * position Postgres reports): inside a replaced value, the placeholder's start.
 */
export function offsetBeforeInlining(edits: InlinedPlaceholders['edits'], offset: number): number {
  let shift = 0
  for (const edit of edits) {
    if (offset < edit.at) break
    if (offset < edit.at + edit.added) return edit.at - shift
    shift += edit.added - edit.removed
  }
  return offset - shift
}

function replacePlaceholders(
  sql: string,
  known: readonly string[],
  replacement: (name: string) => string,
): { text: string; edits: InlinedPlaceholders['edits'] } {
  const edits: InlinedPlaceholders['edits'] = []
  const param = (name: string, removed: number) => {
    const added = replacement(name)
    edits.push({ at: out.length, removed, added: added.length })
    return added
  }
  let out = ''
  let i = 0
  const copyUntil = (end: number) => {
    out += sql.slice(i, end)
    i = end
  }
  while (i < sql.length) {
    const c = sql[i]!
    const next = sql[i + 1]
    const previous = i > 0 ? sql[i - 1]! : ''
    if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i)
      copyUntil(end < 0 ? sql.length : end)
    } else if (c === '/' && next === '*') {
      copyUntil(blockCommentEnd(sql, i))
    } else if (c === "'") {
      const escapes = /[eE]/.test(previous) && !IDENT_CHAR.test(sql[i - 2] ?? '')
      const end = stringEnd(sql, i, escapes)
      const whole = PLACEHOLDER.exec(sql.slice(i + 1, end - 1))
      if (!escapes && whole && whole[0].length === end - i - 2 && known.includes(whole[1]!)) {
        out += param(whole[1]!, end - i)
        i = end
      } else copyUntil(end)
    } else if (c === '"') {
      copyUntil(stringEnd(sql, i, false, '"'))
    } else if (c === '$' && !IDENT_CHAR.test(previous)) {
      const tag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(sql.slice(i))
      if (tag) {
        const close = sql.indexOf(tag[0], i + tag[0].length)
        copyUntil(close < 0 ? sql.length : close + tag[0].length)
      } else copyUntil(i + 1)
    } else if (c === '{') {
      const match = PLACEHOLDER.exec(sql.slice(i))
      if (match && known.includes(match[1]!)) {
        out += param(match[1]!, match[0].length)
        i += match[0].length
      } else copyUntil(i + 1)
    } else {
      copyUntil(i + 1)
    }
  }
  return { text: out, edits }
}

/** Index just past the quote closing the string opened at `start` ('' and, with escapes, \' stay inside). */
function stringEnd(sql: string, start: number, escapes: boolean, quote = "'"): number {
  let i = start + 1
  while (i < sql.length) {
    const c = sql[i]!
    if (escapes && c === '\\') i += 2
    else if (c === quote && sql[i + 1] === quote) i += 2
    else if (c === quote) return i + 1
    else i += 1
  }
  return sql.length
}

/** Index just past the block comment opened at `start`; Postgres' block comments nest. */
function blockCommentEnd(sql: string, start: number): number {
  let depth = 0
  let i = start
  while (i < sql.length) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth += 1
      i += 2
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth -= 1
      i += 2
      if (depth === 0) return i
    } else i += 1
  }
  return sql.length
}
