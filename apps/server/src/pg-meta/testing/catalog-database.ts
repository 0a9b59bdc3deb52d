import pg from 'pg'
import type { Impersonation } from '../../db/impersonation.ts'
import { withRole } from '../../db/impersonation.ts'
import { bootstrapProjectDatabase } from '../../db/bootstrap.ts'
import { createPool } from '../../db/pools.ts'
import { createTestDatabase, withAdminClient } from '../../../test/databases.ts'

/**
 * A bootstrapped project database for the pg-meta tests, reached through a pool with Basalt's type
 * parsing (as the routes will reach it), with a role of its own that has no grants at all.
 */
export interface CatalogDatabase {
  pool: pg.Pool
  /** The superuser connection string, for a pool of one's own. */
  url: string
  /** A NOLOGIN role without any grant, unique to this database (roles are cluster-wide). */
  nobody: string
  /** Runs fn as the admin connection, or as an impersonated API role, inside a transaction. */
  run<T>(fn: (client: pg.PoolClient) => Promise<T>, impersonation?: Impersonation): Promise<T>
  /** Runs fn after `set local role` to the given role. */
  runAs<T>(role: string, fn: (client: pg.PoolClient) => Promise<T>): Promise<T>
  /** Runs SQL as the superuser (fixtures). */
  exec(sql: string): Promise<void>
  drop(): Promise<void>
}

export async function createCatalogDatabase(prefix: string, fixtureSql = ''): Promise<CatalogDatabase> {
  const db = await createTestDatabase(prefix)
  const nobody = `nobody_${db.name}`
  const admin = new pg.Client({ connectionString: db.url })
  await admin.connect()
  try {
    await bootstrapProjectDatabase(admin)
    await admin.query(`create role ${admin.escapeIdentifier(nobody)} nologin`)
    if (fixtureSql) await admin.query(fixtureSql)
  } finally {
    await admin.end()
  }
  const pool = createPool(db.url, { max: 3 })
  return {
    pool,
    url: db.url,
    nobody,
    run: (fn, impersonation) => withRole(pool, impersonation, fn),
    runAs: (role, fn) =>
      withRole(pool, undefined, async (client) => {
        await client.query(`set local role ${client.escapeIdentifier(role)}`)
        return fn(client)
      }),
    exec: async (sql) => {
      await pool.query(sql)
    },
    drop: async () => {
      await pool.end()
      await db.drop()
      await withAdminClient((c) => c.query(`drop role if exists ${c.escapeIdentifier(nobody)}`))
    },
  }
}

/**
 * What the relations of the catalog fixture use that is not a relation (types, schemas, a domain over an
 * enum, trigger functions, a foreign server whose wrapper has no handler), so that their definitions can
 * be run on a database holding only this.
 */
export const CATALOG_PREREQUISITES_SQL = `
create type public.mood as enum ('sad', 'ok', 'happy');
comment on type public.mood is 'How it went';
create schema sales;
create schema fidelity;
create domain fidelity.feeling as public.mood;
create foreign data wrapper no_handler;
create server nowhere foreign data wrapper no_handler;
create function fidelity.write_venue() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then insert into fidelity.venues (id, name) values (new.id, new.name); return new; end if;
  if tg_op = 'UPDATE' then update fidelity.venues set name = new.name where id = old.id; return new; end if;
  delete from fidelity.venues where id = old.id;
  return old;
end $$;
create function fidelity.keep_at() returns trigger language plpgsql as $$
begin
  new.at := old.at;
  return new;
end $$;
`

/**
 * The relations of the catalog fixture, each created after what it depends on: tables with an identity, a
 * generated column, a check, a unique column, comments, arrays and json, a composite primary key, a foreign
 * key with ON DELETE CASCADE and a composite one with SET NULL, a serial column whose sequence caches, a
 * view, a materialized view, a partitioned table with a partition, RLS on one table, and a table in a
 * second schema.
 *
 * The schema `fidelity` holds relations where the catalog is easy to get wrong:
 * - a NOT VALID check, and a table inheriting from it with a NO INHERIT check, a default and a NOT NULL
 *   of its own;
 * - a partitioned table with an identity starting at 100, an index and a trigger, whose partitions (one
 *   of them the default, with a default of its own) inherit its foreign key, and a table referencing it
 *   (Postgres clones that key once per partition, on the referencing side) with a column of a domain over
 *   an enum and an array of it, a column numbered by a sequence it owns, a disabled trigger, and forced
 *   RLS with a restrictive policy;
 * - an unlogged table with odd names, a storage option, a named NOT NULL, a collation and a virtual
 *   generated column;
 * - a view with security_invoker and a cascaded check option, a comment on one of its columns and a column
 *   default; a view that only INSTEAD OF triggers make updatable; a materialized view not yet populated;
 * - a foreign table with options, whose wrapper has no handler, and a view over it.
 */
