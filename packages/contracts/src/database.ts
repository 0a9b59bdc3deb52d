import { z } from 'zod'

/**
 * Shapes of the Database pages' calls (issue 26: `/api/platform/pg-meta/{ref}/database/…`): functions and
 * triggers as pg_catalog has them, the definitions their forms send, and what depends on an object.
 */

const queryBoolean = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')])

/** ?id= of one object (an oid). */
export const databaseObjectIdQuerySchema = z.object({ id: z.coerce.number().int().min(1) })
/** DELETE …?id=&cascade= */
export const dropObjectQuerySchema = databaseObjectIdQuerySchema.extend({ cascade: queryBoolean.optional() })

/** An object that depends on another (pg_depend, as pg_describe_object names it): dropping needs cascade. */
export const dependentSchema = z.object({
  /** 'function public.f(integer)', 'trigger t on table public.x', 'view public.v' … */
  description: z.string(),
  /** The kind of the dependent's catalog ('pg_class', 'pg_trigger', 'pg_proc' …). */
  catalog: z.string(),
})
export type Dependent = z.infer<typeof dependentSchema>

// ---------- functions ----------

export const functionArgModeSchema = z.enum(['in', 'out', 'inout', 'variadic', 'table'])
export type FunctionArgMode = z.infer<typeof functionArgModeSchema>
export const volatilitySchema = z.enum(['immutable', 'stable', 'volatile'])
export type Volatility = z.infer<typeof volatilitySchema>
export const parallelSafetySchema = z.enum(['safe', 'restricted', 'unsafe'])

/** An argument as pg_proc has it: every argument in order (OUT and TABLE ones too), its default where it is. */
export const databaseFunctionArgSchema = z.object({
  mode: functionArgModeSchema,
  /** Empty for an unnamed argument. */
  name: z.string(),
  type: z.string(),
  /** pg_get_function_arg_default's text, or null. */
  default: z.string().nullable(),
})
export type DatabaseFunctionArg = z.infer<typeof databaseFunctionArgSchema>

/** A function, procedure, aggregate or window function (pg_proc), as Database › Functions lists it. */
export const databaseFunctionSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  kind: z.enum(['function', 'procedure', 'aggregate', 'window']),
  language: z.string(),
  owner: z.string(),
  comment: z.string().nullable(),
  arguments: z.array(databaseFunctionArgSchema),
  /** pg_get_function_arguments: the arguments as CREATE FUNCTION writes them. */
  argument_types: z.string(),
  /** pg_get_function_identity_arguments: what names one overload in DROP or COMMENT. */
  identity_arguments: z.string(),
  /** pg_get_function_result: `integer`, `SETOF text`, `TABLE(a integer, b text)`; null for a procedure. */
  return_type: z.string().nullable(),
  returns_set: z.boolean(),
  /** Returns `trigger` (a trigger function: what a trigger may run). */
  is_trigger: z.boolean(),
  volatility: volatilitySchema,
  security_definer: z.boolean(),
  strict: z.boolean(),
  leakproof: z.boolean(),
  parallel: parallelSafetySchema,
  /** proconfig's settings (`SET search_path = …`), each split at its first '='. */
  config: z.array(z.object({ name: z.string(), value: z.string() })),
  /** The body as written: prosrc, or the SQL-standard body (`RETURN …`, `BEGIN ATOMIC … END`). */
  body: z.string(),
  /** Whether the body is SQL-standard (parsed at creation) rather than a string. */
  sql_body: z.boolean(),
  /** pg_get_functiondef: the whole CREATE statement (null for an aggregate, which it cannot write). */
  definition: z.string().nullable(),
})
export type DatabaseFunction = z.infer<typeof databaseFunctionSchema>

const identifier = z.string().trim().min(1).max(63)
const sqlText = z.string().max(1_000_000)

export const functionArgInputSchema = z.object({
  mode: z.enum(['in', 'out', 'inout', 'variadic']).default('in'),
  /** Empty for an unnamed argument. */
  name: z.string().trim().max(63).default(''),
  /** A type as SQL writes it (`integer`, `text[]`, `public.mood`); SQL by design, checked by the parser. */
  type: z.string().trim().min(1).max(200),
  /** An expression (SQL by design), or null. */
  default: z.string().max(10_000).nullable().optional(),
})
export type FunctionArgInput = z.input<typeof functionArgInputSchema>

