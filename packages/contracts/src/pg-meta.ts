import { z } from 'zod'
import { pageNumberSchema, pageQueryParamSchema } from './paging.ts'
import { pgUuidSchema } from './uuid.ts'

/**
 * Shapes of the project-database metadata and data calls (`/api/platform/pg-meta/{ref}/…`): catalog listings
 * (tables, columns, views, schemas, roles, types, foreign keys, the entity list) and table rows and counts.
 * Field names follow the spec (snake_case, as postgres-meta answers them).
 */

// ---------- constants ----------

/**
 * Schemas the dashboard treats as read-only (spec 2 §9's system schemas, plus Postgres' own catalogs and
 * Basalt's bootstrap schema). Listings mark them `protected`; editors refuse changes in them.
 *
 * @example
 *   PROTECTED_SCHEMAS.includes('auth') // true
 */
export const PROTECTED_SCHEMAS = [
  'auth',
  'cron',
  'extensions',
  'information_schema',
  'net',
  'pgsodium',
  'pgsodium_masks',
  'pgbouncer',
  'pgtle',
  'realtime',
  'storage',
  'supabase_functions',
  'supabase_migrations',
  'vault',
  'graphql',
  'graphql_public',
  'pg_catalog',
  'pg_toast',
  '_basalt',
] as const

/**
 * Roles left out of the database roles list (spec 1 §6), besides every predefined `pg_*` role.
 *
 * @example
 *   RESERVED_ROLES.includes('authenticator') // true
 */
export const RESERVED_ROLES = [
  'postgres',
  'pgbouncer',
  'dashboard_user',
  'authenticator',
  'pg_database_owner',
  'pg_read_all_data',
  'pg_write_all_data',
  'supabase_admin',
  'supabase_auth_admin',
  'supabase_storage_admin',
] as const

/** Entity list page size (spec 2 §9). */
export const ENTITY_PAGE_SIZE = 100
/** Rows per grid page the table editor may ask for; 100 is the default (spec 2 §9). */
export const ROW_PAGE_SIZES = [100, 500, 1000] as const
export const DEFAULT_ROW_PAGE_SIZE = 100
/** Cells whose text is longer than this many bytes arrive truncated; fetch the whole value on demand. */
export const CELL_TEXT_LIMIT_BYTES = 10_240
/** Array cells with more items than this arrive sliced to this many. */
export const CELL_ARRAY_LIMIT_ITEMS = 50
/** Above this many rows a count is an estimate (`is_estimate: true`) unless an exact one is asked for. */
export const COUNT_ESTIMATE_THRESHOLD = 50_000
/** Tables estimated above this many rows are not ordered by primary key when no sort is chosen. */
export const DEFAULT_ORDER_MAX_ROWS = 100_000

// ---------- shared ----------

/** `ON DELETE` / `ON UPDATE` action of a foreign key, as written in SQL (lower case). */
export const FOREIGN_KEY_ACTIONS = ['no action', 'restrict', 'cascade', 'set null', 'set default'] as const
export const foreignKeyActionSchema = z.enum(FOREIGN_KEY_ACTIONS)
export type ForeignKeyAction = z.infer<typeof foreignKeyActionSchema>

const stringList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((s) => s.trim()).filter((s) => s !== ''))
const queryBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])
const oid = z.coerce.number().int().min(1)

/** Schema filters shared by the catalog listings; system schemas (pg_catalog, information_schema, pg_toast) are left out unless asked for. */
export const schemaFilterQuerySchema = z.object({
  included_schemas: stringList.optional(),
  excluded_schemas: stringList.optional(),
  include_system_schemas: queryBoolean.optional(),
})
export type SchemaFilterQuery = z.infer<typeof schemaFilterQuerySchema>

// ---------- columns ----------

