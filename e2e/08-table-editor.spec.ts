// Journey 8: the table editor of the default project, on tables seeded straight into its database —
// open a table from the entity list, filter, sort, paginate, freeze and resize columns (kept across a
// reload), follow a foreign key, read the definition, and impersonate roles under row-level security.
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures'
import { expectAccessible } from './support/accessibility'
import * as g from './support/grid'
import { OWNER, expectNoErrorPage, projectDatabase, screenshot } from './support/journey'

const PROJECT = 'default'
const EDITOR = `/project/${PROJECT}/editor`
const BOOKS = 250
const AUTHORS = 5
const USER_A = { id: '00000000-0000-4000-8000-00000000000a', email: 'reader-a@books.example' }
const USER_B = { id: '00000000-0000-4000-8000-00000000000b', email: 'reader-b@books.example' }
/** Books 1..150 belong to A, the rest to B. */
const A_BOOKS = 150
const B_BOOKS = BOOKS - A_BOOKS

const ids = Array.from({ length: BOOKS }, (_, i) => i + 1)
/** Every price differs (37 is prime to 251) and the order of prices is not the order of ids. */
const priceOf = (i: number) => `${(i * 37) % 251}.99`
const titleOf = (i: number) => `Book ${i}`
const authorOf = (i: number) => (i % AUTHORS) + 1
const maxPriceBook = ids.reduce((best, i) => ((i * 37) % 251 > (best * 37) % 251 ? i : best))
const withSeven = ids.filter((i) => titleOf(i).includes('7')).length

let authorsId = 0
let booksId = 0

test.beforeAll(async () => {
  const db = await projectDatabase(PROJECT)
  try {
    await db.query('drop table if exists public.books, public.authors')
    await db.query('delete from auth.users where id = any($1::uuid[])', [[USER_A.id, USER_B.id]])
    await db.query('insert into auth.users (id, email) values ($1, $2), ($3, $4)', [
      USER_A.id,
      USER_A.email,
      USER_B.id,
      USER_B.email,
    ])
    await db.query(`
      create table public.authors (id bigint generated always as identity primary key, name text not null);
      create table public.books (
        id bigint generated always as identity primary key,
        title text,
        author_id bigint references public.authors (id),
        owner uuid,
        published timestamptz,
        price numeric
      );
      grant select on public.authors, public.books to anon, authenticated;
      alter table public.books enable row level security;
      create policy "owners read their books" on public.books for select to authenticated
        using (auth.uid() = owner);
    `)
    await db.query(`insert into public.authors (name) select 'Author ' || n from generate_series(1, $1::int) n`, [
      AUTHORS,
    ])
    await db.query(
      `insert into public.books (title, author_id, owner, published, price)
       select t.title, t.author_id, t.owner, now() - make_interval(days => t.n), t.price
       from unnest($1::int[], $2::text[], $3::bigint[], $4::uuid[], $5::numeric[])
         as t(n, title, author_id, owner, price)
       order by t.n`,
      [
        ids,
        ids.map(titleOf),
        ids.map(authorOf),
        ids.map((i) => (i <= A_BOOKS ? USER_A.id : USER_B.id)),
        ids.map(priceOf),
      ],
    )
    await db.query('analyze public.authors, public.books')
    const res = await db.query<{ authors: number; books: number }>(
      `select 'public.authors'::regclass::oid::int as authors, 'public.books'::regclass::oid::int as books`,
    )
    authorsId = res.rows[0]!.authors
    booksId = res.rows[0]!.books
  } finally {
    await db.end()
  }
})

// The grid helpers, on books unless told otherwise.
const grid = (page: Page, table = 'books') => g.grid(page, table)
const header = (page: Page, column: string, table = 'books') => g.header(page, column, table)
const cell = (page: Page, row: number, column: string, table = 'books') => g.cell(page, row, column, table)
const expectRows = (page: Page, n: number, table = 'books') => g.expectRows(page, n, table)
const { expectRecords, footer } = g

async function openBooks(page: Page): Promise<void> {
  await signIn(page, OWNER)
  await page.goto(EDITOR)
  const tables = page.getByRole('navigation', { name: 'Tables' })
  await tables.getByRole('link', { name: 'table books', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`${EDITOR}/${booksId}$`))
  await expect(tables.getByRole('link', { name: 'table books', exact: true })).toHaveAttribute('aria-current', 'page')
  await expectRows(page, 100)
  await expectRecords(page, BOOKS)
  await expectNoErrorPage(page)
}

