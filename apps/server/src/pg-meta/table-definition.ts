import { fail, ok, type Result } from '@basalt/contracts'
import { buildCreatePolicy, ident, literal, qualified, type PolicyAction, type PolicyCommand } from '@basalt/sql'
import type pg from 'pg'
import { runSql } from './catalog.ts'

/**
 * The SQL that defines a relation, for the table editor's read-only definition view. Postgres has no
 * pg_get_tabledef, so it is built from the catalog to read like what a user would write, and to make the
 * same catalog rows when run on a database holding what the relation depends on:
 *
 * - tables: CREATE [UNLOGGED] TABLE with columns (identity with its sequence options, serial, generated,
 *   defaults, collations), constraints, INHERITS, PARTITION OF … FOR VALUES, PARTITION BY and storage
 *   options; then NOT VALID constraints, indexes, triggers, comments, RLS and policies;
 * - views: CREATE VIEW with its options and check option, column defaults, triggers and comments;
 * - materialized views: CREATE MATERIALIZED VIEW, WITH NO DATA when not populated, indexes, comments;
 * - foreign tables: CREATE FOREIGN TABLE with column options, SERVER and OPTIONS.
 *
 * What a partition or a child table inherits (columns, constraints, indexes, triggers cloned from the
 * parent) is left to PARTITION OF and INHERITS, which create it again.
 */

interface NameRef {
  schema: string
  name: string
}

interface OptionRow {
  name: string
  value: string
}

interface RelationRow {
  schema: string
  name: string
  kind: 'r' | 'p' | 'v' | 'm' | 'f'
  unlogged: boolean
  comment: string | null
  rls: boolean
  force_rls: boolean
  populated: boolean
  viewdef: string | null
  partition_key: string | null
  partition_of: NameRef | null
  partition_bound: string | null
  inherits: NameRef[]
  options: OptionRow[]
  server: string | null
  server_options: OptionRow[]
}

interface SequenceRow {
  schema: string
  name: string
  /** pg_depend.deptype: 'i' the sequence of an identity, 'a' one owned by the column (serial). */
  owner: 'i' | 'a'
  type: 'smallint' | 'integer' | 'bigint'
  start: string
  increment: string
  min: string
  max: string
  cache: string
  cycle: boolean
  /** Whether the column's default is nextval() of this sequence. */
  is_default: boolean
}

interface ColumnRow {
  name: string
  type: string
  /** Declared on this relation rather than only inherited from a parent. */
  is_local: boolean
  not_null: boolean
  /** The column's NOT NULL is declared on this relation (not only inherited), and its constraint's name. */
  local_not_null: string | null
  default_value: string | null
  /** Defaults the column has in the parents it inherits it from. */
  parent_defaults: (string | null)[]
  identity: '' | 'a' | 'd'
  generated: '' | 's' | 'v'
  collation: NameRef | null
  options: OptionRow[]
  sequence: SequenceRow | null
  comment: string | null
}

interface ConstraintRow {
  name: string
  def: string
  validated: boolean
}

interface TriggerRow {
  name: string
  def: string
  enabled: string
}

// $1 the relation's oid. Arrays and names come as JSON so that one row says everything.
const RELATION_SQL = `
select
  n.nspname as schema,
  c.relname as name,
  c.relkind as kind,
  c.relpersistence = 'u' as unlogged,
  obj_description(c.oid, 'pg_class') as comment,
  c.relrowsecurity as rls,
  c.relforcerowsecurity as force_rls,
  c.relispopulated as populated,
  case when c.relkind in ('v', 'm') then pg_get_viewdef(c.oid, true) end as viewdef,
  case when c.relkind = 'p' then pg_get_partkeydef(c.oid) end as partition_key,
  (select json_build_object('schema', pn.nspname, 'name', p.relname)
     from pg_inherits i join pg_class p on p.oid = i.inhparent join pg_namespace pn on pn.oid = p.relnamespace
    where c.relispartition and i.inhrelid = c.oid) as partition_of,
  case when c.relispartition then pg_get_expr(c.relpartbound, c.oid) end as partition_bound,
  array_to_json(array(
    select json_build_object('schema', pn.nspname, 'name', p.relname)
      from pg_inherits i join pg_class p on p.oid = i.inhparent join pg_namespace pn on pn.oid = p.relnamespace
     where not c.relispartition and i.inhrelid = c.oid
     order by i.inhseqno
  )) as inherits,
  array_to_json(array(
    select json_build_object('name', o.option_name, 'value', o.option_value) from pg_options_to_table(c.reloptions) o
  )) as options,
  s.srvname as server,
  array_to_json(array(
    select json_build_object('name', o.option_name, 'value', o.option_value) from pg_options_to_table(ft.ftoptions) o
  )) as server_options
from pg_class c
join pg_namespace n on n.oid = c.relnamespace
left join pg_foreign_table ft on ft.ftrelid = c.oid
left join pg_foreign_server s on s.oid = ft.ftserver
where c.oid = $1 and c.relkind in ('r', 'p', 'v', 'm', 'f') and has_schema_privilege(n.oid, 'USAGE')
`

