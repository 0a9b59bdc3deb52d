import { describe, expect, it } from 'vitest'
import { splitStatements } from '../sql-editor/statements.ts'
import { schemaChangesOfRun, sqlEditorMigrationName } from './project-migrations.ts'

/** What a SQL editor run on a branch records (issue 28 §4): the text split by Postgres' parser, as a run splits it. */
async function changesOf(text: string, rolledBack = false) {
  const split = await splitStatements(text)
  if (!split.ok) throw new Error(split.error.message)
  return schemaChangesOfRun(split.data, rolledBack)
}

describe('the schema changes of a SQL editor run', () => {
  it('keeps the schema-changing statements, not reads, row writes, settings or code', async () => {
    const changes = await changesOf(`
      set search_path = public;
      create table notes (id int primary key); -- the table
      insert into notes values (1);
      update notes set id = 2;
      delete from notes;
      select * from notes;
      do $$ begin perform 1; end $$;
      truncate notes;
      alter table notes add column body text /* a column */;
      comment on table notes is 'Notes; one a row';
      grant select on notes to public;
      create index notes_body on notes (body);
      drop index notes_body;
      vacuum notes;
      alter system set work_mem = '8MB';`)
    expect(changes).toEqual([
      'create table notes (id int primary key);',
      'alter table notes add column body text;',
      "comment on table notes is 'Notes; one a row';",
      'grant select on notes to public;',
      'create index notes_body on notes (body);',
      'drop index notes_body;',
    ])
    expect(sqlEditorMigrationName(changes)).toBe('sql_editor_create_table_notes')
  })

  it('leaves out what a rollback, a rollback to a savepoint or a begin left open undid', async () => {
    expect(await changesOf('begin; create table a (n int); rollback; create table b (n int)')).toEqual([
      'create table b (n int);',
    ])
    expect(
      await changesOf(
        'create table a (n int); savepoint s; create table b (n int); rollback to savepoint s; create table c (n int)',
      ),
    ).toEqual(['create table a (n int);', 'create table c (n int);'])
    expect(await changesOf('create table a (n int); commit; begin; create table b (n int)', true)).toEqual([
      'create table a (n int);',
    ])
    expect(await changesOf("begin; create table a (n int); prepare transaction 'x'")).toEqual([])
  })

  it('never records a password or a user mapping’s options, however they are written', async () => {
    const changes = await changesOf(`
      create user bob password 'secret1';
      -- a comment before it
      alter role "Bob B" with login encrypted password $$secret2$$;
      create role carol login password E'secret3';
      create user mapping for bob server files options (user 'bob', password 'secret4');
      alter role bob set search_path = public`)
    expect(changes.join('\n')).not.toMatch(/secret/)
    expect(changes).toEqual([
      '-- CREATE ROLE "bob" PASSWORD … (a password is not recorded)',
      '-- ALTER ROLE "Bob B" PASSWORD … (a password is not recorded)',
      '-- CREATE ROLE "carol" PASSWORD … (a password is not recorded)',
      '-- CREATE USER MAPPING FOR bob SERVER files OPTIONS (…) (its options hold credentials and are not recorded)',
      'alter role bob set search_path = public;',
    ])
  })

  it('records a statement that cannot run in the apply’s transaction as a comment saying so', async () => {
    expect(await changesOf('create index concurrently notes_id on notes (id)')).toEqual([
      '-- Not applied with the others: it cannot run inside a transaction. Run it yourself:\n-- create index concurrently notes_id on notes (id)',
    ])
  })
})
