import { ident, literal, SqlInputError } from './quote.ts'

/**
 * The filter operators of the table editor (spec 1 §5), in menu order, with the symbol used in SQL and the
 * abbreviation used in URLs.
 *
 * @example
 * FILTER_OPERATORS.map((op) => op.label) // ['equals', 'not equal', …, 'in', 'is']
 */
export const FILTER_OPERATORS = [
  { operator: '=', abbrev: 'eq', label: 'equals' },
  { operator: '<>', abbrev: 'neq', label: 'not equal' },
  { operator: '>', abbrev: 'gt', label: 'greater than' },
  { operator: '<', abbrev: 'lt', label: 'less than' },
  { operator: '>=', abbrev: 'gte', label: 'greater or equal' },
  { operator: '<=', abbrev: 'lte', label: 'less or equal' },
  { operator: '~~', abbrev: 'like', label: 'like' },
  { operator: '~~*', abbrev: 'ilike', label: 'ilike' },
  { operator: 'in', abbrev: 'in', label: 'in' },
  { operator: 'is', abbrev: 'is', label: 'is' },
] as const

/**
 * A filter operator by its SQL symbol.
 *
 * @example
 * const op: FilterOperator = '~~*'
 */
export type FilterOperator = (typeof FILTER_OPERATORS)[number]['operator']

/**
 * A filter operator by its URL abbreviation.
 *
 * @example
 * const abbrev: FilterAbbrev = 'ilike'
 */
export type FilterAbbrev = (typeof FILTER_OPERATORS)[number]['abbrev']

/**
 * A grid filter as the user typed it (spec 1 §3): the value is text from the filter input or the URL.
 *
 * @example
 * const filter: Filter = { column: 'status', operator: 'in', value: 'open,closed' }
 */
export interface Filter {
  column: string
  operator: FilterOperator
  value: string
}

/**
 * A grid sort. `nullsFirst` left undefined means Postgres' default (nulls last ascending, first descending).
 *
 * @example
 * const sort: Sort = { column: 'created_at', ascending: false, nullsFirst: false }
 */
export interface Sort {
  column: string
  ascending: boolean
  nullsFirst?: boolean
}

/**
 * Column data types by column name (the `format` of the grid column, e.g. `int4`, `text`), used to convert
 * filter values for integer columns to numbers.
 *
 * @example
 * const types: ColumnTypes = { id: 'int8', name: 'text' }
 */
export type ColumnTypes = Readonly<Record<string, string | undefined>>

const INTEGER_TYPES = new Set(['int2', 'int4', 'int8', 'smallint', 'integer', 'int', 'bigint'])

/**
 * Whether a column type (udt name or SQL name) is an integer type.
 *
 * @example
 * isIntegerType('int8') // true
 */
export function isIntegerType(type: string | undefined): boolean {
  return type !== undefined && INTEGER_TYPES.has(type.toLowerCase())
}

/**
 * The operator with this URL abbreviation, or undefined.
 *
 * @example
 * operatorFromAbbrev('neq') // '<>'
 */
export function operatorFromAbbrev(abbrev: string): FilterOperator | undefined {
  return FILTER_OPERATORS.find((op) => op.abbrev === abbrev)?.operator
}

/**
 * The URL abbreviation of an operator.
 *
 * @example
 * abbrevFromOperator('~~') // 'like'
 */
export function abbrevFromOperator(operator: FilterOperator): FilterAbbrev {
  const found = FILTER_OPERATORS.find((op) => op.operator === operator)
  if (!found) throw new SqlInputError(`Unknown filter operator ${JSON.stringify(operator)}`)
  return found.abbrev
}

/**
 * A filter value as a SQL constant. For integer columns (spec 2 §5) a value that is a finite number of
 * magnitude at most Number.MAX_SAFE_INTEGER is written as a number; anything else stays a text constant,
 * which Postgres coerces to the column type (so `9007199254740993` stays exact). Never raw SQL.
 *
 * @example
 * filterValueLiteral('42', 'int4') // '42'
 * filterValueLiteral('42', 'text') // "'42'"
 */
export function filterValueLiteral(value: string, columnType?: string): string {
  if (isIntegerType(columnType) && value.trim() !== '') {
    const number = Number(value)
    if (Number.isFinite(number) && Math.abs(number) <= Number.MAX_SAFE_INTEGER) return literal(number)
  }
  return literal(value)
}

/**
 * The condition of one filter, or null when the filter is ignored because its value is empty (for `in`:
 * when no item is left after splitting on commas and trimming).
 *
 * - `in` takes a comma-separated list; items are trimmed and empty items dropped; an item cannot contain a
 *   comma.
 * - `is` takes null, not null, true or false (case-insensitive, trimmed) and writes `is null`, `is not null`,
 *   `is true`, `is false`. Anything else is treated as a literal: `is not distinct from <literal>`, the
 *   null-safe equality, because `is <literal>` is not valid SQL.
 * - like/ilike use the value as the pattern, as typed (the user writes `%` and `_` themselves).
 *
 * @example
 * filterCondition({ column: 'age', operator: '>=', value: '18' }, 'int4') // '"age" >= 18'
 * filterCondition({ column: 'name', operator: 'is', value: 'NULL' }) // '"name" is null'
 * filterCondition({ column: 'name', operator: '=', value: '' }) // null
 */