// $1 the relation's oid. collation only when it is not the type's own; sequence is the identity's, or the
// one the column owns (serial).
const COLUMNS_SQL = `
select
  a.attname as name,
  format_type(a.atttypid, a.atttypmod) as type,
  a.attislocal as is_local,
  a.attnotnull as not_null,
  (select k.conname from pg_constraint k
    where k.conrelid = a.attrelid and k.contype = 'n' and k.conkey = array[a.attnum] and k.conislocal) as local_not_null,
  pg_get_expr(d.adbin, d.adrelid, true) as default_value,
  array_to_json(array(
    select pg_get_expr(pd.adbin, pd.adrelid, true)
      from pg_inherits i
      join pg_attribute pa on pa.attrelid = i.inhparent and pa.attname = a.attname and not pa.attisdropped
      left join pg_attrdef pd on pd.adrelid = pa.attrelid and pd.adnum = pa.attnum
     where i.inhrelid = a.attrelid
  )) as parent_defaults,
  a.attidentity as identity,
  a.attgenerated as generated,
  (select json_build_object('schema', cn.nspname, 'name', co.collname)
     from pg_collation co join pg_namespace cn on cn.oid = co.collnamespace
    where co.oid = a.attcollation and a.attcollation <> t.typcollation) as collation,
  array_to_json(array(
    select json_build_object('name', o.option_name, 'value', o.option_value) from pg_options_to_table(a.attfdwoptions) o
  )) as options,
  (select json_build_object(
            'schema', qn.nspname, 'name', qc.relname, 'owner', dep.deptype, 'type', format_type(q.seqtypid, null), 'start', q.seqstart::text,
            'increment', q.seqincrement::text, 'min', q.seqmin::text, 'max', q.seqmax::text,
            'cache', q.seqcache::text, 'cycle', q.seqcycle,
            'is_default', pg_get_expr(d.adbin, d.adrelid, true) = format('nextval(%L::regclass)', q.seqrelid::regclass))
     from pg_depend dep
     join pg_sequence q on q.seqrelid = dep.objid
     join pg_class qc on qc.oid = q.seqrelid
     join pg_namespace qn on qn.oid = qc.relnamespace
    where dep.classid = 'pg_class'::regclass and dep.refclassid = 'pg_class'::regclass
      and dep.refobjid = a.attrelid and dep.refobjsubid = a.attnum and dep.deptype in ('i', 'a')
    limit 1) as sequence,
  col_description(a.attrelid, a.attnum) as comment
from pg_attribute a
join pg_type t on t.oid = a.atttypid
left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
where a.attrelid = $1 and a.attnum > 0 and not a.attisdropped
order by a.attnum
`

// $1 the relation's oid. The constraints declared on it (inherited ones come with INHERITS / PARTITION
// OF), keys first; NOT NULL is written with its column.
const CONSTRAINTS_SQL = `
select conname as name, pg_get_constraintdef(oid, true) as def, convalidated as validated
  from pg_constraint
 where conrelid = $1 and contype in ('p', 'u', 'f', 'c', 'x') and conislocal
 order by case contype when 'p' then 0 when 'u' then 1 when 'f' then 2 else 3 end, conname
`

// $1 the relation's oid. Indexes of its own: not those of a constraint, nor a partition's copy of its
// parent's index.
const INDEXES_SQL = `
select pg_get_indexdef(i.indexrelid) as def
  from pg_index i
  join pg_class ic on ic.oid = i.indexrelid
 where i.indrelid = $1
   and not ic.relispartition
   and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid)
 order by ic.relname
`