/** What a function returns: one type (`setof` for a set), a table of columns, or nothing (a procedure). */
export const functionReturnsSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('type'), type: z.string().trim().min(1).max(200), setof: z.boolean().default(false) }),
  z.object({
    kind: z.literal('table'),
    columns: z
      .array(z.object({ name: identifier, type: z.string().trim().min(1).max(200) }))
      .min(1)
      .max(100),
  }),
])
export type FunctionReturns = z.input<typeof functionReturnsSchema>

/** POST …/database/functions, and PATCH …?id= (the whole definition; the server diffs it). */
export const functionDefinitionSchema = z.object({
  kind: z.enum(['function', 'procedure']).default('function'),
  schema: identifier,
  name: identifier,
  arguments: z.array(functionArgInputSchema).max(100).default([]),
  /** Ignored for a procedure. */
  returns: functionReturnsSchema.optional(),
  language: identifier,
  body: sqlText,
  volatility: volatilitySchema.default('volatile'),
  security_definer: z.boolean().default(false),
  strict: z.boolean().default(false),
  /** The schemas of `SET search_path`, in order; null leaves it unset (the caller's path applies). */
  search_path: z.array(identifier).max(50).nullable().default(null),
  comment: z.string().max(10_000).nullable().optional(),
})
export type FunctionDefinition = z.input<typeof functionDefinitionSchema>
export type ParsedFunctionDefinition = z.output<typeof functionDefinitionSchema>

// ---------- triggers ----------

export const triggerEventSchema = z.enum(['INSERT', 'UPDATE', 'DELETE', 'TRUNCATE'])
export type TriggerEvent = z.infer<typeof triggerEventSchema>
export const triggerTimingSchema = z.enum(['BEFORE', 'AFTER', 'INSTEAD OF'])
export const triggerOrientationSchema = z.enum(['ROW', 'STATEMENT'])

/** A trigger as pg_trigger has it (internal ones, of foreign keys, and partitions' clones left out). */
export const databaseTriggerSchema = z.object({
  id: z.number(),
  name: z.string(),
  schema: z.string(),
  table: z.string(),
  table_id: z.number(),
  /** The relation's kind: table, partitioned table, view, foreign table. */
  table_kind: z.enum(['table', 'partitioned table', 'view', 'foreign table']),
  function_id: z.number(),
  function_schema: z.string(),
  function_name: z.string(),
  /** The function's arguments as CREATE TRIGGER gave them, decoded as text (non-ASCII kept). */
  function_args: z.array(z.string()),
  timing: triggerTimingSchema,
  orientation: triggerOrientationSchema,
  events: z.array(triggerEventSchema),
  /** `UPDATE OF` columns (empty: any column). */
  update_columns: z.array(z.string()),
  /** The WHEN condition as Postgres writes it back, or null. */
  condition: z.string().nullable(),
  /** Transition tables: REFERENCING OLD TABLE AS … NEW TABLE AS … */
  old_table: z.string().nullable(),
  new_table: z.string().nullable(),
  /** tgenabled: fires normally (origin), disabled, replica only, always. */
  enabled_mode: z.enum(['origin', 'disabled', 'replica', 'always']),
  /** pg_get_triggerdef: the whole CREATE TRIGGER statement. */
  definition: z.string(),
  comment: z.string().nullable(),
})
export type DatabaseTrigger = z.infer<typeof databaseTriggerSchema>

/** POST …/database/triggers */
export const createTriggerBodySchema = z.object({
  schema: identifier,
  table: identifier,
  name: identifier,
  timing: triggerTimingSchema,
  orientation: triggerOrientationSchema.default('ROW'),
  events: z.array(triggerEventSchema).min(1).max(4),
  update_columns: z.array(identifier).max(1600).default([]),
  /** A WHEN condition (SQL by design), or null. */
  condition: z.string().max(10_000).nullable().optional(),
  function_schema: identifier,
  function_name: identifier,
  function_args: z.array(z.string().max(10_000)).max(100).default([]),
  comment: z.string().max(10_000).nullable().optional(),
})
export type CreateTriggerBody = z.input<typeof createTriggerBodySchema>
export type ParsedTriggerDefinition = z.output<typeof createTriggerBodySchema>

