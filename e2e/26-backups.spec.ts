// Journey 26: backups, point-in-time recovery and branches (issue 28 §8). The owner backs a project up, drops a
// table in the SQL editor, restores the project to just before that statement into a new project and finds the
// table there with its rows; then makes a branch, adds a column on it in the table editor and another in the
// SQL editor, reviews the two changes' SQL on the branch's page and applies them to the parent.
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures'
import { expectAccessible } from './support/accessibility'
import { expectRows, openTable } from './support/grid'
import {
  MONACO_LOAD_MS,
  OWNER,
  expectNoErrorPage,
  projectDatabase,
  screenshot,
  screenshotDark,
} from './support/journey'

const ORDERS = 'j26_orders'
const ITEMS = 'j26_items'

async function query<T>(ref: string, sql: string): Promise<T[]> {
  const db = await projectDatabase(ref)
  try {
    return (await db.query(sql)).rows as T[]
  } finally {
    await db.end()
  }
}

const backupsPage = (ref: string) => `/project/${ref}/database/backups/scheduled`

async function runSql(page: Page, ref: string, sql: string, { destructive = false } = {}) {
  await page.goto(`/project/${ref}/sql/new`)
  const editor = page.locator('.monaco-editor').filter({ has: page.getByRole('textbox', { name: 'SQL' }) })
  await expect(editor).toBeVisible({ timeout: MONACO_LOAD_MS })
  await editor.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(sql)
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  // A drop is destructive: the editor asks first.
  if (destructive) await page.getByRole('dialog').getByRole('button', { name: 'Run this query' }).click()
  await expect(page.getByRole('region', { name: 'Results' }).getByText('Success. No rows returned')).toBeVisible()
}

test('the owner restores a dropped table into a new project, and applies a branch’s change to its parent', async ({
  page,
  platform,
}) => {
  test.setTimeout(600_000)
  const org = await platform.createOrganization('J26 Backups')
  const ref = await platform.createProject(org, 'J26 shop')
  await query(ref, `create table public.${ORDERS} (id int primary key, item text not null)`)
  await query(ref, `insert into public.${ORDERS} select i, 'item ' || i from generate_series(1, 20) i`)
  await query(ref, `create table public.${ITEMS} (id int primary key, title text)`)
  await signIn(page, OWNER)

  // A base backup, asked for (the journeys' server defers each project's first one: README).
  await page.goto(backupsPage(ref))
  await page.getByRole('button', { name: 'Back up now' }).click()
  const backups = page.getByRole('table', { name: 'Base backups' })
  await expect(backups.getByText('done')).toBeVisible({ timeout: 120_000 })
  await expectNoErrorPage(page)

  // The table dropped in the SQL editor.
  await runSql(page, ref, `drop table public.${ORDERS}`, { destructive: true })

  // Restored to just before that statement, into a new project.
  await page.goto(backupsPage(ref))
  const before = page.getByLabel('Or just before a statement you ran in the SQL editor')
  const dropRun = before.locator('option', { hasText: `drop table public.${ORDERS}` })
  await expect(dropRun).toHaveCount(1)
  const value = await dropRun.getAttribute('value')
  await before.selectOption(value!)
  await page.getByLabel('Name of the new project').fill('J26 restored')
  await expectAccessible(page)
  await screenshot(page, '26-backups-restore-light')
  await page.getByRole('button', { name: 'Restore', exact: true }).click()
  const open = page.getByRole('link', { name: 'Open the new project' })
  await expect(open).toBeVisible({ timeout: 60_000 })
  const restored = (await open.getAttribute('href'))!.split('/').at(-1)!
  await platform.waitUntilActive(restored)
  await page.goto(`/project/${restored}/editor`)
  await openTable(page, ORDERS)
  await expectRows(page, 20, ORDERS)
  await expectNoErrorPage(page)
  expect(await query(ref, `select to_regclass('public.${ORDERS}') as t`)).toEqual([{ t: null }])

  // A branch of the project, listed under it.
  await page.goto(backupsPage(ref))
  await page.getByLabel('Name of the branch').fill('J26 preview')
  await page.getByRole('button', { name: 'Create branch' }).click()
  const branchLink = page.getByRole('list', { name: 'Branches' }).getByRole('link', { name: 'J26 preview' })
  await expect(branchLink).toBeVisible({ timeout: 120_000 })
  const branch = (await branchLink.getAttribute('href'))!.split('/').at(-1)!
  await platform.waitUntilActive(branch)

  // A column added on the branch in the table editor.
  await page.goto(`/project/${branch}/editor`)
  await openTable(page, ITEMS)
  await page.getByRole('button', { name: 'Insert', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Insert column' }).click()
  const columnPanel = page.getByRole('dialog', { name: `Add a new column to ${ITEMS}` })
  await columnPanel.getByLabel('Name').fill('price')
  await columnPanel.getByLabel('Type').selectOption('numeric')
  await columnPanel.getByRole('button', { name: 'Review' }).click()
  await columnPanel.getByRole('button', { name: 'Save' }).click()
  await expect(columnPanel).toHaveCount(0)
  // And one in the SQL editor: a run on a branch is recorded in its migration history too.
  await runSql(page, branch, `alter table public.${ITEMS} add column sku text`)

  // On the branch's page: the two changes, their SQL reviewed, applied to the parent.
  await page.goto(backupsPage(branch))
  const changes = page.getByRole('table', { name: 'Schema changes on this branch' })
  await expect(changes.getByRole('cell', { name: 'not applied' })).toHaveCount(2)
  await page.getByRole('button', { name: 'Review and apply to the parent' }).click()
  await expect(page.getByLabel('SQL to apply')).toContainText('price')
  await expect(page.getByLabel('SQL to apply')).toContainText(`alter table public.${ITEMS} add column sku text;`)
  await expectAccessible(page)
  await screenshot(page, '26-backups-branch-review-light')
  await screenshotDark(page, '26-backups-branch-review-dark')
  await page.getByRole('button', { name: 'Apply these 2 changes to the parent' }).click()
  await expect(changes.getByRole('cell', { name: 'applied', exact: true })).toHaveCount(2)
  expect(
    await query<{ column_name: string }>(
      ref,
      `select column_name from information_schema.columns where table_schema = 'public' and table_name = '${ITEMS}' order by ordinal_position`,
    ),
  ).toEqual([{ column_name: 'id' }, { column_name: 'title' }, { column_name: 'price' }, { column_name: 'sku' }])

  // Storage is not a branch's.
  await page.goto(`/project/${branch}/storage/buckets`)
  await expect(page.getByText('Storage is not available on preview branches for now.')).toBeVisible()
})
