// Journey 12: the grid when a read fails (spec 1 §2 error panel, §7; issue 10 items 9 and 10). A filter
// value the column's type refuses shows Postgres's own message in the error panel, the count settles, and
// Refresh and 'Remove all filters' work; a sort on a dropped column is cleared; impersonating an auth user
// whose id is a uuid to Postgres but not to RFC 9562 shows that user's rows, never the rows shown before;
// and when the grid holding the focus gives way to the error panel, the panel takes the focus. The member
// is this journey's own (an owner of the organisation), so the theme they switch is seen by no other.
import type { Page } from '@playwright/test'
import pg from 'pg'
import { expect, signIn, test } from './support/fixtures'
import { cell, expectRecords, expectRows, footer, grid } from './support/grid'
import { csrfHeader, expectNoErrorPage, screenshot, screenshotDark, type Person } from './support/journey'

const PROJECT = 'default'
const EDITOR = `/project/${PROJECT}/editor`
const TABLE = 'gadgets'
/** A uuid to Postgres (any 32 hex digits), though neither its version nor its variant is RFC 9562's. */
const ONES = { id: '11111111-1111-1111-1111-111111111111', email: 'ones@gadgets.example' }
const OTHER = { id: 'aaaaaaaa-0000-4000-8000-0000000000c1', email: 'other@gadgets.example' }
/** Gadgets 1..3 belong to ONES, 4..8 to OTHER. */
const ONES_GADGETS = 3
const GADGETS = 8
const ROWS_ERROR = 'Failed to retrieve rows from table'
const COUNT_ERROR = 'Error fetching records count. Please refresh the page.'
const BAD_FILTER_MESSAGE = 'invalid input syntax for type bigint: "abc"'

let tableId = 0
let member: Person

/**
 * A connection to the project's database as its admin role, the one Settings › Database offers (the owner's
 * page must be signed in): the fixtures are made as a project's owner would make them.
 */
async function projectAdmin(page: Page): Promise<pg.Client> {
  const connection = await page.request.get(`/api/projects/${PROJECT}/database/connection`)
  expect(connection.ok(), await connection.text()).toBe(true)
  const { host, port, database, user } = await connection.json()
  const revealed = await page.request.post(`/api/projects/${PROJECT}/database/password`, {
    headers: await csrfHeader(page),
  })
  expect(revealed.ok(), await revealed.text()).toBe(true)
  const client = new pg.Client({ host, port, database, user, password: (await revealed.json()).password })
  await client.connect()
  return client
}

test.beforeAll(async ({ browser, platform }) => {
  member = await platform.member('j12', 'owner')
  const page = await browser.newPage()
  await signIn(page, member)
  const db = await projectAdmin(page)
  await page.close()
  try {
    await db.query(`drop table if exists public.${TABLE}`)
    await db.query('delete from auth.users where id = any($1::uuid[])', [[ONES.id, OTHER.id]])
    await db.query('insert into auth.users (id, email) values ($1, $2), ($3, $4)', [
      ONES.id,
      ONES.email,
      OTHER.id,
      OTHER.email,
    ])
    await db.query(`
      create table public.${TABLE} (
        id bigint generated always as identity primary key,
        name text not null,
        owner uuid not null
      );
      grant select on public.${TABLE} to anon, authenticated;
      alter table public.${TABLE} enable row level security;
      create policy "owners read their gadgets" on public.${TABLE} for select to authenticated
        using (auth.uid() = owner);
    `)
    await db.query(
      `insert into public.${TABLE} (name, owner)
       select 'Gadget ' || n, case when n <= $1 then $2::uuid else $3::uuid end
       from generate_series(1, $4::int) n order by n`,
      [ONES_GADGETS, ONES.id, OTHER.id, GADGETS],
    )
    const res = await db.query<{ id: number }>(`select 'public.${TABLE}'::regclass::oid::int as id`)
    tableId = res.rows[0]!.id
  } finally {
    await db.end()
  }
})

const errorPanel = (page: Page) => page.getByRole('alert').filter({ hasText: ROWS_ERROR })

test("a filter value the column's type refuses shows Postgres's error; Refresh and Remove all filters work", async ({
  page,
}) => {
  await signIn(page, member)
  await page.goto(`${EDITOR}/${tableId}?filter=id:eq:abc`)

  await expect(errorPanel(page)).toContainText(BAD_FILTER_MESSAGE)
  await expect(grid(page, TABLE)).toHaveCount(0)
  // The count fails for the same reason and says so, rather than loading for ever.
  await expect(footer(page).getByText(COUNT_ERROR)).toBeVisible()
  await expectNoErrorPage(page)
  await screenshot(page, '12-grid-error-light')

  // Refresh asks again (and keeps the focus where the keyboard left it).
  const refresh = footer(page).getByRole('button', { name: 'Refresh' })
  await refresh.focus()
  const again = page.waitForRequest((r) => r.url().endsWith('/table-rows') && r.method() === 'POST')
  await page.keyboard.press('Enter')
  await again
  await expect(errorPanel(page)).toContainText(BAD_FILTER_MESSAGE)
  await expect(refresh).toBeEnabled()
  await expect(refresh).toBeFocused()

  await errorPanel(page).getByRole('button', { name: 'Remove all filters' }).click()
  await expect(page).toHaveURL(new RegExp(`${EDITOR}/${tableId}$`))
  await expectRows(page, GADGETS, TABLE)
  await expectRecords(page, GADGETS)
  await expect(errorPanel(page)).toHaveCount(0)
})

