import type { PgColumn, PgTable } from '@basalt/contracts'

/** Catalog rows as pg-meta answers them, for the tests of every area. */
export function pgColumn(name: string, format: string, extra: Partial<PgColumn> = {}): PgColumn {
  return {
    id: `1.${name}`,
    table_id: 1,
    schema: 'public',
    table: 't',
    name,
    ordinal_position: 1,
    data_type: format,
    format,
    default_value: null,
    is_nullable: true,
    is_identity: false,
    identity_generation: null,
    is_generated: false,
    is_updatable: true,
    is_unique: false,
    enums: [],
    check: null,
    comment: null,
    is_encrypted: false,
    ...extra,
  }
}

export function pgTable(extra: Partial<PgTable> = {}): PgTable {
  return {
    id: 42,
    schema: 'public',
    name: 'todos',
    comment: null,
    rls_enabled: false,
    rls_forced: false,
    is_partitioned: false,
    is_partition: false,
    live_rows_estimate: 0,
    bytes: 8192,
    size: '8192 bytes',
    primary_keys: [{ name: 'id' }],
    relationships: [],
    columns: [
      pgColumn('id', 'int8', { ordinal_position: 1, table_id: 42 }),
      pgColumn('title', 'text', { ordinal_position: 2, table_id: 42 }),
      pgColumn('due_at', 'timestamptz', { ordinal_position: 3, table_id: 42 }),
    ],
    ...extra,
  }
}