/** PATCH …/database/triggers?id=: enable or disable. */
export const updateTriggerBodySchema = z.object({ enabled: z.boolean() })

// ---------- publications (Database › Replication) ----------

export const publicationOperationSchema = z.enum(['insert', 'update', 'delete', 'truncate'])
export type PublicationOperation = z.infer<typeof publicationOperationSchema>

/** A table of a publication as pg_publication_rel has it: its column list and row filter, where given. */
export const publicationTableSchema = z.object({
  schema: z.string(),
  name: z.string(),
  /** The published columns (`FOR TABLE t (a, b)`), null for all of them. */
  columns: z.array(z.string()).nullable(),
  /** The row filter (`WHERE (…)`) as Postgres writes it back, or null. */
  row_filter: z.string().nullable(),
})
export type PublicationTable = z.infer<typeof publicationTableSchema>

/** A publication (pg_publication), with what it publishes. */
export const publicationSchema = z.object({
  id: z.number(),
  name: z.string(),
  owner: z.string(),
  /** FOR ALL TABLES. */
  all_tables: z.boolean(),
  /** The operations it publishes, in Postgres' order. */
  operations: z.array(publicationOperationSchema),
  /** publish_via_partition_root. */
  via_root: z.boolean(),
  /** Tables named one by one (FOR TABLE). */
  tables: z.array(publicationTableSchema),
  /** Schemas whose every table it publishes (FOR TABLES IN SCHEMA). */
  schemas: z.array(z.string()),
  comment: z.string().nullable(),
})
export type Publication = z.infer<typeof publicationSchema>

/** GET …/database/publications: the publications, and whether the server publishes logical changes at all. */
export const publicationsResponseSchema = z.object({
  /** The server's wal_level: publications send changes only at `logical`. */
  wal_level: z.string(),
  publications: z.array(publicationSchema),
})
export type PublicationsResponse = z.infer<typeof publicationsResponseSchema>

/** POST …/database/publications; PATCH …?id= takes the same (the name is kept). */
export const publicationDefinitionSchema = z.object({
  name: identifier,
  /** Tables by schema and name: the admin role may publish tables it owns (all tables and whole schemas need a superuser). */
  tables: z
    .array(z.object({ schema: identifier, name: identifier }))
    .max(10_000)
    .default([]),
  operations: z.array(publicationOperationSchema).min(1).max(4),
})
export type PublicationDefinition = z.input<typeof publicationDefinitionSchema>
export type ParsedPublicationDefinition = z.output<typeof publicationDefinitionSchema>

// ---------- extensions ----------

/** An extension the server offers (pg_available_extensions), installed or not. */
export const databaseExtensionSchema = z.object({
  name: z.string(),
  default_version: z.string().nullable(),
  /** The installed version, or null when it is not enabled. */
  installed_version: z.string().nullable(),
  /** The schema it is installed in, or null. */
  schema: z.string().nullable(),
  comment: z.string().nullable(),
  /** `trusted` in its control file: a role with CREATE on the database may create it. */
  trusted: z.boolean(),
  /** `superuser` in its control file: only a superuser may create it (unless trusted). */
  superuser: z.boolean(),
  relocatable: z.boolean(),
  /** The extensions it needs. */
  requires: z.array(z.string()),
  /** Why the project's admin role may not create it, or null when it may. */
  not_creatable: z.string().nullable(),
})
export type DatabaseExtension = z.infer<typeof databaseExtensionSchema>

/** POST …/database/extensions */
export const enableExtensionBodySchema = z.object({
  name: identifier,
  schema: identifier,
  /** Also create the extensions it requires. */
  cascade: z.boolean().default(false),
})
export type EnableExtensionBody = z.input<typeof enableExtensionBodySchema>
export type ParsedEnableExtension = z.output<typeof enableExtensionBodySchema>

