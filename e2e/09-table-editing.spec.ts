// Journey 9: the owner makes a table in the default project and works in it (spec 1 §2, §5; spec 2 §3,
// §5): create a table with the starting columns plus one column of each common type, review its SQL, add
// a foreign key column to the critics this journey seeds, insert rows from the side panel, edit a cell of
// each type in the grid, import a CSV (a bad one first: its rejected line is reported and nothing is
// kept), import a CSV into a new table and export that table again byte for byte, then delete rows.
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { expect, signIn, test } from './support/fixtures'
import { cell, expectRecords, grid, openTable, scrollToStart } from './support/grid'
import { OWNER, expectNoErrorPage, projectDatabase, screenshot } from './support/journey'

const EDITOR = '/project/default/editor'
const TABLE = 'reviews'
const IMPORTED = 'shelf'
/** What the reviews' foreign key references: two critics, ids 1 and 2. */
const CRITICS = 'critics'

/** A CSV in the form Postgres writes it (COPY … CSV HEADER), so an export of its rows gives it back. */
const SHELF_CSV = [
  'id,title,pages,price,published_on',
  '1,"Dune, Messiah",256,9.99,1969-10-15',
  '2,"The ""Left Hand"" of Darkness",304,12.50,1969-03-01',
  '3,Solaris,,7.00,1961-06-01',
  '4,"",120,0.50,2001-01-01',
].join('\n')

test.beforeAll(async () => {
  const db = await projectDatabase('default')
  try {
    await db.query(`
      drop table if exists public.${TABLE}, public.${IMPORTED}, public.${CRITICS};
      drop type if exists public.review_mood;
      create type public.review_mood as enum ('loved', 'liked', 'meh');
      create table public.${CRITICS} (id bigint generated always as identity primary key, name text not null);
      insert into public.${CRITICS} (name) values ('Critic 1'), ('Critic 2');
    `)
  } finally {
    await db.end()
  }
})

async function query<T>(sql: string): Promise<T[]> {
  const db = await projectDatabase('default')
  try {
    return (await db.query(sql)).rows as T[]
  } finally {
    await db.end()
  }
}

/** Opens a new column row in the create-table panel and fills it. */
async function addStartingColumn(page: Page, n: number, name: string, type: string, array = false): Promise<void> {
  const panel = page.getByRole('dialog', { name: 'Create a new table under public' })
  await panel.getByRole('button', { name: 'Add column' }).click()
  const column = panel.getByRole('group', { name: `Column ${n}` })
  await column.getByLabel('Name').fill(name)
  await column.getByLabel('Type').selectOption(type)
  if (array) await column.getByLabel('Define as array').check()
}

/** Opens the editor of a cell, types the value and saves with Enter; waits for 'Changes saved'. */
async function editCell(page: Page, row: number, column: string, value: string, how: 'dialog' | 'inline') {
  const target = await cell(page, row, column, TABLE)
  if (how === 'dialog') {
    await target.click()
    const editor = page.getByRole('dialog', { name: `Edit ${column}` })
    await editor.getByRole('textbox', { name: column }).fill(value)
    await editor.getByRole('textbox', { name: column }).press('Enter')
    await expect(editor).toHaveCount(0)
  } else {
    await target.dblclick()
    const input = grid(page, TABLE).getByRole('textbox', { name: column })
    await input.fill(value)
    await input.press('Enter')
  }
  await expect(page.getByRole('button', { name: 'Changes saved' })).toBeVisible()
}

async function pickInCell(page: Page, row: number, column: string, option: string) {
  const target = await cell(page, row, column, TABLE)
  await target.dblclick()
  await grid(page, TABLE).getByRole('combobox', { name: column }).selectOption({ label: option })
  await expect(page.getByRole('button', { name: 'Changes saved' })).toBeVisible()
}