// $1 the relation's oid. Triggers a user created (not those of foreign keys, nor a partition's clones of
// its parent's), with whether they fire: O origin and local (the default), D disabled, R replica, A always.
const TRIGGERS_SQL = `
select tgname as name, pg_get_triggerdef(oid, true) as def, tgenabled as enabled
  from pg_trigger
 where tgrelid = $1 and not tgisinternal and tgparentid = 0
 order by tgname
`

const TRIGGER_STATES: Record<string, string> = { D: 'disable', R: 'enable replica', A: 'enable always' }

const SEQUENCE_TYPE_BOUNDS = {
  smallint: [-32768n, 32767n],
  integer: [-2147483648n, 2147483647n],
  bigint: [-9223372036854775808n, 9223372036854775807n],
} as const

const SERIAL_TYPES: Record<string, string> = { smallint: 'smallserial', integer: 'serial', bigint: 'bigserial' }

/** The options of a sequence that differ from what CREATE SEQUENCE (or an identity) would choose. */
function sequenceOptions(seq: SequenceRow): string {
  const [typeMin, typeMax] = SEQUENCE_TYPE_BOUNDS[seq.type]
  const [increment, min, max] = [BigInt(seq.increment), BigInt(seq.min), BigInt(seq.max)]
  const ascending = increment > 0n
  const options: string[] = []
  if (BigInt(seq.start) !== (ascending ? min : max)) options.push(`start with ${seq.start}`)
  if (increment !== 1n) options.push(`increment by ${seq.increment}`)
  if (min !== (ascending ? 1n : typeMin)) options.push(`minvalue ${seq.min}`)
  if (max !== (ascending ? typeMax : -1n)) options.push(`maxvalue ${seq.max}`)
  if (seq.cache !== '1') options.push(`cache ${seq.cache}`)
  if (seq.cycle) options.push('cycle')
  return options.join(' ')
}

/** `(name 'value', …)` of reloptions, foreign table or column options. */
const optionList = (options: OptionRow[], separator: string) =>
  `(${options.map((o) => `${ident(o.name)}${separator}${literal(o.value)}`).join(', ')})`

/** The sequence a column owns (not an identity's), as `serial` or CREATE SEQUENCE would make it. */
const ownedSequence = (c: ColumnRow) => (c.sequence?.owner === 'a' ? c.sequence : null)

/**
 * A serial column: the sequence it owns, of its type and with the name serial gives it, supplies its
 * default. Any other owned sequence is created before the table.
 */
function isSerial(c: ColumnRow, relation: RelationRow): boolean {
  const seq = ownedSequence(c)
  return (
    seq !== null &&
    seq.is_default &&
    seq.type === c.type &&
    c.type in SERIAL_TYPES &&
    seq.schema === relation.schema &&
    seq.name === `${relation.name}_${c.name}_seq`
  )
}

function columnLine(c: ColumnRow, relation: RelationRow): string {
  const serial = isSerial(c, relation)
  let line = `  ${ident(c.name)} ${serial ? SERIAL_TYPES[c.type] : c.type}`
  if (c.options.length) line += ` options ${optionList(c.options, ' ')}`
  if (c.collation) line += ` collate ${qualified(c.collation.schema, c.collation.name)}`
  if (c.generated) {
    line += ` generated always as (${c.default_value}) ${c.generated === 's' ? 'stored' : 'virtual'}`
  } else if (c.identity) {
    line += ` generated ${c.identity === 'a' ? 'always' : 'by default'} as identity`
    const options = c.sequence ? sequenceOptions(c.sequence) : ''
    if (options) line += ` (${options})`
  } else if (c.default_value !== null && !serial) line += ` default ${c.default_value}`
  if (c.not_null) {
    // Postgres names a column's NOT NULL <table>_<column>_not_null; another name is written out.
    const constraint = c.local_not_null
    const named = constraint !== null && constraint !== `${relation.name}_${c.name}_not_null`
    line += named ? ` constraint ${ident(constraint)} not null` : ' not null'
  }
  return line
}

/**
 * What an inherited column (of a partition or a child table) has of its own: a default other than its
 * parent's, a NOT NULL its parent does not have.
 */