export const pgColumnSchema = z.object({
  /** `"<table oid>.<attnum>"` */
  id: z.string(),
  table_id: z.number(),
  schema: z.string(),
  table: z.string(),
  name: z.string(),
  ordinal_position: z.number(),
  /** SQL type name as information_schema says it: `text`, `ARRAY`, `USER-DEFINED`… */
  data_type: z.string(),
  /** udt name: `int8`, `text`, `mood`; arrays start with `_` (`_text`). */
  format: z.string(),
  default_value: z.string().nullable(),
  is_nullable: z.boolean(),
  is_identity: z.boolean(),
  identity_generation: z.enum(['ALWAYS', 'BY DEFAULT']).nullable(),
  is_generated: z.boolean(),
  is_updatable: z.boolean(),
  is_unique: z.boolean(),
  /** Labels of an enum type or of the element enum of an array type, in sort order; else empty. */
  enums: z.array(z.string()),
  /** The expression of a single-column CHECK constraint, without `CHECK (…)`, `NOT VALID` or `NO INHERIT`. */
  check: z.string().nullable(),
  comment: z.string().nullable(),
  /** Encrypted by pgsodium (a security label 'ENCRYPT WITH KEY …'): shown, never edited. */
  is_encrypted: z.boolean(),
})
export type PgColumn = z.infer<typeof pgColumnSchema>

export const columnsQuerySchema = schemaFilterQuerySchema.extend({ table_id: oid.optional() })

// ---------- foreign keys and relationships ----------

/** One column pair of a foreign key touching a table (spec 1 §3 Relationship). */
export const pgRelationshipSchema = z.object({
  /** The constraint's oid. */
  id: z.number(),
  constraint_name: z.string(),
  source_schema: z.string(),
  source_table_name: z.string(),
  source_column_name: z.string(),
  target_table_schema: z.string(),
  target_table_name: z.string(),
  target_column_name: z.string(),
  deletion_action: foreignKeyActionSchema,
  update_action: foreignKeyActionSchema,
})
export type PgRelationship = z.infer<typeof pgRelationshipSchema>

/** A foreign key of a schema's table, all columns at once (spec 1 §7 "Fetch foreign keys by schema"). */
export const pgForeignKeySchema = z.object({
  id: z.number(),
  constraint_name: z.string(),
  source_id: z.number(),
  source_schema: z.string(),
  source_table: z.string(),
  source_columns: z.array(z.string()),
  target_id: z.number(),
  target_schema: z.string(),
  target_table: z.string(),
  target_columns: z.array(z.string()),
  deletion_action: foreignKeyActionSchema,
  update_action: foreignKeyActionSchema,
})
export type PgForeignKey = z.infer<typeof pgForeignKeySchema>

export const foreignKeysQuerySchema = z.object({ schema: z.string().min(1) })

// ---------- tables, views, materialized views, foreign tables ----------

export const pgTableSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  comment: z.string().nullable(),
  rls_enabled: z.boolean(),
  rls_forced: z.boolean(),
  /** relkind `p`: rows live in its partitions. */
  is_partitioned: z.boolean(),
  /** A partition of another table. */
  is_partition: z.boolean(),
  /**
   * Estimated live rows (summed over partitions): pg_class.reltuples, or for a table never analysed or
   * analysed with fewer rows than autovacuum's analyse threshold, the statistics' live-row count (n_live_tup).
   */
  live_rows_estimate: z.number(),
  /** Total size on disk (table, indexes, TOAST; over partitions), in bytes and as pg_size_pretty says it. */
  bytes: z.number(),
  size: z.string(),
  primary_keys: z.array(z.object({ name: z.string() })),
  relationships: z.array(pgRelationshipSchema),
  /** Only with include_columns (listing) or always (one table by id). */
  columns: z.array(pgColumnSchema).optional(),
})
export type PgTable = z.infer<typeof pgTableSchema>

export const tablesQuerySchema = schemaFilterQuerySchema.extend({
  id: oid.optional(),
  include_columns: queryBoolean.optional(),
  limit: z.coerce.number().int().min(1).optional(),
  offset: z.coerce.number().int().min(0).optional(),
})
export type TablesQuery = z.infer<typeof tablesQuerySchema>

