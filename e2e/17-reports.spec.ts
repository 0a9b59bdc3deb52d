// Journey 17: custom reports (spec 1 §2, §3, §5, §8; spec 2 §2, §8, §9; issue 14). An owner creates a custom
// report (the name is required), finds it in the Reports menu, charts a query in the SQL editor and adds the
// chart to the report; the report runs the query again for its period. The report is renamed and deleted.
import type { Page } from '@playwright/test'
import { expectAccessible } from './support/accessibility'
import { expect, signIn, test } from './support/fixtures'
import { expectNoErrorPage, projectDatabase, screenshot, screenshotDark, MONACO_LOAD_MS } from './support/journey'

const PROJECT = 'default'
const textArea = (page: Page) => page.getByRole('textbox', { name: 'SQL' })
const editor = (page: Page) => page.locator('.monaco-editor').filter({ has: textArea(page) })
const results = (page: Page) => page.getByRole('region', { name: 'Results' })
const reportsMenu = (page: Page) => page.getByRole('navigation', { name: 'Reports menu' })

test('an owner creates a report, adds a chart from the SQL editor, renames and deletes it', async ({
  page,
  platform,
}) => {
  const db = await projectDatabase(PROJECT)
  try {
    await db.query('drop table if exists public.j17_signups')
    await db.query('create table public.j17_signups (day date primary key, signups int not null)')
    await db.query(`insert into public.j17_signups values ('2025-02-01', 4), ('2025-02-02', 7), ('2025-02-03', 5)`)
  } finally {
    await db.end()
  }
  await signIn(page, await platform.member('j17', 'owner'))

  // Create a custom report: the name is required; the new report's page opens.
  await page.goto(`/project/${PROJECT}/reports`)
  await expect(page.getByRole('heading', { name: 'Reports', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Create a custom report' }).click()
  const create = page.getByRole('dialog', { name: 'Create a custom report' })
  await create.getByLabel('Name').press('Enter')
  await expect(create.getByRole('alert')).toHaveText('Required')
  await expect(create.getByLabel('Name')).toBeFocused()
  await create.getByLabel('Name').fill('J17 signups')
  await create.getByLabel('Description').fill('New accounts per day')
  await expectAccessible(page)
  await create.getByRole('button', { name: 'Create report' }).click()
  await expect(page.getByText('New report created')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/project/${PROJECT}/reports/[0-9a-f-]{36}$`))
  const reportAddress = page.url()
  await expect(page.getByRole('heading', { name: 'J17 signups', level: 1 })).toBeVisible()
  await expect(page.getByText('This report has no charts yet')).toBeVisible()
  await expect(reportsMenu(page).getByRole('link', { name: 'J17 signups' })).toBeVisible()
  await expect(page.getByLabel('Period')).toHaveValue('7d')
  await expectNoErrorPage(page)

  // Chart a query in the SQL editor and add the chart to the report.
  await page.goto(`/project/${PROJECT}/sql/new`)
  await expect(editor(page)).toBeVisible({ timeout: MONACO_LOAD_MS })
  await editor(page).click()
  await page.keyboard.insertText('select day, signups from public.j17_signups order by day;')
  await expect(page).toHaveURL(new RegExp(`/project/${PROJECT}/sql/[0-9a-f-]{36}$`))
  await expect(page.getByText('All changes saved')).toBeVisible()
  await page.getByRole('button', { name: 'Run', exact: true }).click()
  await expect(results(page).getByRole('gridcell', { name: '7', exact: true })).toBeVisible()
  await results(page).getByRole('tab', { name: 'Chart' }).click()
  await results(page).getByLabel('X axis').selectOption('day')
  await results(page).getByLabel('Y axis').selectOption('signups')
  await results(page).getByRole('button', { name: 'Add to report' }).click()
  await page.getByRole('menuitem', { name: 'J17 signups' }).click()
  await expect(page.getByText('Report updated')).toBeVisible()

  // The report runs the query again and draws its chart; the period is the report's.
  await page.goto(reportAddress)
  const block = page.getByRole('region', { name: 'signups by day' })
  await expect(block.getByRole('figure', { name: 'Bar chart of signups by day' })).toBeVisible()
  // The period is saved with the report: the reload comes once that save has been answered.
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/content'))
  await page.getByLabel('Period').selectOption('30d')
  expect((await saved).ok()).toBe(true)
  await expect(block.getByRole('figure', { name: 'Bar chart of signups by day' })).toBeVisible()
  await page.reload()
  await expect(page.getByLabel('Period')).toHaveValue('30d')
  await expect(block.getByRole('figure', { name: 'Bar chart of signups by day' })).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, '17-report')
  await screenshotDark(page, '17-report-dark')

  // Rename: 'Report updated', and the menu follows.
  await page.getByRole('button', { name: 'Report actions' }).click()
  await page.getByRole('menuitem', { name: 'Rename report' }).click()
  const edit = page.getByRole('dialog', { name: 'Edit report' })
  await edit.getByLabel('Name').fill('J17 weekly signups')
  await edit.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Report updated')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'J17 weekly signups', level: 1 })).toBeVisible()
  await expect(reportsMenu(page).getByRole('link', { name: 'J17 weekly signups' })).toBeVisible()

  // Delete: 'Report deleted', back to the reports page, gone from the menu.
  await page.getByRole('button', { name: 'Report actions' }).click()
  await page.getByRole('menuitem', { name: 'Delete report' }).click()
  const confirm = page.getByRole('dialog', { name: 'Delete report "J17 weekly signups"' })
  await confirm.getByRole('button', { name: 'Delete report' }).click()
  await expect(page.getByText('Report deleted')).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/project/${PROJECT}/reports$`))
  await expect(reportsMenu(page).getByRole('link', { name: 'J17 weekly signups' })).toHaveCount(0)
  await expectNoErrorPage(page)
})
