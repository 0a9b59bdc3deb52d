// Journey 22: the Database pages of issue 26 beyond journey 20's tables, functions and triggers. The owner
// creates a schema and sees its tables and foreign key in the diagram (exported as SVG), enables and disables
// an extension, creates a role, an index and a publication, adds an enum value — each reviewed as SQL — and
// finds every one of those changes in the migration history, which downloads as a .sql file. A Read-only
// member sees the pages without a control.
import type { Page } from '@playwright/test'
import { readFile } from 'node:fs/promises'
import { expect as baseExpect, signIn, test } from './support/fixtures'
import { expectAccessible } from './support/accessibility'
import { OWNER, expectNoErrorPage, projectDatabase, screenshot, screenshotDark, type Person } from './support/journey'

const ref = 'default'
// The diagram's layout and React Flow's first render take seconds on a machine running other journeys.
const expect = baseExpect.configure({ timeout: 45_000 })
const SCHEMA = 'j22_shop'
const suffix = Math.random().toString(36).slice(2, 7)
const ROLE = `j22_reader_${suffix}`
let reader: Person

async function query<T extends Record<string, unknown>>(sql: string): Promise<T[]> {
  const db = await projectDatabase(ref)
  try {
    return (await db.query<T>(sql)).rows
  } finally {
    await db.end()
  }
}

/** Review the SQL a panel built, check it, run it; the panel closes when Postgres took it. */
async function reviewAndRun(page: Page, panelName: string, sql: string) {
  const panel = page.getByRole('dialog', { name: panelName })
  await expectAccessible(page, { include: '[role="dialog"]' })
  await panel.getByRole('button', { name: 'Review SQL' }).click()
  await expect(panel.getByLabel('SQL to run')).toContainText(sql)
  await panel.getByRole('button', { name: 'Run' }).click()
  await expect(panel).toHaveCount(0)
}

test.beforeAll(async ({ platform }) => {
  // A tag of its own each run: a worker restarted after a failure signs the member up again.
  reader = await platform.member(`j22${suffix}`, 'read_only')
  await query(`
    drop schema if exists ${SCHEMA} cascade;
    drop extension if exists citext;
    drop publication if exists j22_feed;
    drop type if exists public.j22_mood;
    create type public.j22_mood as enum ('sad', 'ok');
  `)
  // postgres_fdw is the cluster superuser's to create and drop (the admin role may not).
  await query('reset role; drop extension if exists postgres_fdw cascade')
})
test.afterAll(async () => {
  await query(`drop role if exists ${ROLE}`)
  await query('reset role; drop extension if exists postgres_fdw cascade')
})

