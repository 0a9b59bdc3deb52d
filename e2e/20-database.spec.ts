// Journey 20: the Database pages (issue 26). The owner finds a table on Database › Tables and opens it in the
// table editor; writes a trigger function in the function editor's Monaco (Postgres' refusal of a body that
// does not compile shown in the review, nothing created), creates a trigger that runs it, sees it fire on a
// row shown by the table editor, and disables it. A Read-only member sees the same lists without a control.
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures'
import { expectAccessible } from './support/accessibility'
import { OWNER, expectNoErrorPage, projectDatabase, screenshot, type Person } from './support/journey'
import { cell } from './support/grid'

const ref = 'default'
const TABLE = 'j20_items'
const FUNCTION = 'j20_touch'
const TRIGGER = 'j20_count_edits'
let reader: Person

async function query<T extends Record<string, unknown>>(sql: string): Promise<T[]> {
  const db = await projectDatabase(ref)
  try {
    return (await db.query<T>(sql)).rows
  } finally {
    await db.end()
  }
}

/** Replaces the function body in Monaco as a member would: click into the editor's box, select all, type. */
async function writeBody(page: Page, body: string) {
  const box = page.locator('.monaco-editor').filter({ has: page.getByRole('textbox', { name: 'Function body' }) })
  await box.click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  // Monaco closes brackets as one types; inserting the text keeps it exactly as written.
  await page.keyboard.insertText(body)
  await expect(box).toContainText('new.touched')
}

test.beforeAll(async ({ platform }) => {
  reader = await platform.member('j20', 'read_only')
  await query(`
    drop table if exists public.${TABLE};
    drop function if exists public.${FUNCTION}();
    create table public.${TABLE} (id bigint generated always as identity primary key, title text, touched int not null default 0);
  `)
})

test('the owner lists tables, writes a trigger function and a trigger, sees it fire, and disables it', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signIn(page, OWNER)

  // Tables: the row of the table, with its column count and RLS state, and the way to the table editor.
  await page.goto(`/project/${ref}/database/tables?search=${TABLE}`)
  const row = page
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name: `Open ${TABLE} in the table editor` }) })
  await expect(row).toContainText('RLS disabled')
  await expect(row.getByRole('cell').nth(4)).toHaveText('3')
  await expectNoErrorPage(page)
  await expectAccessible(page)
  await screenshot(page, '20-database-tables')

  // Functions: a body that does not compile is refused by Postgres, shown in the review; nothing is created.
  await page.goto(`/project/${ref}/database/functions`)
  await page.getByRole('button', { name: 'New function' }).click()
  const panel = page.getByRole('dialog', { name: 'Create a new function' })
  await panel.getByLabel('Name', { exact: true }).fill(FUNCTION)
  await panel.getByLabel('Return type').fill('trigger')
  await writeBody(page, 'begin\n  new.touched := new.touched + ;\n  return new;\nend')
  await expectAccessible(page, { include: '[role="dialog"]' })
  await screenshot(page, '20-function-editor')
  await panel.getByRole('button', { name: 'Review SQL' }).click()
  await expect(panel.getByLabel('SQL to run')).toContainText(
    `CREATE FUNCTION "public"."${FUNCTION}"()\nRETURNS trigger\nLANGUAGE plpgsql`,
  )
  await panel.getByRole('button', { name: 'Run' }).click()
  // Postgres' refusal comes back beside the body, on the form; nothing was created.
  await expect(panel.getByRole('alert')).toContainText('syntax error at end of input')
  await expect(panel.getByText('Definition')).toBeVisible()
  expect(await query(`select 1 from pg_proc where proname = '${FUNCTION}'`)).toHaveLength(0)

  await writeBody(page, 'begin\n  new.touched := new.touched + 1;\n  return new;\nend')
  await panel.getByRole('button', { name: 'Review SQL' }).click()
  await panel.getByRole('button', { name: 'Run' }).click()
  await expect(panel).toHaveCount(0)
  const fnRow = page.getByRole('row').filter({ hasText: FUNCTION })
  await expect(fnRow).toContainText('trigger')
  await expect(fnRow).toContainText('plpgsql')

  // Triggers: one on insert and on update of title, running that function.
  await page.goto(`/project/${ref}/database/triggers`)
  await page.getByRole('button', { name: 'New trigger' }).click()
  const triggerPanel = page.getByRole('dialog', { name: 'Create a new trigger' })
  await triggerPanel.getByLabel('Name', { exact: true }).fill(TRIGGER)
  await triggerPanel.getByLabel('Table').selectOption(TABLE)
  await triggerPanel.getByRole('checkbox', { name: 'UPDATE' }).check()
  await triggerPanel.getByRole('checkbox', { name: 'title' }).check()
  await triggerPanel.getByLabel('Function', { exact: true }).selectOption({ label: `public.${FUNCTION}` })
  await expectAccessible(page, { include: '[role="dialog"]' })
  await triggerPanel.getByRole('button', { name: 'Review SQL' }).click()
  await expect(triggerPanel.getByLabel('SQL to run')).toContainText(
    `CREATE TRIGGER "${TRIGGER}"\nBEFORE INSERT OR UPDATE OF "title" ON "public"."${TABLE}"\nFOR EACH ROW\nEXECUTE FUNCTION "public"."${FUNCTION}"();`,
  )
  await triggerPanel.getByRole('button', { name: 'Run' }).click()
  await expect(triggerPanel).toHaveCount(0)
  const section = page.getByRole('region', { name: TABLE, exact: true })
  await expect(section.getByRole('row').filter({ hasText: TRIGGER })).toContainText('INSERT OR UPDATE OF title')
  await expectAccessible(page)
  await screenshot(page, '20-database-triggers')

  // It fires: a row inserted now counts one touch in the table editor.
  await query(`insert into public.${TABLE} (title) values ('first')`)
  const [table] = await query<{ id: string }>(`select '${TABLE}'::regclass::oid::int8 as id`)
  await page.goto(`/project/${ref}/editor/${table!.id}`)
  await expect(await cell(page, 1, 'touched', TABLE)).toHaveText('1')

  // Disabled, it no longer fires.
  await page.goto(`/project/${ref}/database/triggers`)
  const toggle = page.getByRole('switch', { name: `Enabled: ${TRIGGER}` })
  await expect(toggle).toBeChecked()
  await toggle.click()
  await expect(toggle).not.toBeChecked()
  await query(`update public.${TABLE} set title = 'second'`)
  expect(await query(`select touched from public.${TABLE}`)).toEqual([{ touched: 1 }])
})

test('a Read-only member sees the lists without a control to change them', async ({ page }) => {
  await signIn(page, reader)
  for (const [path, name] of [
    ['tables', 'New table'],
    ['functions', 'New function'],
    ['triggers', 'New trigger'],
  ] as const) {
    await page.goto(`/project/${ref}/database/${path}`)
    await expect(page.getByRole('note')).toContainText('You need additional permissions to change the database.')
    await expect(page.getByRole('button', { name })).toHaveCount(0)
    await expectNoErrorPage(page)
  }
  await expect(
    page.getByRole('region', { name: TABLE, exact: true }).getByText('disabled', { exact: true }),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: TABLE, exact: true })).toContainText(TRIGGER)
  await expect(page.getByRole('switch')).toHaveCount(0)
})