export const pgViewSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  comment: z.string().nullable(),
  /** Whether inserts, updates and deletes all work on it (auto-updatable or with rules/triggers). */
  is_updatable: z.boolean(),
  definition: z.string(),
  columns: z.array(pgColumnSchema).optional(),
})
export type PgView = z.infer<typeof pgViewSchema>

export const pgMaterializedViewSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  comment: z.string().nullable(),
  is_populated: z.boolean(),
  definition: z.string(),
  columns: z.array(pgColumnSchema).optional(),
})
export type PgMaterializedView = z.infer<typeof pgMaterializedViewSchema>

export const pgForeignTableSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  comment: z.string().nullable(),
  foreign_server: z.string(),
  foreign_data_wrapper: z.string(),
  columns: z.array(pgColumnSchema).optional(),
})
export type PgForeignTable = z.infer<typeof pgForeignTableSchema>

/** Query of the views, materialized views and foreign tables listings. */
export const relationsQuerySchema = schemaFilterQuerySchema.extend({
  id: oid.optional(),
  include_columns: queryBoolean.optional(),
})
export type RelationsQuery = z.infer<typeof relationsQuerySchema>

// ---------- entity list ----------

/** Relation kinds of the entity list, by pg_class.relkind (spec 2 §3). */
export const ENTITY_TYPES = {
  r: 'table',
  v: 'view',
  m: 'materialized view',
  f: 'foreign table',
  p: 'partitioned table',
} as const
export const entityTypeSchema = z.enum(['table', 'view', 'materialized view', 'foreign table', 'partitioned table'])
export type EntityType = z.infer<typeof entityTypeSchema>

/** Sort options of the entity list (spec 2 §9): by name, or by type then name ("Entity Type"). */
export const ENTITY_SORTS = ['alphabetical', 'grouped-alphabetical'] as const
export const entitySortSchema = z.enum(ENTITY_SORTS)
export type EntitySort = z.infer<typeof entitySortSchema>

export const entityListItemSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  type: entityTypeSchema,
  comment: z.string().nullable(),
  rls_enabled: z.boolean(),
})
export type EntityListItem = z.infer<typeof entityListItemSchema>

export const entitiesQuerySchema = z.object({
  schema: z.string().min(1),
  /** Trimmed, case-insensitive substring of the name; empty means all. */
  search: z.string().optional(),
  sort: entitySortSchema.default('alphabetical'),
  /** 1-based. */
  page: pageQueryParamSchema.default(1),
  limit: z.coerce.number().int().min(1).max(1000).default(ENTITY_PAGE_SIZE),
})
export type EntitiesQuery = z.input<typeof entitiesQuerySchema>

export const entitiesPageSchema = z.object({
  entities: z.array(entityListItemSchema),
  page: z.number(),
  total: z.number(),
  hasMore: z.boolean(),
})
export type EntitiesPage = z.infer<typeof entitiesPageSchema>

// ---------- schemas, roles, types ----------

export const pgSchemaSchema = z.object({
  id: z.number(),
  name: z.string(),
  owner: z.string(),
  /** One of PROTECTED_SCHEMAS: read-only in the dashboard. */
  protected: z.boolean(),
})
export type PgSchema = z.infer<typeof pgSchemaSchema>

export const schemasQuerySchema = z.object({ include_system_schemas: queryBoolean.optional() })

export const pgRoleSchema = z.object({
  id: z.number(),
  name: z.string(),
  can_login: z.boolean(),
  can_create_role: z.boolean(),
  can_create_db: z.boolean(),
  can_bypass_rls: z.boolean(),
  is_superuser: z.boolean(),
  is_replication_role: z.boolean(),
  inherit_role: z.boolean(),
  /** -1 for no limit. */
  connection_limit: z.number(),
  valid_until: z.string().nullable(),
})
export type PgRole = z.infer<typeof pgRoleSchema>

export const pgTypeSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  /** As format_type() writes it, e.g. `public.mood`. */
  format: z.string(),
  /** Labels of an enum, in sort order; empty for other types. */
  enums: z.array(z.string()),
  comment: z.string().nullable(),
})
export type PgType = z.infer<typeof pgTypeSchema>

