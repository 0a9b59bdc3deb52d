import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Dependent, PgSchema, SchemaDiagram } from '@basalt/contracts'
import { Agent, createProjectApp } from '../../../test/platform-app.ts'

describe('Database › Schemas routes', () => {
  let p: Awaited<ReturnType<typeof createProjectApp>>
  let readOnly: Agent
  let outsider: Agent
  const api = (path = '') => `/api/platform/pg-meta/${p.ref}/database/schemas${path}`

  beforeAll(async () => {
    p = await createProjectApp('Schemas')
    readOnly = await p.join('ro@example.com', 'read_only')
    outsider = await p.outsider()
  })
  afterAll(async () => {
    await p?.close()
  })

  it('creates a schema, draws its tables, keys and foreign keys, shows what a drop takes, and drops it', async () => {
    const created = await p.owner.post(api(), { name: 'shop' })
    expect(created.statusCode, created.body).toBe(201)
    const shop: PgSchema = created.json()
    await p.database.query(`
      create table shop.customers (id int primary key, email text unique not null);
      create table shop.orders (id int primary key, customer int references shop.customers (id), buyer_email text,
        constraint by_email foreign key (buyer_email) references shop.customers (email));
      create table public.invoices (id int primary key, order_id int references shop.orders (id));
    `)
    const diagram: SchemaDiagram = (await p.owner.get(api('/diagram?schema=shop'))).json()
    expect(diagram.tables.map((t) => t.name)).toEqual(['customers', 'orders'])
    expect(diagram.tables[0]!.columns).toEqual([
      { name: 'id', type: 'integer', nullable: false, primary: true, unique: false },
      { name: 'email', type: 'text', nullable: false, primary: false, unique: true },
    ])
    expect(diagram.foreign_keys).toEqual([
      expect.objectContaining({
        name: 'by_email',
        columns: ['buyer_email'],
        target_table: 'customers',
        target_columns: ['email'],
      }),
      expect.objectContaining({ name: 'orders_customer_fkey', columns: ['customer'], target_columns: ['id'] }),
    ])

    const dependents: Dependent[] = (await p.owner.get(api(`/dependents?id=${shop.id}`))).json()
    expect(dependents.map((d) => d.description)).toEqual(
      expect.arrayContaining(['table shop.customers', 'table shop.orders']),
    )
    const refused = await p.owner.delete(api(`?id=${shop.id}`))
    expect(refused.json()).toMatchObject({ code: 'pg_error', pg: { code: '2BP01' } })
    expect((await p.owner.delete(api(`?id=${shop.id}&cascade=true`))).statusCode).toBe(200)
    const left = (await p.owner.get(`/api/platform/pg-meta/${p.ref}/schemas`)).json() as PgSchema[]
    expect(left.map((s) => s.name)).not.toContain('shop')
  })

  it("refuses a platform schema and a taken name with Postgres' message", async () => {
    const auth = (await p.owner.get(`/api/platform/pg-meta/${p.ref}/schemas`))
      .json()
      .find((s: PgSchema) => s.name === 'auth')
    expect((await p.owner.delete(api(`?id=${auth.id}&cascade=true`))).statusCode).toBe(400)
    const taken = await p.owner.post(api(), { name: 'public' })
    expect(taken.json()).toMatchObject({ code: 'pg_error', pg: { code: '42P06' } })
  })

  it('lets a Read-only member read and not write; another organisation gets 404, a signed-out caller 401', async () => {
    expect((await readOnly.get(api('/diagram?schema=public'))).statusCode).toBe(200)
    expect((await readOnly.post(api(), { name: 'mine' })).statusCode).toBe(403)
    expect((await outsider.get(api('/diagram?schema=public'))).statusCode).toBe(404)
    expect((await outsider.post(api(), { name: 'mine' })).statusCode).toBe(404)
    expect((await new Agent(p.t.app).get(api('/diagram?schema=public'))).statusCode).toBe(401)
  })
})