/** ?name= of an extension; DELETE adds cascade. */
export const extensionNameQuerySchema = z.object({ name: identifier })
export const dropExtensionQuerySchema = extensionNameQuerySchema.extend({ cascade: queryBoolean.optional() })

// ---------- roles ----------

/** A membership of a role in another (pg_auth_members). */
export const roleMembershipSchema = z.object({
  role: z.string(),
  admin_option: z.boolean(),
})

/** A database role as Database › Roles lists it. */
export const databaseRoleSchema = z.object({
  id: z.number(),
  name: z.string(),
  can_login: z.boolean(),
  can_create_role: z.boolean(),
  can_create_db: z.boolean(),
  can_bypass_rls: z.boolean(),
  is_superuser: z.boolean(),
  is_replication_role: z.boolean(),
  inherit_role: z.boolean(),
  /** rolconnlimit; null when there is no limit (-1), not max_connections. */
  connection_limit: z.number().nullable(),
  valid_until: z.string().nullable(),
  /** The roles it is a member of. */
  member_of: z.array(roleMembershipSchema),
  /** Whether the admin role may grant membership in it (ADMIN OPTION on it; CREATEROLE before PostgreSQL 16). */
  grantable: z.boolean(),
  /** Its sessions now (pg_stat_activity). */
  connections: z.number(),
  comment: z.string().nullable(),
  /** Why the dashboard does not change it — Basalt's own login, a reserved role, one of the project's API roles, a superuser — or null. */
  locked: z.enum(['basalt', 'reserved', 'api', 'superuser']).nullable(),
  /** The lock's reason as a member reads it. */
  locked_reason: z.string().nullable(),
})
export type DatabaseRole = z.infer<typeof databaseRoleSchema>

/** GET …/database/roles: the roles and the server's max_connections. */
export const databaseRolesResponseSchema = z.object({
  max_connections: z.number(),
  roles: z.array(databaseRoleSchema),
})
export type DatabaseRolesResponse = z.infer<typeof databaseRolesResponseSchema>

/** POST …/database/roles, PATCH …?id= (the whole definition; the server diffs it). */
export const roleDefinitionSchema = z.object({
  name: identifier,
  can_login: z.boolean().default(false),
  can_create_role: z.boolean().default(false),
  can_create_db: z.boolean().default(false),
  can_bypass_rls: z.boolean().default(false),
  /** null: no limit. */
  connection_limit: z.number().int().min(0).max(1_000_000).nullable().default(null),
  /** A timestamp Postgres reads (`2030-01-01`, `infinity`), or null for none. */
  valid_until: z.string().trim().max(100).nullable().default(null),
  member_of: z.array(identifier).max(1000).default([]),
  /** A new password; null or absent keeps the current one. Never recorded or logged. */
  password: z.string().min(1).max(1000).nullable().optional(),
})
export type RoleDefinition = z.input<typeof roleDefinitionSchema>
export type ParsedRoleDefinition = z.output<typeof roleDefinitionSchema>

// ---------- indexes ----------

export const indexMethodSchema = z.enum(['btree', 'hash', 'gin', 'gist', 'brin'])

/** An index as pg_index has it, with its use (pg_stat_user_indexes). */
export const databaseIndexSchema = z.object({
  id: z.number(),
  schema: z.string(),
  table: z.string(),
  table_id: z.number(),
  name: z.string(),
  /** The access method (btree, hash, gin, gist, brin, or another). */
  method: z.string(),
  unique: z.boolean(),
  primary: z.boolean(),
  /** False for an index a failed CREATE INDEX CONCURRENTLY left behind. */
  valid: z.boolean(),
  /** The key columns or expressions, each as Postgres writes it from the index itself. */
  columns: z.array(z.string()),
  /** INCLUDE columns. */
  include: z.array(z.string()),
  /** The partial index's WHERE, or null. */
  predicate: z.string().nullable(),
  /** pg_get_indexdef. */
  definition: z.string(),
  size_bytes: z.number(),
  size: z.string(),
  /** idx_scan since statistics were reset. */
  scans: z.number(),
  /** Never scanned, and not backing a primary key or unique constraint. */
  unused: z.boolean(),
  /** The name of another index of the same table on the same keys, method, operator classes and predicate, or null. */
  duplicate_of: z.string().nullable(),
})
export type DatabaseIndex = z.infer<typeof databaseIndexSchema>