test('open a table from the entity list, filter it, and the page goes back to 1', async ({ page }) => {
  await openBooks(page)
  await expect(await cell(page, 1, 'title')).toHaveText(titleOf(1))

  await footer(page).getByRole('button', { name: 'Next page' }).click()
  await expect(footer(page).getByLabel('Page number')).toHaveValue('2')

  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  const popover = page.getByRole('dialog', { name: 'Filters' })
  // 'Remove filter' takes its row, and its own focus, away: the focus stays in the popover, not on <body>.
  await popover.getByRole('button', { name: 'Add filter' }).click()
  await popover.getByRole('button', { name: 'Remove filter' }).focus()
  await page.keyboard.press('Enter')
  await expect(popover.getByRole('group', { name: 'Filter 1' })).toHaveCount(0)
  await expect(popover.locator(':focus')).toHaveCount(1)
  await popover.getByRole('button', { name: 'Add filter' }).click()
  await expectAccessible(page)
  const rule = popover.getByRole('group', { name: 'Filter 1' })
  await rule.getByLabel('Column').selectOption('title')
  await rule.getByLabel('Operator').selectOption('~~*')
  await rule.getByLabel('Value').fill('%7%')
  await popover.getByRole('button', { name: 'Apply filter' }).click()
  await expect(popover).toHaveCount(0)

  await expect(page).toHaveURL(/[?&]filter=title%3Ailike%3A%257%25(&|$)/)
  expect(new URL(page.url()).searchParams.getAll('filter')).toEqual(['title:ilike:%7%'])
  await expect(page.getByRole('button', { name: 'Filtered by 1 rule' })).toBeVisible()
  await expectRecords(page, withSeven)
  await expectRows(page, withSeven)
  await expect(footer(page).getByLabel('Page number')).toHaveValue('1')
  await expect(await cell(page, 1, 'title')).toHaveText(titleOf(ids.find((i) => titleOf(i).includes('7'))!))
  await screenshot(page, '08-table-editor-filtered')
})

test('sort by price, descending', async ({ page }) => {
  await openBooks(page)
  await page.getByRole('button', { name: 'Sort', exact: true }).click()
  const popover = page.getByRole('dialog', { name: 'Sorts' })
  await popover.getByLabel('Pick a column to sort by').selectOption('price')
  await popover.getByLabel('Direction of price').selectOption('desc')
  await popover.getByRole('button', { name: 'Apply sorting' }).click()
  await expect(popover).toHaveCount(0)

  await expect(page).toHaveURL(/[?&]sort=price%3Adesc(&|$)/)
  await expect(page.getByRole('button', { name: 'Sorted by 1 rule' })).toBeVisible()
  await expect(await cell(page, 1, 'price')).toHaveText(priceOf(maxPriceBook))
  await expect(await cell(page, 1, 'id')).toHaveText(String(maxPriceBook))
  await expectRecords(page, BOOKS)
})

test('paginate: next page, the page number field, and 500 rows per page', async ({ page }) => {
  await openBooks(page)
  const bar = footer(page)
  const pageNumber = bar.getByLabel('Page number')
  await expect(bar.getByText('of 3', { exact: true })).toBeVisible()
  await expect(bar.getByRole('button', { name: 'Previous page' })).toBeDisabled()

  await bar.getByRole('button', { name: 'Next page' }).click()
  await expect(pageNumber).toHaveValue('2')
  await expect(await cell(page, 1, 'id')).toHaveText('101')
  await expectRows(page, 100)

  await pageNumber.fill('3')
  await pageNumber.press('Enter')
  await expect(pageNumber).toHaveValue('3')
  await expect(await cell(page, 1, 'id')).toHaveText('201')
  await expectRows(page, BOOKS - 200)
  await expect(bar.getByRole('button', { name: 'Next page' })).toBeDisabled()

  await bar.getByLabel('Rows per page').selectOption('500')
  await expect(pageNumber).toHaveValue('1')
  await expect(bar.getByText('of 1', { exact: true })).toBeVisible()
  await expectRows(page, BOOKS)
  await expect(await cell(page, 1, 'id')).toHaveText('1')
  await expect(bar.getByRole('button', { name: 'Next page' })).toBeDisabled()
})