test('create a table, add a foreign key, insert, edit every type, import, export and delete rows', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, OWNER)
  await page.goto(EDITOR)

  // Create the table: the starting id and created_at, and one column of each kind.
  await page.getByRole('button', { name: 'New table', exact: true }).click()
  const panel = page.getByRole('dialog', { name: 'Create a new table under public' })
  await panel.getByLabel('Name', { exact: true }).first().fill(TABLE)
  await panel.getByLabel('Description').fill('What readers thought')
  await expect(panel.getByLabel('Enable Row Level Security (RLS)')).toBeChecked()
  await expect(panel.getByRole('group', { name: 'Column 1' }).getByLabel('Name')).toHaveValue('id')
  await expect(panel.getByRole('group', { name: 'Column 2' }).getByLabel('Name')).toHaveValue('created_at')
  await addStartingColumn(page, 3, 'title', 'text')
  await addStartingColumn(page, 4, 'rating', 'int4')
  await addStartingColumn(page, 5, 'published', 'bool')
  await addStartingColumn(page, 6, 'read_on', 'date')
  await addStartingColumn(page, 7, 'mood', 'public.review_mood')
  await addStartingColumn(page, 8, 'meta', 'jsonb')
  await addStartingColumn(page, 9, 'tags', 'text', true)
  await expectAccessible(page)
  await panel.getByRole('button', { name: 'Review' }).click()
  const sql = panel.getByLabel('SQL to run')
  await expect(sql).toContainText(`create table "public"."${TABLE}" (`)
  await expectAccessible(page)
  await expect(sql).toContainText('enable row level security')
  await screenshot(page, '09-create-table-review')
  await panel.getByRole('button', { name: 'Save' }).click()
  await expect(panel).toHaveCount(0)
  await expect(grid(page, TABLE)).toBeVisible()
  await expect(page.getByText('This table is empty')).toBeVisible()
  await expectNoErrorPage(page)

  // A foreign key column to the critics, from the Insert menu.
  await page.getByRole('button', { name: 'Insert', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Insert column' }).click()
  const columnPanel = page.getByRole('dialog', { name: `Add a new column to ${TABLE}` })
  await columnPanel.getByLabel('Name').fill('critic_id')
  await columnPanel.getByLabel('Type').selectOption('int8')
  await columnPanel.getByRole('button', { name: 'Add foreign key' }).click()
  await columnPanel.getByLabel('Referenced schema').selectOption('public')
  await columnPanel.getByLabel('Referenced table').selectOption(CRITICS)
  await columnPanel.getByLabel('Referenced column').selectOption('id')
  await columnPanel.getByLabel('Action if the referenced row is deleted').selectOption('cascade')
  await expectAccessible(page)
  await columnPanel.getByRole('button', { name: 'Review' }).click()
  await expect(columnPanel.getByLabel('SQL to run')).toContainText(`references "public"."${CRITICS}"`)
  await columnPanel.getByRole('button', { name: 'Save' }).click()
  await expect(columnPanel).toHaveCount(0)
  // The panel gives the focus back to the menu's button that opened it.
  await expect(page.getByRole('button', { name: 'Insert', exact: true })).toBeFocused()
  const [fk] = await query<{ action: string }>(
    `select confdeltype as action from pg_constraint where conrelid = 'public.${TABLE}'::regclass and contype = 'f'`,
  )
  expect(fk).toEqual({ action: 'c' })

  // Insert two rows from the side panel.
  for (const [title, rating] of [
    ['First read', '4'],
    ['Second read', '2'],
  ] as const) {
    await page.getByRole('button', { name: 'Insert', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Insert row' }).click()
    const rowPanel = page.getByRole('dialog', { name: `Insert row into public.${TABLE}` })
    await rowPanel.getByLabel('title', { exact: true }).fill(title)
    await rowPanel.getByLabel('rating', { exact: true }).fill(rating)
    await rowPanel.getByLabel('critic_id', { exact: true }).fill('1')
    if (rating === '4') await expectAccessible(page)
    await rowPanel.getByRole('button', { name: 'Save' }).click()
    await expect(rowPanel).toHaveCount(0)
  }
  await expectRecords(page, 2)
  await expect(await cell(page, 1, 'title', TABLE)).toHaveText('First read')

  // Edit a cell of each type in the first row, left to right (columns off screen are not rendered).
  await editCell(page, 1, 'created_at', '2026-01-02 03:04:05+00', 'inline')
  await editCell(page, 1, 'title', 'First read, again', 'dialog')
  await editCell(page, 1, 'rating', '5', 'inline')
  await pickInCell(page, 1, 'published', 'TRUE')
  await editCell(page, 1, 'read_on', '2026-11-20', 'inline')
  await pickInCell(page, 1, 'mood', 'loved')
  // One Escape closes a choice editor, back on its cell.
  for (const column of ['published', 'mood']) {
    const target = await cell(page, 1, column, TABLE)
    await target.dblclick()
    await expect(grid(page, TABLE).getByRole('combobox', { name: column })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(grid(page, TABLE).getByRole('combobox', { name: column })).toHaveCount(0)
    await expect(target).toBeFocused()
  }
  await editCell(page, 1, 'meta', '{"pages": 320, "format": "paperback"}', 'dialog')
  await editCell(page, 1, 'tags', '["sf", "classic"]', 'dialog')
  // Invalid JSON is refused before anything is sent.
  await (await cell(page, 1, 'meta', TABLE)).click()
  const jsonEditor = page.getByRole('dialog', { name: 'Edit meta' })
  await jsonEditor.getByRole('textbox', { name: 'meta' }).fill('{pages: 1')
  await jsonEditor.getByRole('textbox', { name: 'meta' }).press('Enter')
  await expect(jsonEditor.getByText('Please enter a valid JSON')).toBeVisible()
  await expectAccessible(page)
  await jsonEditor.getByRole('textbox', { name: 'meta' }).press('Escape')
  await expect(jsonEditor).toHaveCount(0)
  await screenshot(page, '09-edited-row')

  const [edited] = await query(
    `select title, rating, published, read_on::text, mood::text, meta, tags, created_at = '2026-01-02 03:04:05+00' as at
       from public.${TABLE} order by id limit 1`,
  )
  expect(edited).toEqual({
    title: 'First read, again',
    rating: 5,
    published: true,
    read_on: '2026-11-20',
    mood: 'loved',
    meta: { pages: 320, format: 'paperback' },
    tags: ['sf', 'classic'],
    at: true,
  })

  // A CSV with a bad rating on line 3: the line is reported and nothing is imported.
  const openImport = async () => {
    await page.getByRole('button', { name: 'Insert', exact: true }).click()
    await page.getByRole('menuitem', { name: 'Import data from CSV' }).click()
    return page.getByRole('dialog', { name: 'Import data from CSV' })
  }
  let dialog = await openImport()
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'reviews.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('title,rating,critic_id\nImported one,3,2\nImported two,lots,2\n'),
  })
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText('Imported one')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Import data' }).click()
  const rejected = dialog.getByRole('list', { name: 'Rejected rows' })
  await expect(rejected.getByRole('listitem')).toHaveCount(1)
  await expect(rejected.getByRole('listitem').first()).toContainText('Line 3')
  await expect(rejected.getByRole('listitem').first()).toContainText('lots')
  expect(await query(`select count(*)::int as n from public.${TABLE}`)).toEqual([{ n: 2 }])
  await screenshot(page, '09-import-rejected')
  await page.keyboard.press('Escape')

  // The same file, corrected, goes in whole.
  dialog = await openImport()
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'reviews.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from('title,rating,critic_id\nImported one,3,2\nImported two,1,2\n'),
  })
  await dialog.getByRole('button', { name: 'Import data' }).click()
  await expect(page.getByText(`Imported 2 rows into public.${TABLE}`)).toBeVisible()
  await expect(dialog).toHaveCount(0)
  await expectRecords(page, 4)

  // Delete one row from its menu, then all of them from the selection header.
  await scrollToStart(page, TABLE)
  await (await cell(page, 2, 'title', TABLE)).click({ button: 'right' })
  await page.getByRole('menuitem', { name: 'Delete row' }).click()
  await expectAccessible(page)
  await page
    .getByRole('dialog', { name: 'Delete 1 row from this table?' })
    .getByRole('button', { name: 'Delete 1 row' })
    .click()
  await expectRecords(page, 3)
  // The deleted row's cell has gone: the focus is back in the grid, not on <body>.
  await expect(grid(page, TABLE).locator(':focus')).toHaveCount(1)
  expect(await query(`select title from public.${TABLE} order by id`)).toEqual([
    { title: 'First read, again' },
    { title: 'Imported one' },
    { title: 'Imported two' },
  ])
  await grid(page, TABLE).getByRole('checkbox', { name: 'Select All' }).check()
  await page.getByRole('toolbar', { name: 'Row selection' }).getByRole('button', { name: 'Delete 3 rows' }).click()
  await page
    .getByRole('dialog', { name: 'Delete 3 rows from this table?' })
    .getByRole('button', { name: 'Delete 3 rows' })
    .click()
  await expect(page.getByText('This table is empty')).toBeVisible()
  expect(await query(`select count(*)::int as n from public.${TABLE}`)).toEqual([{ n: 0 }])
})