// ---------- rows and counts ----------

/** SQL operators of the grid filters; the same list as `FILTER_OPERATORS` of `@basalt/sql`. */
export const FILTER_OPERATOR_SYMBOLS = ['=', '<>', '>', '<', '>=', '<=', '~~', '~~*', 'in', 'is'] as const
export const rowFilterSchema = z.object({
  column: z.string().min(1),
  operator: z.enum(FILTER_OPERATOR_SYMBOLS),
  value: z.string(),
})
export type RowFilter = z.infer<typeof rowFilterSchema>

export const rowSortSchema = z.object({
  column: z.string().min(1),
  ascending: z.boolean(),
  nullsFirst: z.boolean().optional(),
})
export type RowSort = z.infer<typeof rowSortSchema>

export const tableRowsParamsSchema = z.object({
  schema: z.string().min(1),
  table: z.string().min(1),
  /** Only these columns, in this order; all columns when omitted. */
  columns: z.array(z.string().min(1)).optional(),
  filters: z.array(rowFilterSchema).default([]),
  sorts: z.array(rowSortSchema).default([]),
  /** 1-based. */
  page: pageNumberSchema.default(1),
  limit: z.union([z.literal(100), z.literal(500), z.literal(1000)]).default(DEFAULT_ROW_PAGE_SIZE),
})
export type TableRowsParams = z.input<typeof tableRowsParamsSchema>

/** A result column, with its type from the catalog so the grid picks an editor. */
export const rowFieldSchema = z.object({
  name: z.string(),
  /** Type oid (pg `dataTypeID`). */
  dataTypeID: z.number(),
  /** udt name, `_` prefix for arrays. */
  format: z.string(),
  /** As format_type() writes it: `character varying(20)`, `text[]`. */
  dataType: z.string(),
})
export type RowField = z.infer<typeof rowFieldSchema>

/** A grid row (spec 1 §3): `idx` is its index across pages, used as the row key. */
export const tableRowSchema = z.object({
  idx: z.number(),
  data: z.record(z.string(), z.unknown()),
  /**
   * Columns whose cell is partial: text over CELL_TEXT_LIMIT_BYTES arrives as its first characters (as a
   * string, whatever the column type), arrays over CELL_ARRAY_LIMIT_ITEMS as their first items.
   */
  truncated: z.array(z.string()),
})
export type TableRow = z.infer<typeof tableRowSchema>

export const tableRowsResultSchema = z.object({
  rows: z.array(tableRowSchema),
  fields: z.array(rowFieldSchema),
  /** The primary key columns (empty for views and tables without one): what fetchCell and edits match on. */
  primaryKey: z.array(z.string()),
})
export type TableRowsResult = z.infer<typeof tableRowsResultSchema>

export const tableCellParamsSchema = z.object({
  schema: z.string().min(1),
  table: z.string().min(1),
  column: z.string().min(1),
  /** The row's primary key values by column, as the rows call returned them. */
  primaryKey: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])),
})
export type TableCellParams = z.infer<typeof tableCellParamsSchema>

export const tableCellResultSchema = z.object({ value: z.unknown() })
export type TableCellResult = z.infer<typeof tableCellResultSchema>

export const tableCountParamsSchema = z.object({
  schema: z.string().min(1),
  table: z.string().min(1),
  filters: z.array(rowFilterSchema).default([]),
  /** Count every row even when that means a full scan. */
  exact: z.boolean().default(false),
})
export type TableCountParams = z.input<typeof tableCountParamsSchema>

export const tableCountResultSchema = z.object({ count: z.number(), is_estimate: z.boolean() })
export type TableCountResult = z.infer<typeof tableCountResultSchema>

// ---------- data calls under role impersonation ----------

/** The role a data call runs as (spec 2 §4); absent means the project's admin connection. */
export const impersonationSchema = z.object({
  role: z.enum(['anon', 'authenticated', 'service_role']),
  userId: pgUuidSchema.optional(),
})
export type Impersonation = z.infer<typeof impersonationSchema>