test('a frozen column and a resized column are kept after a reload', async ({ page }) => {
  await openBooks(page)

  await grid(page).getByRole('button', { name: 'Column title menu', exact: true }).click()
  await page.getByRole('menuitem', { name: 'Freeze column' }).click()
  await expect(header(page, 'title')).toHaveClass(/rdg-cell-frozen/)

  const resizedColumn = header(page, 'author_id')
  await resizedColumn.scrollIntoViewIfNeeded()
  const before = (await resizedColumn.boundingBox())!
  const handle = resizedColumn.locator('.rdg-resize-handle')
  const grip = (await handle.boundingBox())!
  await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2)
  await page.mouse.down()
  await page.mouse.move(grip.x + grip.width / 2 + 40, grip.y + grip.height / 2, { steps: 5 })
  await page.mouse.move(grip.x + grip.width / 2 + 80, grip.y + grip.height / 2, { steps: 5 })
  await page.mouse.up()
  await expect.poll(async () => (await resizedColumn.boundingBox())!.width).toBeGreaterThan(before.width + 70)
  const resized = (await resizedColumn.boundingBox())!.width

  // The width is saved after a debounce; the reload must come after it is saved.
  const savedWidth = () =>
    page.evaluate<number | null>(
      `(JSON.parse(localStorage.getItem('basalt-grid-state-${PROJECT}') ?? '{}')['${booksId}']?.gridColumns ?? [])
        .find((c) => c.key === 'author_id')?.width ?? null`,
    )
  await expect.poll(async () => Math.abs(((await savedWidth()) ?? 0) - resized)).toBeLessThan(3)

  await page.reload()
  await expectRows(page, 100)
  await expect(header(page, 'title')).toHaveClass(/rdg-cell-frozen/)
  await expect
    .poll(async () => Math.abs((await header(page, 'author_id').boundingBox())!.width - resized))
    .toBeLessThan(3)
  await grid(page).getByRole('button', { name: 'Column title menu', exact: true }).click()
  await expect(page.getByRole('menuitem', { name: 'Unfreeze column' })).toBeVisible()
  await page.keyboard.press('Escape')
  await screenshot(page, '08-table-editor-frozen-resized')
})

test('the foreign-key button opens the referenced row', async ({ page }) => {
  await openBooks(page)
  const authorCell = await cell(page, 1, 'author_id')
  const author = authorOf(1)
  await expect(authorCell).toContainText(String(author))
  await authorCell.getByRole('link', { name: 'View the referenced row in public.authors' }).click()

  await expect(page).toHaveURL(new RegExp(`${EDITOR}/${authorsId}\\?filter=id%3Aeq%3A${author}$`))
  expect(new URL(page.url()).searchParams.getAll('filter')).toEqual([`id:eq:${author}`])
  await expectRows(page, 1, 'authors')
  await expectRecords(page, 1)
  await expect(await cell(page, 1, 'name', 'authors')).toHaveText(`Author ${author}`)
})

test('the definition view shows the DDL', async ({ page }) => {
  await openBooks(page)
  await page
    .getByRole('group', { name: 'View' })
    .getByRole('button', { name: /definition/i })
    .click()
  await expect(page).toHaveURL(/[?&]view=definition(&|$)/)
  await expect(page.getByLabel('Table definition')).toContainText('create table "public"."books"')
  await screenshot(page, '08-table-editor-definition')
})