function inheritedColumnChanges(c: ColumnRow, alter: string): string[] {
  const changes: string[] = []
  const column = `${alter} alter column ${ident(c.name)}`
  if (!c.parent_defaults.includes(c.default_value)) {
    changes.push(c.default_value === null ? `${column} drop default;` : `${column} set default ${c.default_value};`)
  }
  if (c.local_not_null !== null) changes.push(`${column} set not null;`)
  return changes
}

const KEYWORDS = {
  r: 'table',
  p: 'table',
  v: 'view',
  m: 'materialized view',
  f: 'foreign table',
} as const

/**
 * The definition of the relation with this oid; `not_found` when it is not a table, view, materialized
 * view or foreign table of a schema the role may use. Names in it are schema-qualified wherever Postgres
 * deparses (types, defaults, view queries), since it runs with an empty search_path; call it inside a
 * transaction, which keeps that search_path to itself.
 */
export async function getTableDefinition(client: pg.ClientBase, id: number): Promise<Result<{ definition: string }>> {
  const saved = await runSql<{ path: string }>(
    client,
    `select current_setting('search_path') as path, set_config('search_path', '', true)`,
  )
  if (!saved.ok) return saved
  const definition = await buildDefinition(client, id)
  const restored = await runSql(client, `select set_config('search_path', $1, true)`, [saved.data[0]?.path ?? ''])
  return definition.ok && !restored.ok ? restored : definition
}

async function buildDefinition(client: pg.ClientBase, id: number): Promise<Result<{ definition: string }>> {
  const rel = await runSql<RelationRow>(client, RELATION_SQL, [id])
  if (!rel.ok) return rel
  const r = rel.data[0]
  if (!r) return fail('not_found', `Table ${id} not found`)
  const cols = await runSql<ColumnRow>(client, COLUMNS_SQL, [id])
  if (!cols.ok) return cols
  const constraints = await runSql<ConstraintRow>(client, CONSTRAINTS_SQL, [id])
  if (!constraints.ok) return constraints
  const indexes = await runSql<{ def: string }>(client, INDEXES_SQL, [id])
  if (!indexes.ok) return indexes
  const triggers = await runSql<TriggerRow>(client, TRIGGERS_SQL, [id])
  if (!triggers.ok) return triggers
  const policies = await policiesOf(client, r)
  if (!policies.ok) return policies

  const name = qualified(r.schema, r.name)
  const what = KEYWORDS[r.kind]
  const alter = `alter ${what} ${name}`
  const comments = [
    ...(r.comment === null ? [] : [`comment on ${what} ${name} is ${literal(r.comment)};`]),
    ...cols.data.flatMap((c) =>
      c.comment === null ? [] : [`comment on column ${name}.${ident(c.name)} is ${literal(c.comment)};`],
    ),
  ]
  const sections = [
    ...(r.kind === 'v' || r.kind === 'm'
      ? viewStatements(r, cols.data)
      : tableStatements(r, cols.data, constraints.data)),
    indexes.data.map((i) => i.def + ';').join('\n'),
    triggers.data
      .flatMap((t) => {
        const state = TRIGGER_STATES[t.enabled]
        return [t.def + ';', ...(state ? [`${alter} ${state} trigger ${ident(t.name)};`] : [])]
      })
      .join('\n'),
    comments.join('\n'),
    r.rls
      ? `alter table ${name} enable row level security;` +
        (r.force_rls ? `\nalter table ${name} force row level security;` : '')
      : '',
    ...policies.data,
  ]
  return ok({ definition: sections.filter((section) => section !== '').join('\n\n') + '\n' })
}

/** CREATE [MATERIALIZED] VIEW with its options, then the defaults of its columns. */
function viewStatements(r: RelationRow, cols: ColumnRow[]): string[] {
  const name = qualified(r.schema, r.name)
  const what = KEYWORDS[r.kind]
  // check_option is a reloption, but CREATE VIEW writes it after the query.
  const checkOption = r.options.find((o) => o.name === 'check_option')
  const options = r.options.filter((o) => o !== checkOption)
  let create = `create ${what} ${name}`
  if (options.length) create += ` with ${optionList(options, ' = ')}`
  create += ` as\n${(r.viewdef ?? '').trimEnd().replace(/;$/, '')}`
  if (checkOption) create += `\n  with ${checkOption.value === 'local' ? 'local' : 'cascaded'} check option`
  if (r.kind === 'm' && !r.populated) create += '\n  with no data'
  const defaults = cols
    .filter((c) => c.default_value !== null)
    .map((c) => `alter ${what} ${name} alter column ${ident(c.name)} set default ${c.default_value};`)
  return [create + ';', defaults.join('\n')]
}