test('import a CSV into a new table and export it again, byte for byte', async ({ page }) => {
  await signIn(page, OWNER)
  await page.goto(EDITOR)
  await openTable(page, CRITICS)

  await page.getByRole('button', { name: 'Insert', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Import data from CSV' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import data from CSV' })
  await dialog.getByLabel('CSV file').setInputFiles({
    name: 'shelf.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(SHELF_CSV + '\n'),
  })
  await dialog.getByRole('radio', { name: 'A new table' }).check()
  await dialog.getByLabel('Table name').fill(IMPORTED)
  await expect(dialog.getByLabel('Type of column id')).toHaveValue('int8')
  await expect(dialog.getByLabel('Type of column price')).toHaveValue('numeric')
  await expect(dialog.getByLabel('Type of column published_on')).toHaveValue('date')
  await expect(dialog.getByRole('region', { name: 'Preview' })).toContainText('Solaris')
  await screenshot(page, '09-import-new-table')
  await dialog.getByRole('button', { name: 'Import data' }).click()
  await expect(page.getByText(`Imported 4 rows into public.${IMPORTED}`)).toBeVisible()

  await page.goto(EDITOR)
  await openTable(page, IMPORTED)
  await expectRecords(page, 4)
  await grid(page, IMPORTED).getByRole('checkbox', { name: 'Select All' }).check()
  const downloading = page.waitForEvent('download')
  await page.getByRole('toolbar', { name: 'Row selection' }).getByRole('button', { name: 'Export to CSV' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe(`${IMPORTED}_rows.csv`)
  const exported = await readFile((await download.path())!, 'utf8')
  expect(exported.trimEnd()).toBe(SHELF_CSV)
})