export function filterCondition(filter: Filter, columnType?: string): string | null {
  const column = ident(filter.column)
  const { value } = filter
  switch (filter.operator) {
    case 'in': {
      const items = value
        .split(',')
        .map((item) => item.trim())
        .filter((item) => item !== '')
      if (items.length === 0) return null
      return `${column} in (${items.map((item) => filterValueLiteral(item, columnType)).join(', ')})`
    }
    case 'is': {
      if (value === '') return null
      switch (value.trim().toLowerCase()) {
        case 'null':
          return `${column} is null`
        case 'not null':
          return `${column} is not null`
        case 'true':
          return `${column} is true`
        case 'false':
          return `${column} is false`
        default:
          return `${column} is not distinct from ${filterValueLiteral(value, columnType)}`
      }
    }
    case '=':
    case '<>':
    case '>':
    case '<':
    case '>=':
    case '<=':
      if (value === '') return null
      return `${column} ${filter.operator} ${filterValueLiteral(value, columnType)}`
    case '~~':
    case '~~*':
      if (value === '') return null
      return `${column} ${filter.operator} ${literal(value)}`
    default:
      throw new SqlInputError(`Unknown filter operator ${JSON.stringify(filter.operator satisfies never)}`)
  }
}

/**
 * The conditions of the filters that are not ignored, in order.
 *
 * @example
 * filterConditions([{ column: 'id', operator: '=', value: '7' }], { id: 'int8' }) // ['"id" = 7']
 */
export function filterConditions(filters: readonly Filter[], columnTypes: ColumnTypes = {}): string[] {
  const conditions: string[] = []
  for (const filter of filters) {
    const condition = filterCondition(filter, columnTypes[filter.column])
    if (condition !== null) conditions.push(condition)
  }
  return conditions
}

/**
 * The `order by` items of sorts, e.g. `"a" asc nulls first`; nulls placement only when `nullsFirst` is set.
 *
 * @example
 * sortItem({ column: 'name', ascending: true, nullsFirst: true }) // '"name" asc nulls first'
 */
export function sortItem(sort: Sort): string {
  const nulls = sort.nullsFirst === undefined ? '' : sort.nullsFirst ? ' nulls first' : ' nulls last'
  return `${ident(sort.column)} ${sort.ascending ? 'asc' : 'desc'}${nulls}`
}

// Column names may contain any character, but ':' separates the URL parts, so a column's ':' is written %3A
// and its '%' as %25. Other '%' sequences are left alone when reading, so plain names read as themselves.
function encodeColumn(column: string): string {
  return column.replaceAll('%', '%25').replaceAll(':', '%3A')
}

function decodeColumn(text: string): string {
  return text.replace(/%(25|3A)/gi, (match) => (match === '%25' ? '%' : ':'))
}

/**
 * Formats a filter for the URL as 'column:abbrev:value'. The value is written as is (it may contain colons);
 * a ':' or '%' in the column name is percent-encoded so the first colon always ends the column.
 *
 * @example
 * formatFilterParam({ column: 'starts_at', operator: '>', value: '2024-01-01 10:00:00' })
 * // 'starts_at:gt:2024-01-01 10:00:00'
 */
export function formatFilterParam(filter: Filter): string {
  return `${encodeColumn(filter.column)}:${abbrevFromOperator(filter.operator)}:${filter.value}`
}

/**
 * Reads a 'column:abbrev:value' URL filter: the column ends at the first colon, the abbreviation at the
 * second, and the value is the rest (colons included). Returns null for text that is not a filter.
 *
 * @example
 * parseFilterParam('starts_at:gt:2024-01-01 10:00:00')
 * // { column: 'starts_at', operator: '>', value: '2024-01-01 10:00:00' }
 */
export function parseFilterParam(text: string): Filter | null {
  const first = text.indexOf(':')
  const second = first < 0 ? -1 : text.indexOf(':', first + 1)
  if (first <= 0 || second < 0) return null
  const operator = operatorFromAbbrev(text.slice(first + 1, second))
  if (!operator) return null
  return { column: decodeColumn(text.slice(0, first)), operator, value: text.slice(second + 1) }
}

/**
 * Formats a sort for the URL as 'column:asc' or 'column:desc', followed by ':nullsfirst' or ':nullslast'
 * only when `nullsFirst` is set. The column is encoded as in {@link formatFilterParam}.
 *
 * @example
 * formatSortParam({ column: 'name', ascending: false }) // 'name:desc'
 * formatSortParam({ column: 'name', ascending: true, nullsFirst: true }) // 'name:asc:nullsfirst'
 */
export function formatSortParam(sort: Sort): string {
  const nulls = sort.nullsFirst === undefined ? '' : sort.nullsFirst ? ':nullsfirst' : ':nullslast'
  return `${encodeColumn(sort.column)}:${sort.ascending ? 'asc' : 'desc'}${nulls}`
}

/**
 * Reads a 'column:asc' / 'column:desc' URL sort, with an optional ':nullsfirst' / ':nullslast'. Returns
 * null for text that is not a sort.
 *
 * @example
 * parseSortParam('name:desc') // { column: 'name', ascending: false }
 */
export function parseSortParam(text: string): Sort | null {
  const parts = text.split(':')
  let nullsFirst: boolean | undefined
  const last = parts.at(-1)
  if (last === 'nullsfirst' || last === 'nullslast') {
    nullsFirst = last === 'nullsfirst'
    parts.pop()
  }
  const direction = parts.pop()
  // Tolerate a raw ':' in the column (older links): everything before the direction is the column.
  const column = parts.join(':')
  if ((direction !== 'asc' && direction !== 'desc') || column === '') return null
  const sort: Sort = { column: decodeColumn(column), ascending: direction === 'asc' }
  if (nullsFirst !== undefined) sort.nullsFirst = nullsFirst
  return sort
}