const withImpersonation = { impersonation: impersonationSchema.optional() }
/** POST /api/platform/pg-meta/:ref/table-rows */
export const tableRowsBodySchema = tableRowsParamsSchema.extend(withImpersonation)
/** POST /api/platform/pg-meta/:ref/table-count */
export const tableCountBodySchema = tableCountParamsSchema.extend(withImpersonation)
/** POST /api/platform/pg-meta/:ref/table-cell */
export const tableCellBodySchema = tableCellParamsSchema.extend(withImpersonation)

/** GET /api/platform/pg-meta/:ref/table-definition?id= — the relation's DDL, for the read-only view. */
export const tableDefinitionQuerySchema = z.object({ id: oid })
export const tableDefinitionSchema = z.object({ definition: z.string() })

// ---------- functions and key words (SQL editor autocomplete) ----------

/** What a function is (spec 2 §3 "Function listing"): an aggregate, a window function, a trigger function or another. */
export const PG_FUNCTION_TYPES = ['agg', 'window', 'trigger', 'normal'] as const
export type PgFunctionType = (typeof PG_FUNCTION_TYPES)[number]

export const pgFunctionArgSchema = z.object({
  /** `in`, `out`, `inout`, `variadic`, or `table` (a column of RETURNS TABLE); a call passes in, inout and variadic. */
  mode: z.enum(['in', 'out', 'inout', 'variadic', 'table']),
  /** Empty for an unnamed argument. */
  name: z.string(),
  /** As format_type() writes it: `integer`, `text[]`, `anyelement`. */
  type: z.string(),
  /** The default expression, as pg_get_expr writes it; null without one. */
  default: z.string().nullable(),
})
export type PgFunctionArg = z.infer<typeof pgFunctionArgSchema>

export const pgFunctionSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  /** The function's comment. */
  description: z.string().nullable(),
  /** As pg_get_function_result writes it: `integer`, `SETOF record`, `TABLE(id bigint)`. */
  result_type: z.string().nullable(),
  /** As pg_get_function_arguments writes them: `a integer, b text DEFAULT 'x'::text`. */
  argument_types: z.string(),
  type: z.enum(PG_FUNCTION_TYPES),
  /** Returns a set of rows: it can be read in FROM. */
  returns_set: z.boolean(),
  args: z.array(pgFunctionArgSchema),
})
export type PgFunction = z.infer<typeof pgFunctionSchema>

/** A relation and its columns (spec 2 §3 "Table columns listing"): GET …/table-columns, for autocomplete. */
export const tableColumnsListingSchema = z.object({
  schemaname: z.string(),
  tablename: z.string(),
  /** `schema.name`, each part quoted where SQL needs it. */
  quoted_name: z.string(),
  /** A table or partitioned table (else a view, materialized view or foreign table). */
  is_table: z.boolean(),
  type: entityTypeSchema,
  columns: z.array(z.object({ attname: z.string(), data_type: z.string(), attnum: z.number() })),
})
export type TableColumnsListing = z.infer<typeof tableColumnsListingSchema>

/** A key word of the server's SQL (pg_get_keywords); `reserved` ones cannot name a table or column unquoted. */
export const pgKeywordSchema = z.object({
  word: z.string(),
  category: z.enum(['unreserved', 'col_name', 'type_func_name', 'reserved']),
})
export type PgKeyword = z.infer<typeof pgKeywordSchema>

/** GET /api/platform/pg-meta/:ref/overview — the project overview's figures of its database, read now. */
export const databaseOverviewSchema = z.object({
  /** pg_database_size of the project's database, in bytes. */
  sizeBytes: z.number(),
  /** Tables (plain and partitioned) in the project's own schemas, not auth, storage or the catalogs. */
  tables: z.number(),
  /** Connections to the project's database now, and the server's max_connections. */
  connections: z.number(),
  maxConnections: z.number(),
  serverVersion: z.string(),
})
export type DatabaseOverview = z.infer<typeof databaseOverviewSchema>
