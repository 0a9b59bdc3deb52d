// Journey 13: the SQL editor (spec 2 §2, §4, §7, §8; issue 12). An owner writes SQL in the Monaco editor and
// runs it with Ctrl+Enter: two statements show both their results; an error shows psql's lines and its line is
// highlighted in the editor; a `select pg_sleep(60)` is cancelled; a `drop table` asks first and names the
// table; impersonating anon on a table with row-level security shows only the rows anon may see; Prettify
// formats (and Undo takes it back); a past run reopens from the history. On a project
// of its own with a read replica, a write sent to the replica is refused with the spec's note and 'Switch to
// primary database' puts the run back on the primary; with that project's statement timeout lowered, a long
// query says it ran into the timeout and links to the setting. Another member opens a shared query read-only. Last, a query is charted, saved as a snippet, renamed,
// shared with the project, and found again after a reload. The members are this journey's own (owners of the
// organisation), so the theme they switch is seen by no other.
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures'
import {
  csrfHeader,
  expectNoErrorPage,
  projectDatabase,
  screenshot,
  screenshotDark,
  MONACO_LOAD_MS,
} from './support/journey'

const PROJECT = 'default'

/** Monaco's text area: a caret-sized element at the cursor, named by the editor's accessible name. */
const textArea = (page: Page) => page.getByRole('textbox', { name: 'SQL' })
/** The editor's box, which a member clicks into. */
const editor = (page: Page) => page.locator('.monaco-editor').filter({ has: textArea(page) })
const results = (page: Page) => page.getByRole('region', { name: 'Results' })
const runButton = (page: Page) => page.getByRole('button', { name: 'Run', exact: true })

async function openNewQuery(page: Page, ref: string) {
  await page.goto(`/project/${ref}/sql/new`)
  await expect(editor(page)).toBeVisible({ timeout: MONACO_LOAD_MS })
  await expectNoErrorPage(page)
}

/** Replaces the editor's text, as a member would: select all, then type it. */
async function write(page: Page, sql: string) {
  await editor(page).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  // Monaco closes brackets and quotes as one types; inserting the text keeps it exactly as written.
  await page.keyboard.insertText(sql)
  await expect(editor(page)).toContainText(sql.split('\n')[0]!.replace(/ /g, '\u00a0'))
}

