/*
 * `{{name}}` placeholders in SQL text written by a member (a report block's snippet uses `{{period_start}}`
 * and `{{period_end}}`), turned into bind parameters. The text is scanned as Postgres reads it, so a
 * placeholder inside a string, a quoted identifier, a dollar-quoted body or a comment stays as it is; a string
 * literal that holds nothing but a placeholder (`'{{period_start}}'`) is the placeholder too. Values never
 * enter the text: they travel as parameters.
 */

export interface BoundPlaceholders {
  /** The text with each placeholder replaced by `$n::<type>`. */
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
  const param = (name: string) => {
    let n = names.indexOf(name)
    if (n < 0) n = names.push(name) - 1
    return `$${n + 1}::${type}`
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
        out += param(whole[1]!)
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
        out += param(match[1]!)
        i += match[0].length
      } else copyUntil(i + 1)
    } else {
      copyUntil(i + 1)
    }
  }
  return { text: out, names }
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
