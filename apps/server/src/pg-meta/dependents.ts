import { ok, type Dependent, type Result } from '@basalt/contracts'
import type pg from 'pg'
import { runSql } from './catalog.ts'

/**
 * What depends on an object (pg_depend, normal and automatic dependencies), as pg_describe_object names it:
 * what a drop refuses without CASCADE, shown before it. An extension's members are left out (they go with
 * it), and so are the object's own parts that go with it anyway (a table's row type, its array type).
 */
const DEPENDENTS_SQL = `
select distinct pg_describe_object(d.classid, d.objid, d.objsubid) as description, d.classid::regclass::text as catalog
from pg_depend d
where d.refclassid = $1::regclass and d.refobjid = $2::oid and d.deptype in ('n', 'a')
  and not (d.classid = 'pg_type'::regclass and d.deptype = 'a' and $1::regclass = 'pg_class'::regclass)
  and not (d.classid = $1::regclass and d.objid = $2::oid)
order by 1
`

/** Objects depending on the object `id` of the catalog `catalog` ('pg_proc', 'pg_namespace' …). */
export async function listDependents(client: pg.ClientBase, catalog: string, id: number): Promise<Result<Dependent[]>> {
  const rows = await runSql<Dependent>(client, DEPENDENTS_SQL, [catalog, id])
  return rows.ok ? ok(rows.data) : rows
}