export const CATALOG_RELATIONS_SQL = `
create table public.authors (
  id bigint generated always as identity primary key,
  name text not null,
  email text unique,
  mood public.mood default 'ok',
  moods public.mood[],
  tags text[] default '{}',
  profile jsonb,
  age int check (age >= 0),
  name_upper text generated always as (upper(name)) stored
);
comment on table public.authors is 'People who write';
comment on column public.authors.name is 'Display name';
alter table public.authors enable row level security;

create table public.books (
  author_id bigint not null references public.authors (id) on delete cascade,
  isbn text not null,
  title varchar(200),
  seq int generated by default as identity,
  primary key (author_id, isbn)
);

create table public.reviews (
  id serial primary key,
  author_id bigint,
  isbn text,
  foreign key (author_id, isbn) references public.books (author_id, isbn) on delete set null on update cascade
);
alter sequence public.reviews_id_seq cache 10;

create view public.author_names as select id, name from public.authors;
comment on view public.author_names is 'Names only';
create materialized view public.book_counts as select author_id, count(*) as n from public.books group by author_id;

create table public.events (id bigint not null, at date not null, primary key (id, at)) partition by range (at);
create table public.events_2024 partition of public.events for values from ('2024-01-01') to ('2025-01-01');

create table sales.orders (id int primary key, author_id bigint references public.authors (id));

create table fidelity.venues (id int primary key, name text not null, city text);
alter table fidelity.venues add constraint venues_name_check check (name <> '') not valid;
create table fidelity.archive (note text constraint archive_note_check check (length(note) < 500) no inherit)
  inherits (fidelity.venues);
alter table fidelity.archive alter column city set default 'Paris', alter column city set not null;

create table fidelity.shows (
  id bigint generated by default as identity (start with 100 increment by 5),
  venue_id int not null references fidelity.venues (id) on delete cascade,
  at date not null,
  primary key (id, at)
) partition by range (at);
create index on fidelity.shows (venue_id);
create trigger keep_at before update on fidelity.shows for each row execute function fidelity.keep_at();
create table fidelity.shows_2024 partition of fidelity.shows for values from ('2024-01-01') to ('2025-01-01');
create table fidelity.shows_rest partition of fidelity.shows default;
alter table fidelity.shows_rest alter column at set default '2000-01-01';

create table fidelity.tickets (
  id int primary key,
  show_id bigint,
  show_at date,
  feeling fidelity.feeling,
  feelings fidelity.feeling[],
  foreign key (show_id, show_at) references fidelity.shows (id, at)
);
create sequence fidelity.ticket_numbers as integer start with 1000;
alter table fidelity.tickets add column number int default nextval('fidelity.ticket_numbers');
alter sequence fidelity.ticket_numbers owned by fidelity.tickets.number;
create trigger keep_show_at before update of show_at on fidelity.tickets
  for each row when (old.show_at is not null) execute function fidelity.keep_at();
alter table fidelity.tickets disable trigger keep_show_at;
alter table fidelity.tickets enable row level security;
alter table fidelity.tickets force row level security;
create policy "sold only" on fidelity.tickets as restrictive for all to authenticated using (show_id is not null);

create unlogged table fidelity."Scratch Pad" (
  id int constraint scratch_id_required not null,
  "odd ""name""" text collate "C" default 'x',
  twice int generated always as (id * 2) virtual
) with (fillfactor = 70);
comment on column fidelity."Scratch Pad"."odd ""name""" is 'It''s odd';

create view fidelity.named_venues with (security_invoker = true) as
  select id, name from fidelity.venues where name <> '' with cascaded check option;
comment on column fidelity.named_venues.name is 'As announced';
alter view fidelity.named_venues alter column name set default 'Unnamed';

create view fidelity.venue_show_counts as
  select v.id, v.name, count(s.id) as show_count
    from fidelity.venues v left join fidelity.shows s on s.venue_id = v.id
   group by v.id;
create trigger write_venue instead of insert or update or delete on fidelity.venue_show_counts
  for each row execute function fidelity.write_venue();

create materialized view fidelity.venue_names as select name from fidelity.venues with no data;
create index on fidelity.venue_names (name);

create foreign table fidelity.remote (id int options (column_name 'remote_id'), label text)
  server nowhere options (schema_name 'far', table_name 'away');
create view fidelity.remote_labels as select id, label from fidelity.remote;
`

/** The catalog fixture: {@link CATALOG_PREREQUISITES_SQL}, then {@link CATALOG_RELATIONS_SQL}. */
export const CATALOG_FIXTURE_SQL = CATALOG_PREREQUISITES_SQL + CATALOG_RELATIONS_SQL

/** The oid of a relation, as the listings return it. */
export async function oidOf(client: pg.ClientBase, qualifiedName: string): Promise<number> {
  const { rows } = await client.query<{ oid: string }>('select $1::regclass::oid::int8 as oid', [qualifiedName])
  return Number(rows[0]?.oid)
}