test('a filter applied from the popover that Postgres refuses replaces the rows with the error, keeping focus', async ({
  page,
}) => {
  await signIn(page, member)
  await page.goto(`${EDITOR}/${tableId}`)
  await expectRows(page, GADGETS, TABLE)

  await page.getByRole('button', { name: 'Filter', exact: true }).click()
  const popover = page.getByRole('dialog', { name: 'Filters' })
  await popover.getByRole('button', { name: 'Add filter' }).click()
  const rule = popover.getByRole('group', { name: 'Filter 1' })
  await rule.getByLabel('Column').selectOption('id')
  await rule.getByLabel('Operator').selectOption('=')
  await rule.getByLabel('Value').fill('abc')
  await popover.getByRole('button', { name: 'Apply filter' }).click()

  await expect(errorPanel(page)).toContainText(BAD_FILTER_MESSAGE)
  await expect(grid(page, TABLE)).toHaveCount(0)
  await expect(footer(page).getByText(COUNT_ERROR)).toBeVisible()
  // The popover gave the focus back to its button, and the error arriving did not take it away.
  await expect(page.getByRole('button', { name: 'Filtered by 1 rule' })).toBeFocused()

  // The same panel in the dark theme, then back to the member's own choice (saved with the account).
  await screenshotDark(page, '12-grid-error-dark')
})

test('a sort on a column dropped since is cleared, and the rows come back', async ({ page }) => {
  await signIn(page, member)
  const db = await projectAdmin(page)
  try {
    await db.query(`alter table public.${TABLE} add column doomed int`)
    await page.goto(`${EDITOR}/${tableId}?sort=doomed:desc`)
    await expectRows(page, GADGETS, TABLE)
    await db.query(`alter table public.${TABLE} drop column doomed`)
  } finally {
    await db.end()
  }
  await page.reload()
  await expect(page).toHaveURL(new RegExp(`${EDITOR}/${tableId}$`))
  await expectRows(page, GADGETS, TABLE)
  await expect(errorPanel(page)).toHaveCount(0)
})

test('impersonating a user whose id is no RFC uuid shows only their rows, never the rows shown before', async ({
  page,
}) => {
  await signIn(page, member)
  await page.goto(`${EDITOR}/${tableId}`)
  await expectRows(page, GADGETS, TABLE)
  await expectRecords(page, GADGETS)

  // What the grid shows under each role label, at every change of the page from here on.
  await page.evaluate(`
    window.seen = []
    new MutationObserver(() =>
      window.seen.push({
        role: document.querySelector('button[aria-label^="Role "]')?.getAttribute('aria-label') ?? null,
        rows: document.querySelector('[role="grid"][aria-label="Rows of public.${TABLE}"]')?.getAttribute('aria-rowcount') ?? null,
      }),
    ).observe(document.body, { subtree: true, childList: true, attributes: true })
  `)

  const settings = page.getByRole('dialog', { name: 'Database role settings' })
  await page.getByRole('button', { name: 'Role service_role' }).click()
  await settings.getByRole('radio', { name: 'authenticated' }).click()
  await settings.getByRole('searchbox', { name: 'Search users' }).fill(ONES.email)
  const users = settings.getByRole('list', { name: 'Users' })
  await expect(users.getByRole('button')).toHaveCount(1)
  await users.getByRole('button', { name: ONES.email }).click()
  const impersonating = `Role authenticated (${ONES.email})`
  await expect(page.getByRole('button', { name: impersonating })).toBeVisible()
  await expect(errorPanel(page)).toHaveCount(0)
  await expectRows(page, ONES_GADGETS, TABLE)
  await expectRecords(page, ONES_GADGETS)
  for (let row = 1; row <= ONES_GADGETS; row += 1) {
    await expect(await cell(page, row, 'owner', TABLE)).toHaveText(ONES.id)
  }
  // Under the impersonated role the grid was absent (loading) or held ONES's rows, never all of them.
  const seen = await page.evaluate<Array<{ role: string | null; rows: string | null }>>('window.seen')
  const shownAsOnes = new Set(seen.filter((s) => s.role === impersonating).map((s) => s.rows))
  expect([...shownAsOnes].filter((rows) => rows !== null)).toEqual([String(ONES_GADGETS + 1)])
  await page.keyboard.press('Escape')
  await screenshot(page, '12-grid-impersonating-non-rfc-uuid')

  await page.getByRole('button', { name: impersonating }).click()
  await settings.getByRole('button', { name: 'Stop Impersonating' }).click()
  await expect(page.getByRole('button', { name: 'Role service_role' })).toBeVisible()
  await expectRows(page, GADGETS, TABLE)
})

// Last: it leaves the table's name column an integer.
test('when the grid holding the focus gives way to an error, the error panel takes the focus', async ({ page }) => {
  await signIn(page, member)
  const db = await projectAdmin(page)
  try {
    await page.goto(`${EDITOR}/${tableId}?filter=name:eq:Gadget%202`)
    await expectRows(page, 1, TABLE)
    await (await cell(page, 1, 'id', TABLE)).click()
    await expect(grid(page, TABLE).locator(':focus')).toHaveCount(1)
    // The filtered column changes type under the grid: its value is no longer one of that type.
    await db.query(`alter table public.${TABLE} alter column name type bigint using length(name)`)
  } finally {
    await db.end()
  }

  // Coming back online reads again (TanStack Query refetches on reconnect), which moves no focus itself.
  await page.context().setOffline(true)
  await page.context().setOffline(false)
  await expect(errorPanel(page)).toContainText('invalid input syntax for type bigint: "Gadget 2"')
  await expect(footer(page).getByText(COUNT_ERROR)).toBeVisible()
  await expect(page.locator(':focus')).toContainText(ROWS_ERROR)
  // From there the keyboard reaches the way out.
  await page.keyboard.press('Tab')
  await expect(errorPanel(page).getByRole('button', { name: 'Remove all filters' })).toBeFocused()
  await page.keyboard.press('Enter')
  await expectRows(page, GADGETS, TABLE)
})