test('the owner changes schemas, extensions, roles, indexes, publications and enums, and downloads the migrations', async ({
  page,
}) => {
  test.setTimeout(360_000)
  await signIn(page, OWNER)

  // A new schema, then two tables with a foreign key: both boxes and the edge in the diagram.
  await page.goto(`/project/${ref}/database/schemas`)
  await page.getByRole('button', { name: 'New schema' }).click()
  await page.getByRole('dialog', { name: 'Create a new schema' }).getByLabel('Name').fill(SCHEMA)
  await reviewAndRun(page, 'Create a new schema', `CREATE SCHEMA "${SCHEMA}";`)
  await expect(page).toHaveURL(new RegExp(`schema=${SCHEMA}`))
  await query(`
    create table ${SCHEMA}.customers (id int primary key, email text not null);
    create table ${SCHEMA}.orders (id int primary key, customer int references ${SCHEMA}.customers (id), total int);
  `)
  await page.reload()
  const diagram = page.getByRole('figure', { name: `Diagram of schema ${SCHEMA}` })
  await expect(diagram.getByRole('link', { name: 'Open customers in the table editor' })).toBeVisible()
  await expect(diagram.getByRole('link', { name: 'Open orders in the table editor' })).toBeVisible()
  await expect(diagram.locator('.react-flow__edge')).toHaveCount(1)
  await expectAccessible(page)
  await screenshot(page, '22-schema-diagram')
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export SVG' }).click()
  const svg = await readFile((await (await download).path())!, 'utf8')
  expect(svg).toContain('>orders</text>')
  // The PNG export: a PNG file (its signature), of a real picture's size.
  const pngDownload = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export PNG' }).click()
  const png = await readFile((await (await pngDownload).path())!)
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
  expect(png.length).toBeGreaterThan(10_000)
  await screenshotDark(page, '22-schema-diagram-dark')

  // Extensions: citext enabled into the extensions schema, then disabled after typing its name.
  await page.goto(`/project/${ref}/database/extensions?search=citext`)
  await page.getByRole('button', { name: 'Enable citext' }).click()
  await reviewAndRun(page, 'Enable extension citext', 'CREATE EXTENSION "citext" WITH SCHEMA "extensions";')
  await expect(page.getByRole('button', { name: 'Disable citext' })).toBeVisible()
  await page.goto(`/project/${ref}/database/extensions?search=postgres_fdw`)
  await expect(page.getByLabel(/superuser only: Only a superuser may create this extension/)).toBeVisible()
  await expectAccessible(page)
  await page.goto(`/project/${ref}/database/extensions?search=citext`)

  // Wrappers: postgres_fdw enabled by a superuser with USAGE for everyone; the owner creates a server and
  // deletes it, with its user mapping shown as what depends on it.
  await query(`
    reset role;
    create extension postgres_fdw schema extensions;
    grant usage on foreign data wrapper postgres_fdw to public;
  `)
  await page.goto(`/project/${ref}/database/wrappers`)
  await expect(page.getByRole('table', { name: 'Wrappers' })).toContainText('postgres_fdw')
  await page.getByRole('button', { name: 'New server' }).click()
  const serverPanel = page.getByRole('dialog', { name: 'Create a foreign server' })
  await serverPanel.getByLabel('Name', { exact: true }).fill('j22_remote')
  await serverPanel.getByLabel('Server options: host').fill('127.0.0.1')
  await serverPanel.getByLabel('Server options: dbname').fill('elsewhere')
  await serverPanel.getByLabel('User mapping options: user').fill('someone')
  await serverPanel.getByLabel('User mapping options: password').fill('j22-secret')
  await serverPanel.getByRole('button', { name: 'Review SQL' }).click()
  await expect(serverPanel.getByLabel('SQL to run')).toContainText(`"password" '********'`)
  await expect(serverPanel.getByLabel('SQL to run')).not.toContainText('j22-secret')
  await serverPanel.getByRole('button', { name: 'Back to edit' }).click()
  await reviewAndRun(page, 'Create a foreign server', 'CREATE SERVER "j22_remote" FOREIGN DATA WRAPPER "postgres_fdw"')
  const servers = page.getByRole('table', { name: 'Servers' })
  await expect(servers).toContainText('host=127.0.0.1')
  await expectAccessible(page)
  await screenshot(page, '22-wrappers')
  await page.getByRole('button', { name: 'Delete server j22_remote' }).click()
  const dropServer = page.getByRole('dialog', { name: 'Delete server j22_remote' })
  await expect(dropServer).toContainText(/user mapping for .+ on server j22_remote/)
  await dropServer.getByLabel('Also drop what depends on it (CASCADE)').check()
  await expect(dropServer.getByLabel('SQL to run')).toHaveText('DROP SERVER "j22_remote" CASCADE;')
  await dropServer.getByRole('textbox').fill('j22_remote')
  await dropServer.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('No servers')).toBeVisible()

  await page.goto(`/project/${ref}/database/extensions?search=citext`)
  await page.getByRole('button', { name: 'Disable citext' }).click()
  const disable = page.getByRole('dialog', { name: 'Disable extension citext' })
  await expect(disable).toContainText('Nothing depends on it.')
  await disable.getByRole('textbox').fill('citext')
  await disable.getByRole('button', { name: 'Disable' }).click()
  await expect(page.getByRole('button', { name: 'Enable citext' })).toBeVisible()

  // A role, with a password the review does not show.
  await page.goto(`/project/${ref}/database/roles`)
  await page.getByRole('button', { name: 'New role' }).click()
  const rolePanel = page.getByRole('dialog', { name: 'Create a new role' })
  await rolePanel.getByLabel('Name').fill(ROLE)
  await rolePanel.getByRole('checkbox', { name: 'Can log in' }).check()
  await rolePanel.getByLabel('Password').fill('j22-secret')
  await reviewAndRun(page, 'Create a new role', `ALTER ROLE "${ROLE}" PASSWORD '********';`)
  // The admin role that created it is a member of it: the row is the one the role's name starts.
  await expect(page.getByRole('row', { name: new RegExp(`^${ROLE} `) })).toContainText('can log in')
  await expectAccessible(page)

  // An index on the foreign key's column.
  await page.goto(`/project/${ref}/database/indexes?schema=${SCHEMA}`)
  await page.getByRole('button', { name: 'New index' }).click()
  const indexPanel = page.getByRole('dialog', { name: 'Create a new index' })
  await indexPanel.getByLabel('Table').selectOption('orders')
  await indexPanel.getByRole('checkbox', { name: 'customer' }).check()
  await reviewAndRun(
    page,
    'Create a new index',
    `CREATE INDEX "orders_customer_idx" ON "${SCHEMA}"."orders" USING btree ("customer");`,
  )
  await expect(page.getByRole('row').filter({ hasText: 'orders_customer_idx' })).toContainText('unused')
  await expectAccessible(page)

  // A publication of the orders table, inserts and updates only.
  await page.goto(`/project/${ref}/database/replication`)
  await page.getByRole('button', { name: 'New publication' }).click()
  const pubPanel = page.getByRole('dialog', { name: 'Create a new publication' })
  await pubPanel.getByLabel('Name').fill('j22_feed')
  await pubPanel.getByRole('checkbox', { name: 'delete' }).uncheck()
  await pubPanel.getByRole('checkbox', { name: 'truncate' }).uncheck()
  await pubPanel.getByLabel('Schema').selectOption(SCHEMA)
  await pubPanel.getByRole('checkbox', { name: 'orders' }).check()
  await reviewAndRun(
    page,
    'Create a new publication',
    `CREATE PUBLICATION "j22_feed" FOR TABLE "${SCHEMA}"."orders" WITH (publish = 'insert, update');`,
  )
  await expect(page.getByRole('row').filter({ hasText: 'j22_feed' })).toContainText(`${SCHEMA}.orders`)
  await expectAccessible(page)

  // An enum value between the two.
  await page.goto(`/project/${ref}/database/types?search=j22_mood`)
  await page.getByRole('button', { name: 'Add a value to j22_mood' }).click()
  const enumPanel = page.getByRole('dialog', { name: 'Add a value to j22_mood' })
  await enumPanel.getByLabel('Position').selectOption('after')
  await enumPanel.getByLabel('Existing value').selectOption('sad')
  await enumPanel.getByLabel('New value').fill('meh')
  await reviewAndRun(page, 'Add a value to j22_mood', `ALTER TYPE "public"."j22_mood" ADD VALUE 'meh' AFTER 'sad';`)
  await expect(page.getByRole('row').filter({ hasText: 'j22_mood' })).toContainText('sad, meh, ok')

  // Every change above is a numbered migration; one downloads as a file.
  await page.goto(`/project/${ref}/database/migrations`)
  for (const name of [
    `schema_create_${SCHEMA}`,
    'extension_enable_citext',
    'extension_disable_citext',
    `role_create_${ROLE}`,
    `index_create_${SCHEMA}_orders_customer_idx_on_orders`,
    'publication_create_j22_feed',
    'type_add_value_public_j22_mood',
    'foreign_server_create_j22_remote',
    'foreign_server_delete_j22_remote',
  ]) {
    await expect(page.getByText(name, { exact: true })).toBeVisible()
  }
  await expectAccessible(page)
  await screenshot(page, '22-migrations')
  const file = page.waitForEvent('download')
  await page.getByRole('link', { name: /^Download \d{14}_publication_create_j22_feed\.sql$/ }).click()
  const text = await readFile((await (await file).path())!, 'utf8')
  expect(text).toContain(`CREATE PUBLICATION "j22_feed" FOR TABLE "${SCHEMA}"."orders"`)
  await expectNoErrorPage(page)
})

test('a Read-only member sees the new pages without a control to change them', async ({ page }) => {
  test.setTimeout(180_000)
  await signIn(page, reader)
  for (const [path, name] of [
    ['extensions', 'Enable citext'],
    ['roles', 'New role'],
    ['indexes', 'New index'],
    ['types', 'New enum'],
    ['replication', 'New publication'],
    ['wrappers', 'New server'],
  ] as const) {
    await page.goto(`/project/${ref}/database/${path}`)
    await expect(page.getByRole('note')).toContainText('You need additional permissions to change the database.')
    await expect(page.getByRole('button', { name })).toHaveCount(0)
    await expectNoErrorPage(page)
  }
  await page.goto(`/project/${ref}/database/schemas`)
  await expect(page.getByRole('button', { name: 'New schema' })).toHaveCount(0)
  await expectAccessible(page)
})
