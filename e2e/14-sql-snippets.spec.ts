// Journey 14: SQL snippets (spec 2 §2, §4, §8; issue 12 points 9 and 12). A member writes in a new query: the
// first edit creates the snippet and the address becomes /sql/{id} with the text kept; it is saved, found in
// the list, and /sql/new brings them back to it after a reload. A template opens as a new snippet named after
// it. The member and the project are this journey's own, so no other journey's shared snippets are listed.
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures'
import { expectNoErrorPage, screenshot, screenshotDark, MONACO_LOAD_MS } from './support/journey'

const editor = (page: Page) =>
  page.locator('.monaco-editor').filter({ has: page.getByRole('textbox', { name: 'SQL' }) })
const snippets = (page: Page) => page.getByRole('navigation', { name: 'Snippets' })

test('a new query becomes a saved snippet on its first edit, is listed, and a template opens as one', async ({
  page,
  platform,
}) => {
  const ref = await platform.createProject(platform.ownerOrganization, 'Journey 14 snippets')
  const SQL = `/project/${ref}/sql`
  await signIn(page, await platform.member('j14', 'owner'))
  await page.goto(`${SQL}/new`)
  await expect(editor(page)).toBeVisible({ timeout: MONACO_LOAD_MS })
  await expect(snippets(page).getByText('No project queries found')).toBeVisible()
  await expectNoErrorPage(page)

  await editor(page).click()
  await page.keyboard.insertText('select 1 as answer;')
  await expect(page).toHaveURL(/\/sql\/[0-9a-f-]{36}$/)
  const id = page.url().split('/').pop()!
  await expect(page.getByText('All changes saved')).toBeVisible()
  await expect(snippets(page).getByRole('link', { name: 'Untitled query' })).toHaveAttribute('href', `${SQL}/${id}`)
  await screenshot(page, '14-sql-snippets-saved-light')
  await screenshotDark(page, '14-sql-snippets-saved-dark')

  // After a reload, /sql/new goes back to the last snippet used, with its text.
  await page.goto(`${SQL}/new`)
  await expect(page).toHaveURL(new RegExp(`/sql/${id}$`))
  await expect(editor(page)).toContainText('select 1 as answer;')

  await page.getByRole('link', { name: 'Templates' }).first().click()
  await expect(page.getByRole('heading', { level: 1, name: 'Templates' })).toBeVisible()
  await screenshot(page, '14-sql-templates-light')
  await screenshotDark(page, '14-sql-templates-dark')
  await page.getByRole('button', { name: /Todo list with row-level security/ }).click()
  await expect(page).toHaveURL(/\/sql\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { name: 'Todo list with row-level security' })).toBeVisible()
  await expect(snippets(page).getByRole('link', { name: 'Todo list with row-level security' })).toBeVisible()
})
