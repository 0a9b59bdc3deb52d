// Journey 16: the SQL editor's AI assistant (spec 2 §2, §4, §5, §8; issue 13) against a local
// OpenAI-compatible server this journey starts itself (apps/server/test/fake-openai.ts) on the port the main
// server's AI_BASE_URL names (support/servers.ts). An owner asks the 'ask AI' bar for a query: the suggestion
// shows as a diff, Run waits, Enter accepts it and it runs. The chat panel streams an answer whose SQL block
// is inserted (an Addition, accepted). A query with a typo fails; 'Debug with AI' suggests the fix with its
// explanation, accepted with Enter, and it runs. Between them a suggestion is discarded with Escape and
// another accepted as a new snippet. No suggestion settling leaves an uncaught error in the page (the
// fixture fails the journey on any).
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures'
import { expectNoErrorPage, projectDatabase, screenshot, screenshotDark } from './support/journey'
import { aiPort } from './support/servers'

const PROJECT = 'default'

const textArea = (page: Page) => page.getByRole('textbox', { name: 'SQL', exact: true })
const editor = (page: Page) => page.locator('.monaco-editor').filter({ has: textArea(page) })
const results = (page: Page) => page.getByRole('region', { name: 'Results' })
const runButton = (page: Page) => page.getByRole('button', { name: 'Run', exact: true }).first()
const diff = (page: Page) => page.getByRole('region', { name: 'Suggested change' })
const askBar = (page: Page) => page.getByRole('textbox', { name: 'Ask AI' })
const chat = (page: Page) => page.getByRole('complementary', { name: 'AI Assistant' })

/** What this journey uses of the server tests' fake provider (outside e2e's project, so loaded by path). */
interface FakeOpenAI {
  answer: { json: unknown } | { chunks: string[]; delayMs?: number } | { status: number; message: string }
  /** The text of the last request's messages: what left Basalt. */
  sentText(): string
  close(): Promise<void>
}
const FAKE_MODULE = new URL('../apps/server/test/fake-openai.ts', import.meta.url).href

let fake: FakeOpenAI

// Wide enough for the chat panel beside the editor, open by default (a narrower window opens it on demand).
test.use({ viewport: { width: 1600, height: 900 } })

test.beforeAll(async () => {
  const { startFakeOpenAI } = (await import(FAKE_MODULE)) as { startFakeOpenAI: (port: number) => Promise<FakeOpenAI> }
  fake = await startFakeOpenAI(aiPort)
})
test.afterAll(async () => {
  await fake?.close()
})

async function write(page: Page, sql: string) {
  await editor(page).click()
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.press('Delete')
  await page.keyboard.insertText(sql)
}