test('an owner runs SQL, reads every result, sees an error in place, cancels and confirms a drop', async ({
  page,
  platform,
}) => {
  const db = await projectDatabase(PROJECT)
  try {
    await db.query(`drop table if exists public.j13_notes, public.j13_drop_me`)
    await db.query(`create table public.j13_notes (id int primary key, body text not null, public boolean not null)`)
    await db.query(`insert into public.j13_notes values (1, 'hello', true), (2, 'secret', false), (3, 'world', true)`)
    await db.query(`alter table public.j13_notes enable row level security`)
    await db.query(`grant select on public.j13_notes to anon`)
    await db.query(`create policy "public notes" on public.j13_notes for select to anon using (public)`)
    await db.query(`create table public.j13_drop_me (id int)`)
  } finally {
    await db.end()
  }

  await signIn(page, await platform.member('j13', 'owner'))
  await openNewQuery(page, PROJECT)

  // Two statements, run with the keyboard: a tab for each result set, each with its rows.
  await write(
    page,
    'select id, body from public.j13_notes order by id;\nselect count(*) as total from public.j13_notes;',
  )
  await textArea(page).press('Control+Enter')
  const first = results(page).getByRole('tab', { name: /select id, body/ })
  const second = results(page).getByRole('tab', { name: /select count/ })
  await expect(first).toContainText('3 rows')
  await expect(second).toBeVisible()
  await second.click()
  await expect(results(page).getByRole('gridcell', { name: '3', exact: true })).toBeVisible()
  await first.click()
  await expect(results(page).getByRole('gridcell', { name: 'secret' })).toBeVisible()
  await screenshot(page, '13-sql-editor-results-light')
  await screenshotDark(page, '13-sql-editor-results-dark')

  // An error on line 2: psql's lines with the SQLSTATE, and line 2 highlighted in the editor.
  await write(page, 'select 1;\nselect * from public.j13_missing;')
  await runButton(page).click()
  const error = page.getByRole('alert', { name: 'The query failed' })
  await expect(error).toContainText('relation "public.j13_missing" does not exist')
  await expect(error).toContainText('LINE 2: select * from public.j13_missing;')
  await expect(error).toContainText('SQLSTATE: 42P01')
  const highlighted = editor(page).locator('.code-editor-error-line')
  await expect(highlighted).toHaveCount(1)
  const lineTwo = editor(page).locator('.line-numbers', { hasText: /^2$/ })
  expect(Math.round((await highlighted.boundingBox())!.y)).toBe(Math.round((await lineTwo.boundingBox())!.y))
  await screenshot(page, '13-sql-editor-error-light')
  await screenshotDark(page, '13-sql-editor-error-dark')

  // A selection runs alone, and its error is placed in the whole text: selecting line 3 runs only it.
  await write(page, 'select 1;\nselect 2;\nselect * from public.j13_missing;')
  await editor(page).locator('.view-line').nth(2).click()
  await page.keyboard.press('End')
  await page.keyboard.press('Shift+Home')
  await textArea(page).press('Control+Enter')
  await expect(error).toContainText('LINE 1: select * from public.j13_missing;')
  await expect(results(page).getByRole('tab')).toHaveCount(0)
  const lineThree = editor(page).locator('.line-numbers', { hasText: /^3$/ })
  await expect(highlighted).toHaveCount(1)
  expect(Math.round((await highlighted.boundingBox())!.y)).toBe(Math.round((await lineThree.boundingBox())!.y))

  // Prettify formats the text in place, as an edit that Undo takes back.
  await write(page, 'select id, body from public.j13_notes where public order by id;')
  await page.getByRole('button', { name: 'Prettify' }).click()
  await expect.poll(() => editor(page).locator('.view-line').count()).toBeGreaterThan(3)
  await textArea(page).press('ControlOrMeta+Z')
  await expect(editor(page).locator('.view-line')).toHaveCount(1)

  // A long query is cancelled: the editor says so.
  await write(page, 'select pg_sleep(60);')
  await runButton(page).click()
  await expect(results(page).getByText('Running...')).toBeVisible()
  await page.getByRole('button', { name: 'Cancel', exact: true }).click()
  await expect(results(page).getByText('The query was cancelled.')).toBeVisible()
  await expect(highlighted).toHaveCount(0)

  // A drop asks first, naming the table; confirmed, it runs.
  await write(page, 'drop table public.j13_drop_me;')
  await runButton(page).click()
  const dialog = page.getByRole('dialog', { name: 'Destructive operation' })
  await expect(dialog.getByRole('list', { name: 'Destructive statements' })).toContainText(
    'drop table public.j13_drop_me',
  )
  await screenshot(page, '13-sql-editor-destructive-light')
  await dialog.getByRole('button', { name: 'Run this query' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(runButton(page)).toBeFocused()
  await expect(results(page).getByText('Success. No rows returned')).toBeVisible()
  const check = await projectDatabase(PROJECT)
  try {
    const { rows } = await check.query(`select to_regclass('public.j13_drop_me') as t`)
    expect(rows[0].t).toBeNull()
  } finally {
    await check.end()
  }

  // As anon, row-level security decides: the private note is not among the rows.
  await page.getByRole('button', { name: /^Role / }).click()
  await page.getByRole('radio', { name: 'anon' }).click()
  await page.keyboard.press('Escape')
  await expect(page.getByRole('button', { name: /^Role / })).toContainText('anon')
  await write(page, 'select body from public.j13_notes order by id;')
  await runButton(page).click()
  await expect(results(page).getByRole('gridcell', { name: 'world' })).toBeVisible()
  await expect(results(page).getByRole('gridcell', { name: 'hello' })).toBeVisible()
  await expect(results(page).getByRole('gridcell', { name: 'secret' })).toHaveCount(0)

  // Every run is in the history, and one reopens in the editor.
  await write(page, 'select 1;')
  await page.getByRole('button', { name: 'History' }).click()
  const history = page.getByRole('dialog', { name: 'Query history' })
  const latest = history.getByRole('listitem').first()
  await expect(latest).toContainText('select body from public.j13_notes order by id;')
  await latest.getByRole('button', { name: 'Open in editor' }).click()
  await expect(history).toHaveCount(0)
  await expect(editor(page)).toContainText('select\u00a0body\u00a0from\u00a0public.j13_notes')
})

test('a write sent to a read replica is refused, the run goes back to the primary, and a timeout says how to avoid it', async ({
  page,
  platform,
}) => {
  // A project of its own: replicas of the shared default project belong to journey 11.
  test.setTimeout(240_000)
  const ref = await platform.createProject(platform.ownerOrganization, 'Journey 13 replicas')
  await signIn(page, await platform.member('j13-replica', 'owner'))
  const added = await page.request.post(`/api/projects/${ref}/replicas`, { headers: await csrfHeader(page) })
  expect(added.ok(), `POST …/replicas: ${added.status()} ${await added.text()}`).toBe(true)
  const { identifier } = (await added.json()) as { identifier: string }
  try {
    await expect
      .poll(
        async () => {
          const list = (await (await page.request.get(`/api/platform/projects/${ref}/databases`)).json()) as Array<{
            identifier: string
            status: string
          }>
          return list.find((d) => d.identifier === identifier)?.status
        },
        { timeout: 120_000, intervals: [1000] },
      )
      .toBe('active')

    await openNewQuery(page, ref)
    await page.getByRole('button', { name: /^Source: / }).click()
    const sources = page.getByRole('radiogroup', { name: 'Database source' })
    await expect(sources.getByRole('radio', { name: 'Primary database' })).toBeChecked()
    await expect(page.getByRole('link', { name: 'Manage read replicas' })).toHaveAttribute(
      'href',
      `/project/${ref}/settings/infrastructure`,
    )
    await sources.getByRole('radio', { name: `Read replica (${identifier})` }).click()
    await expect(page.getByRole('button', { name: /^Source: / })).toContainText(identifier)

    // Reads work on the replica; a write is refused with the spec's note.
    await write(page, 'create table public.j13_on_replica (id int);')
    await runButton(page).click()
    await expect(
      page.getByText('Read replicas are for read only queries. Run write queries on the primary database instead.'),
    ).toBeVisible()
    await screenshot(page, '13-sql-editor-replica-light')
    await page.getByRole('button', { name: 'Switch to primary database' }).click()
    await expect(page.getByRole('button', { name: /^Source: / })).toContainText('Primary database')
    await runButton(page).click()
    await expect(results(page).getByText('Success. No rows returned')).toBeVisible()

    // With this project's statement timeout at one second, a longer query says so, with the ways out.
    const timeout = await page.request.patch(`/api/projects/${ref}/database/settings`, {
      data: { statementTimeoutMs: 1000 },
      headers: await csrfHeader(page),
    })
    expect(timeout.ok(), `PATCH …/database/settings: ${timeout.status()}`).toBe(true)
    await write(page, 'select pg_sleep(5);')
    await runButton(page).click()
    await expect(results(page).getByText('SQL query ran into an upstream timeout')).toBeVisible()
    await expect(page.getByRole('link', { name: 'optimize your query' })).toHaveAttribute(
      'href',
      /postgresql\.org\/docs\/.+performance-tips/,
    )
    await page.getByRole('link', { name: 'increase the statement timeout' }).click()
    await expect(page).toHaveURL(new RegExp(`/project/${ref}/settings/database$`))
  } finally {
    await page.request.delete(`/api/projects/${ref}/replicas/${identifier}`, { headers: await csrfHeader(page) })
  }
})

test('an owner charts a result, and the query is saved, renamed, shared and found after a reload', async ({
  page,
  browser,
  platform,
}) => {
  const db = await projectDatabase(PROJECT)
  try {
    await db.query(`drop table if exists public.j13_signups`)
    await db.query(`create table public.j13_signups (day date primary key, signups int not null)`)
    await db.query(`insert into public.j13_signups values ('2025-01-01', 3), ('2025-01-02', 5), ('2025-01-03', 2)`)
  } finally {
    await db.end()
  }
  await signIn(page, await platform.member('j13-snippets', 'owner'))
  await openNewQuery(page, PROJECT)

  // The first edit saves the query as a snippet of its own address.
  const sql = 'select day, signups from public.j13_signups order by day;'
  await write(page, sql)
  await expect(page).toHaveURL(new RegExp(`/project/${PROJECT}/sql/[0-9a-f-]{36}$`))
  await expect(page.getByText('All changes saved')).toBeVisible()
  const address = page.url()

  await runButton(page).click()
  await expect(results(page).getByRole('gridcell', { name: '5', exact: true })).toBeVisible()
  await results(page).getByRole('tab', { name: 'Chart' }).click()
  await results(page).getByLabel('X axis').selectOption('day')
  await results(page).getByLabel('Y axis').selectOption('signups')
  await expect(results(page).getByRole('figure', { name: 'Bar chart of signups by day' })).toBeVisible()
  await screenshot(page, '13-sql-editor-chart-light')

  // Renamed from the list, and shared with the project from the toolbar.
  const list = page.getByRole('complementary', { name: 'Queries' })
  await list.getByRole('link', { name: 'Untitled query' }).hover()
  await list.getByRole('button', { name: 'Actions for Untitled query' }).click()
  await page.getByRole('menuitem', { name: 'Rename query' }).click()
  const rename = page.getByRole('dialog', { name: 'Rename query' })
  await rename.getByLabel('Name').fill('J13 signups by day')
  await rename.getByRole('button', { name: 'Rename' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'J13 signups by day' })).toBeVisible()
  await page.getByRole('button', { name: 'Share query with project' }).click()
  await expect(
    list.getByRole('region', { name: 'Shared' }).getByRole('link', { name: 'J13 signups by day' }),
  ).toBeVisible()

  // After a reload, the search finds it, and it opens with its text.
  await page.reload()
  await list.getByRole('searchbox', { name: 'Search queries' }).fill('  j13 SIGNUPS ')
  await list.getByRole('link', { name: 'J13 signups by day' }).click()
  await expect(page).toHaveURL(address)
  await expect(editor(page)).toContainText(sql.replace(/ /g, '\u00a0'))

  // Another member opens the shared query read-only: typing changes nothing, running it works.
  const other = await browser.newContext({ baseURL: test.info().project.use.baseURL })
  try {
    const viewer = await other.newPage()
    await signIn(viewer, await platform.member('j13-viewer', 'developer'))
    await viewer.goto(address)
    await expect(viewer.getByText('Read-only', { exact: true })).toBeVisible()
    // A new browser context loads the editor's code afresh, like the first query a member opens.
    await expect(editor(viewer)).toBeVisible({ timeout: MONACO_LOAD_MS })
    await expect(editor(viewer)).toContainText(sql.replace(/ /g, '\u00a0'))
    await editor(viewer).click()
    await viewer.keyboard.type('-- mine')
    await expect(editor(viewer)).not.toContainText('--\u00a0mine')
    await runButton(viewer).click()
    await expect(results(viewer).getByRole('gridcell', { name: '5', exact: true })).toBeVisible()
  } finally {
    await other.close()
  }
})

test('a Read-only member runs reads as themselves, and a write is refused by Postgres', async ({ page, platform }) => {
  await signIn(page, await platform.member('j13', 'read_only'))
  await openNewQuery(page, PROJECT)
  // Their runs use the project's read-only login, which can switch to no role: no role to choose.
  await expect(page.getByRole('button', { name: /^Role / })).toHaveCount(0)
  await write(page, 'select 41 + 1 as answer;')
  await runButton(page).click()
  await expect(results(page).getByRole('gridcell', { name: '42', exact: true })).toBeVisible()
  await write(page, 'create table public.j13_read_only (id int);')
  await runButton(page).click()
  await expect(page.getByRole('alert', { name: 'The query failed' })).toContainText(
    'cannot execute CREATE TABLE in a read-only transaction',
  )
  await expect(editor(page).locator('.code-editor-error-line')).toHaveCount(1)
})
