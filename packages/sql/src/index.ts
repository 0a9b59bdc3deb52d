export {
  SqlInputError,
  MAX_IDENTIFIER_BYTES,
  SqlExpression,
  unsafeRaw,
  isSqlExpression,
  ident,
  qualified,
  literal,
  jsonLiteral,
  toJson,
} from './quote.ts'
export type { SqlValue } from './quote.ts'
export {
  FILTER_OPERATORS,
  isIntegerType,
  operatorFromAbbrev,
  abbrevFromOperator,
  filterValueLiteral,
  filterCondition,
  filterConditions,
  sortItem,
  formatFilterParam,
  parseFilterParam,
  formatSortParam,
  parseSortParam,
} from './filters.ts'
export type { FilterOperator, FilterAbbrev, Filter, Sort, ColumnTypes } from './filters.ts'
export {
  STATEMENT_MESSAGES,
  buildSelect,
  buildCount,
  buildInsert,
  buildUpdate,
  buildDelete,
  buildTruncate,
} from './statements.ts'
export type {
  TableRef,
  Where,
  Returning,
  SelectOptions,
  CountOptions,
  InsertOptions,
  UpdateOptions,
  DeleteOptions,
  TruncateOptions,
} from './statements.ts'
export * from './ddl.ts'
export type { ValueForm } from './statements.ts'
export * from './policies.ts'
export * from './placeholders.ts'
export * from './functions.ts'
export * from './triggers.ts'
export * from './publications.ts'
export * from './extensions.ts'
export * from './roles.ts'
export * from './wrappers.ts'
export * from './indexes.ts'
export * from './enums.ts'
export * from './schemas.ts'