test('an owner asks AI for a query, chats, inserts its SQL and debugs an error', async ({ page, platform }) => {
  // Five answers, three runs and four screenshots, each scanned by axe in both themes: more than the default.
  test.setTimeout(300_000)
  const db = await projectDatabase(PROJECT)
  try {
    await db.query(`drop table if exists public.j16_todos`)
    await db.query(`create table public.j16_todos (id int primary key, title text not null, done boolean not null)`)
    await db.query(`insert into public.j16_todos values (1, 'write', false), (2, 'ship', true), (3, 'rest', false)`)
  } finally {
    await db.end()
  }

  await signIn(page, await platform.member('j16', 'owner'))
  await page.goto(`/project/${PROJECT}/sql/new`, {})
  await expect(editor(page)).toBeVisible({ timeout: 60_000 })
  await expectNoErrorPage(page)

  // The bar writes a query into the empty editor: a diff, Run waits, Enter accepts, then it runs.
  fake.answer = {
    json: { sql: 'select id, title from public.j16_todos where not done order by id;', title: 'Open todos' },
  }
  await askBar(page).fill('the todos not done yet')
  await askBar(page).press('Enter')
  await expect(diff(page)).toBeVisible()
  await expect(diff(page).getByRole('button', { name: 'Accept as: Addition' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Run', exact: true }).first()).toBeDisabled()
  expect(fake.sentText()).toContain('the todos not done yet')
  expect(fake.sentText()).toContain('j16_todos')
  expect(fake.sentText()).not.toContain('write')
  await screenshot(page, '16-sql-ai-diff-light')
  await screenshotDark(page, '16-sql-ai-diff-dark')
  await page.getByRole('textbox', { name: 'SQL (suggested)' }).press('Enter')
  await expect(diff(page)).toHaveCount(0)
  await expect(editor(page)).toContainText('where\u00a0not\u00a0done')
  // The editor is back with the focus the diff had.
  await expect(textArea(page)).toBeFocused()
  await runButton(page).click()
  await expect(results(page).getByRole('gridcell', { name: 'rest' })).toBeVisible()
  await expect(results(page).getByRole('gridcell', { name: 'ship' })).toHaveCount(0)

  // The chat streams its answer; its SQL block is inserted after the text as an Addition, accepted.
  fake.answer = {
    chunks: [
      'There are ',
      'three todos. Count them with:\n```sql\n',
      'select count(*) as total from public.j16_todos;\n',
      '```\n',
    ],
    // Slow enough that the input is seen waiting on a busy machine.
    delayMs: 500,
  }
  const input = chat(page).getByRole('textbox', { name: 'Message the AI assistant' })
  await input.fill('how many todos are there?')
  await input.press('Enter')
  await expect(input).toHaveAttribute('aria-disabled', 'true')
  const answer = chat(page).getByRole('article', { name: 'Assistant' })
  await expect(answer).toContainText('There are three todos')
  await expect(answer.getByRole('figure', { name: 'SQL from the assistant' }).locator('pre')).toHaveText(
    'select count(*) as total from public.j16_todos;',
  )
  await expect(input).toHaveAttribute('aria-disabled', 'false')
  await screenshot(page, '16-sql-ai-chat-light')
  await answer.getByRole('button', { name: 'Insert' }).click()
  await expect(diff(page).getByRole('button', { name: 'Accept as: Addition' })).toBeVisible()
  await diff(page).getByRole('button', { name: 'Accept', exact: true }).click()
  await expect(editor(page)).toContainText('select\u00a0count(*)\u00a0as\u00a0total')
  await expect(editor(page)).toContainText('where\u00a0not\u00a0done')

  // Escape discards a suggestion: the editor keeps its text.
  fake.answer = { json: { sql: 'select 42 as discarded;', title: 'Discarded' } }
  await askBar(page).fill('a query to throw away')
  await askBar(page).press('Enter')
  await expect(diff(page)).toBeVisible()
  await page.getByRole('textbox', { name: 'SQL (suggested)' }).press('Escape')
  await expect(diff(page)).toHaveCount(0)
  await expect(editor(page)).toContainText('select\u00a0count(*)\u00a0as\u00a0total')
  await expect(editor(page)).not.toContainText('discarded')

  // Accepted as a new snippet: the editor opens that snippet, holding the suggested query.
  const before = page.url()
  fake.answer = { json: { sql: 'select count(*) as done_count from public.j16_todos where done;' } }
  await askBar(page).fill('how many are done')
  await askBar(page).press('Enter')
  await diff(page)
    .getByRole('button', { name: /^Accept as: / })
    .click()
  await page.getByRole('menuitemradio', { name: 'New snippet' }).click()
  await expect(diff(page).getByRole('button', { name: 'Accept as: New snippet' })).toBeVisible()
  // The diff now compares the new snippet's query with nothing: the editor's queries are gone from it.
  await expect(page.locator('.monaco-diff-editor')).toContainText('done_count')
  await expect(page.locator('.monaco-diff-editor')).not.toContainText('where\u00a0not\u00a0done')
  await diff(page).getByRole('button', { name: 'Accept', exact: true }).click()
  await expect(diff(page)).toHaveCount(0)
  await expect(page).not.toHaveURL(before)
  await expect(editor(page)).toContainText('done_count')
  await expect(editor(page)).not.toContainText('total')

  // A typo fails; Debug with AI suggests the fix with its explanation, Enter accepts, and it runs.
  await write(page, 'select title from public.j16_todo where done;')
  await runButton(page).click()
  await expect(page.getByRole('alert', { name: 'The query failed' })).toContainText('j16_todo')
  fake.answer = {
    json: { solution: 'The table is called j16_todos.', sql: 'select title from public.j16_todos where done;' },
  }
  await page.getByRole('button', { name: 'Debug with AI' }).click()
  await expect(diff(page)).toContainText('The table is called j16_todos.')
  await expect(diff(page).getByRole('button', { name: 'Accept as: Modification' })).toBeVisible()
  await screenshotDark(page, '16-sql-ai-debug-dark')
  await page.getByRole('textbox', { name: 'SQL (suggested)' }).press('Enter')
  await expect(diff(page)).toHaveCount(0)
  await runButton(page).click()
  await expect(results(page).getByRole('gridcell', { name: 'ship' })).toBeVisible()
  await expectNoErrorPage(page)
})