/**
 * CREATE [UNLOGGED] [FOREIGN] TABLE, preceded by the sequences its columns own (other than serial ones)
 * and followed by what CREATE TABLE cannot say: an inherited column's own default or NOT NULL, NOT VALID
 * constraints, sequence ownership and options.
 */
function tableStatements(r: RelationRow, cols: ColumnRow[], constraints: ConstraintRow[]): string[] {
  const name = qualified(r.schema, r.name)
  const what = KEYWORDS[r.kind]
  const alter = `alter ${what} ${name}`
  // CREATE TABLE validates the constraints it declares: a NOT VALID one is added afterwards.
  const declared = constraints.filter((k) => k.validated)
  const notValid = constraints.filter((k) => !k.validated)
  const lines = [
    // A partition's columns are its parent's; a child table declares only its own.
    ...(r.partition_of ? [] : cols.filter((c) => c.is_local).map((c) => columnLine(c, r))),
    ...declared.map((k) => `  constraint ${ident(k.name)} ${k.def}`),
  ]
  let create = `create ${r.unlogged ? 'unlogged ' : ''}${what} ${name}`
  if (r.partition_of) {
    create += ` partition of ${qualified(r.partition_of.schema, r.partition_of.name)}`
    if (lines.length) create += ` (\n${lines.join(',\n')}\n)`
    create += ` ${r.partition_bound}`
  } else {
    create += ` (\n${lines.join(',\n')}\n)`
    if (r.inherits.length) create += ` inherits (${r.inherits.map((p) => qualified(p.schema, p.name)).join(', ')})`
  }
  if (r.partition_key) create += ` partition by ${r.partition_key}`
  if (r.options.length) create += ` with ${optionList(r.options, ' = ')}`
  if (r.server) {
    create += ` server ${ident(r.server)}`
    if (r.server_options.length) create += ` options ${optionList(r.server_options, ' ')}`
  }

  const sequences = cols.flatMap((c) => {
    const seq = ownedSequence(c)
    return seq ? [{ column: c, seq, serial: isSerial(c, r), name: qualified(seq.schema, seq.name) }] : []
  })
  const before = sequences
    .filter((s) => !s.serial)
    .map((s) => `create sequence ${s.name} as ${s.seq.type} ${sequenceOptions(s.seq)}`.trimEnd() + ';')
  const after = [
    ...cols.filter((c) => !c.is_local).flatMap((c) => inheritedColumnChanges(c, alter)),
    ...notValid.map((k) => `${alter} add constraint ${ident(k.name)} ${k.def};`),
    ...sequences.flatMap((s) => {
      if (!s.serial) return [`alter sequence ${s.name} owned by ${name}.${ident(s.column.name)};`]
      const options = sequenceOptions(s.seq)
      return options ? [`alter sequence ${s.name} ${options};`] : []
    }),
  ]
  return [before.join('\n'), create + ';', after.join('\n')]
}

async function policiesOf(client: pg.ClientBase, r: RelationRow): Promise<Result<string[]>> {
  const policies = await runSql<{
    name: string
    permissive: string
    cmd: string
    roles: string[]
    qual: string | null
    check: string | null
  }>(
    client,
    `select policyname as name, permissive, cmd, roles::text[] as roles, qual, with_check as check
       from pg_policies where schemaname = $1 and tablename = $2 order by policyname`,
    [r.schema, r.name],
  )
  if (!policies.ok) return policies
  return ok(
    policies.data.map(
      (p) =>
        buildCreatePolicy({
          schema: r.schema,
          table: r.name,
          name: p.name,
          command: p.cmd as PolicyCommand,
          action: p.permissive as PolicyAction,
          roles: p.roles,
          definition: p.qual,
          check: p.check,
        }) + ';',
    ),
  )
}