/** POST …/database/indexes */
export const createIndexBodySchema = z.object({
  schema: identifier,
  table: identifier,
  /** Empty: Postgres names it. */
  name: z.string().trim().max(63).default(''),
  columns: z.array(identifier).min(1).max(32),
  method: indexMethodSchema.default('btree'),
  unique: z.boolean().default(false),
  /** CREATE INDEX CONCURRENTLY: no write lock on the table; runs outside a transaction. */
  concurrently: z.boolean().default(false),
})
export type CreateIndexBody = z.input<typeof createIndexBodySchema>
export type ParsedCreateIndexBody = z.output<typeof createIndexBodySchema>

// ---------- types ----------

/** A user-defined type (pg_type) of a schema, by kind. */
export const databaseTypeSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  kind: z.enum(['enum', 'domain', 'composite', 'range', 'multirange', 'base']),
  /** An enum's labels in their sort order. */
  values: z.array(z.string()),
  /** A domain's underlying type, a range's subtype; null otherwise. */
  base_type: z.string().nullable(),
  /** A domain's NOT NULL and CHECK constraints, as Postgres writes them. */
  constraints: z.array(z.string()),
  /** A composite type's attributes. */
  attributes: z.array(z.object({ name: z.string(), type: z.string() })),
  owner: z.string(),
  comment: z.string().nullable(),
})
export type DatabaseType = z.infer<typeof databaseTypeSchema>

/** POST …/database/types: a new enumerated type. */
export const createEnumBodySchema = z.object({
  schema: identifier,
  name: identifier,
  values: z.array(z.string().min(1).max(63)).min(1).max(1000),
})
export type CreateEnumBody = z.input<typeof createEnumBodySchema>

/** PATCH …/database/types?id=: add a value (before or after another, or at the end), or rename one. */
export const updateEnumBodySchema = z.discriminatedUnion('action', [
  z.object({
    action: z.literal('add'),
    value: z.string().min(1).max(63),
    before: z.string().max(63).optional(),
    after: z.string().max(63).optional(),
  }),
  z.object({ action: z.literal('rename'), from: z.string().min(1).max(63), to: z.string().min(1).max(63) }),
])
export type UpdateEnumBody = z.input<typeof updateEnumBodySchema>

// ---------- migrations ----------

/** A schema change Basalt ran for a member, as a numbered migration. */
export const databaseMigrationSchema = z.object({
  number: z.number(),
  /** YYYYMMDDHHMMSS, strictly increasing: the file is `<version>_<name>.sql`. */
  version: z.string(),
  name: z.string(),
  /** The SQL that ran (a password left out). */
  statements: z.string(),
  author: z.string().nullable(),
  created_at: z.string(),
})
export type DatabaseMigration = z.infer<typeof databaseMigrationSchema>

/** A row of `supabase_migrations.schema_migrations` (what the Supabase CLI applied). */
export const supabaseMigrationSchema = z.object({
  version: z.string(),
  name: z.string().nullable(),
  statements: z.array(z.string()),
})

/** GET …/database/migrations */
export const databaseMigrationsResponseSchema = z.object({
  migrations: z.array(databaseMigrationSchema),
  /** The Supabase CLI's history, or null when the database has none. */
  supabase: z.array(supabaseMigrationSchema).nullable(),
})
export type DatabaseMigrationsResponse = z.infer<typeof databaseMigrationsResponseSchema>

/** ?number= of one migration's file; without it, every migration in one file. */
export const migrationFileQuerySchema = z.object({ number: z.coerce.number().int().min(1).optional() })

// ---------- schemas and their diagram ----------