test('impersonating a role shows only the rows row-level security lets it see', async ({ page }) => {
  await openBooks(page)
  const settings = page.getByRole('dialog', { name: 'Database role settings' })

  const pickUser = async (email: string) => {
    await settings.getByRole('searchbox', { name: 'Search users' }).fill(email)
    const users = settings.getByRole('list', { name: 'Users' })
    await expect(users.getByRole('button')).toHaveCount(1)
    await users.getByRole('button', { name: email }).click()
  }

  await page.getByRole('button', { name: 'Role service_role' }).click()
  await expect(settings.getByRole('heading', { name: 'Database role settings' })).toBeVisible()
  await settings.getByRole('radio', { name: 'authenticated' }).click()
  await pickUser(USER_A.email)
  await expect(page.getByRole('button', { name: `Role authenticated (${USER_A.email})` })).toBeVisible()
  await expectRecords(page, A_BOOKS)
  await expectRows(page, 100)

  await pickUser(USER_B.email)
  await expect(page.getByRole('button', { name: `Role authenticated (${USER_B.email})` })).toBeVisible()
  await expectRecords(page, B_BOOKS)
  await expectRows(page, 100)
  await expect(await cell(page, 1, 'id')).toHaveText(String(A_BOOKS + 1))

  await settings.getByRole('radio', { name: 'anon' }).click()
  await expect(page.getByRole('button', { name: 'Role anon' })).toBeVisible()
  await expectRecords(page, 0)
  await expectRows(page, 0)
  await expect(page.getByText('This table is empty')).toBeVisible()
  await screenshot(page, '08-table-editor-anon')

  await settings.getByRole('button', { name: 'Stop Impersonating' }).click()
  await expect(page.getByRole('button', { name: 'Role service_role' })).toBeVisible()
  await expectRecords(page, BOOKS)
  await expectRows(page, 100)
})

test('the grid by keyboard alone: one tab stop, header menus, expand row, the foreign key and the key sheet', async ({
  page,
}) => {
  await openBooks(page)
  await expect(page).toHaveTitle(/^Table editor · public\.books · .+ · Basalt$/)
  const title1 = await cell(page, 1, 'title')
  // A text cell opens its editor on a click: one Escape closes it, back on the cell.
  await title1.click()
  await expect(page.getByRole('textbox', { name: 'title' })).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(title1).toBeFocused()
  // Enter and leave the grid: one tab stop, back at the last active cell, out to the footer.
  await page.keyboard.press('Shift+Tab')
  await expect(grid(page).locator(':focus')).toHaveCount(0)
  await page.keyboard.press('Tab')
  await expect(title1).toBeFocused()
  await page.keyboard.press('Tab')
  await expect(footer(page).locator(':focus')).toHaveCount(1)
  await page.keyboard.press('Shift+Tab')
  await expect(title1).toBeFocused()

  // The column menu from a focused header: Enter, and Shift+F10.
  await page.keyboard.press('ArrowUp')
  // The active header's menu button takes the focus (react-data-grid focuses what a cell holds).
  await expect(header(page, 'title').getByRole('button', { name: 'Column title menu' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeFocused()
  await expect(page.getByRole('menuitem', { name: 'Freeze column' })).toBeVisible()
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('menu')).toHaveCount(0)
  await page.keyboard.press('Shift+F10')
  await expect(page.getByRole('menuitem', { name: 'Freeze column' })).toBeVisible()
  await page.keyboard.press('Escape')
  // The menu gives the focus back to its header's button (a moment after it closes).
  await expect(header(page, 'title').getByRole('button', { name: 'Column title menu' })).toBeFocused()

  // Expand row, and the focus comes back to the cell.
  await page.keyboard.press('ArrowDown')
  await expect(title1).toBeFocused()
  await page.keyboard.press('Shift+Enter')
  const expanded = page.getByRole('dialog')
  await expect(expanded).toBeVisible()
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(expanded).toHaveCount(0)
  await expect(title1).toBeFocused()

  // The '?' sheet lists the keys.
  await page.keyboard.press('?')
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
  await expect(sheet.getByText('Expand the row in a side panel')).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, '08-grid-keyboard-shortcuts')
  await page.keyboard.press('Escape')
  await expect(title1).toBeFocused()

  // The '+' header, last of the header row: Enter opens the new column's panel, and closing it comes back.
  await page.keyboard.press('ArrowUp')
  await page.keyboard.press('End')
  const add = grid(page).getByRole('button', { name: 'Add column' })
  await expect(add).toBeFocused()
  await page.keyboard.press('Enter')
  const columnPanel = page.getByRole('dialog', { name: 'Add a new column to books' })
  await expect(columnPanel).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(columnPanel).toHaveCount(0)
  await expect(add).toBeFocused()
  await page.keyboard.press('Home')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowDown')
  await expect(title1).toBeFocused()

  // The foreign key: Ctrl+Enter on its cell opens the referenced row.
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('Control+Enter')
  await expect(page).toHaveURL(new RegExp(`${EDITOR}/${authorsId}\\?filter=id%3Aeq%3A${authorOf(1)}$`))
  await expectRows(page, 1, 'authors')
})