/** POST …/database/schemas */
export const createSchemaBodySchema = z.object({ name: identifier })
export type CreateSchemaBody = z.input<typeof createSchemaBodySchema>

/** GET …/database/schemas/diagram?schema= */
export const schemaDiagramQuerySchema = z.object({ schema: identifier })

/** A schema's tables with their columns and keys, and the foreign keys between them (and to other schemas). */
export const schemaDiagramSchema = z.object({
  tables: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      kind: z.enum(['table', 'partitioned table', 'view', 'materialized view', 'foreign table']),
      columns: z.array(
        z.object({
          name: z.string(),
          type: z.string(),
          nullable: z.boolean(),
          primary: z.boolean(),
          unique: z.boolean(),
        }),
      ),
    }),
  ),
  foreign_keys: z.array(
    z.object({
      name: z.string(),
      table_id: z.number(),
      columns: z.array(z.string()),
      target_id: z.number(),
      target_schema: z.string(),
      target_table: z.string(),
      target_columns: z.array(z.string()),
    }),
  ),
})
export type SchemaDiagram = z.infer<typeof schemaDiagramSchema>

// ---------- foreign data wrappers (Database › Wrappers) ----------

/** A foreign-data wrapper (pg_foreign_data_wrapper). */
export const foreignDataWrapperSchema = z.object({
  id: z.number(),
  name: z.string(),
  owner: z.string(),
  handler: z.string().nullable(),
  validator: z.string().nullable(),
  /** `name=value` as pg_catalog keeps them. */
  options: z.array(z.string()),
  /** The extension it belongs to (postgres_fdw, file_fdw …), or null. */
  extension: z.string().nullable(),
  /** Whether the project's admin role may use it (USAGE): create servers with it. */
  usable: z.boolean(),
})
export type ForeignDataWrapper = z.infer<typeof foreignDataWrapperSchema>

/** A foreign server (pg_foreign_server), with whom it maps (never the mappings' options: they hold credentials). */
export const foreignServerSchema = z.object({
  id: z.number(),
  name: z.string(),
  wrapper: z.string(),
  owner: z.string(),
  type: z.string().nullable(),
  version: z.string().nullable(),
  options: z.array(z.string()),
  /** The roles with a user mapping ('public' for PUBLIC). */
  user_mappings: z.array(z.string()),
  /** Whether the admin role owns it (may drop it). */
  owned: z.boolean(),
})
export type ForeignServer = z.infer<typeof foreignServerSchema>

/** A foreign table (pg_foreign_table) with its server and options. */
export const wrapperForeignTableSchema = z.object({
  id: z.number(),
  schema: z.string(),
  name: z.string(),
  server: z.string(),
  options: z.array(z.string()),
  columns: z.number(),
})
export type WrapperForeignTable = z.infer<typeof wrapperForeignTableSchema>

/** GET …/database/wrappers */
export const wrappersResponseSchema = z.object({
  wrappers: z.array(foreignDataWrapperSchema),
  servers: z.array(foreignServerSchema),
  foreign_tables: z.array(wrapperForeignTableSchema),
})
export type WrappersResponse = z.infer<typeof wrappersResponseSchema>

const fdwOption = z.object({ name: identifier, value: z.string().max(10_000) })

/**
 * POST …/database/wrappers/servers: a server of a wrapper the admin role may use, with (optionally) the admin
 * role's user mapping and a remote schema imported — one transaction.
 */
export const createForeignServerBodySchema = z.object({
  name: identifier,
  wrapper: identifier,
  options: z.array(fdwOption).max(100).default([]),
  /** CREATE USER MAPPING FOR CURRENT_USER with these options (user, password …); null for none. */
  user_mapping: z
    .object({ options: z.array(fdwOption).max(100) })
    .nullable()
    .default(null),
  /** IMPORT FOREIGN SCHEMA remote_schema FROM SERVER … INTO local_schema; null for none. */
  import: z.object({ remote_schema: identifier, local_schema: identifier }).nullable().default(null),
})
export type CreateForeignServerBody = z.input<typeof createForeignServerBodySchema>
export type ParsedForeignServerDefinition = z.output<typeof createForeignServerBodySchema>
