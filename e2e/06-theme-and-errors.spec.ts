// Journey 6: the theme switch (dark applies at once and is kept with the account), and what users see
// for a project that does not exist, an unknown route, and a server failure (the generic error page). The
// member is this journey's own, so the theme they save is seen by no other journey.
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures'
import { DEFAULT_PROJECT, TEXT, chooseTheme, expectNoErrorPage, screenshot, type Person } from './support/journey'

let member: Person

test.beforeAll(async ({ platform }) => {
  member = await platform.member('j06', 'developer')
})

async function signInMember(page: Page): Promise<void> {
  await signIn(page, member)
  await page.goto('/projects')
  await expect(page.getByRole('heading', { name: 'All projects' })).toBeVisible()
}

test('a member switches to the dark theme, which is kept after reloading, and back to light', async ({ page }) => {
  const ref = 'default'
  await signInMember(page)
  const html = page.locator('html')
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/)

  await chooseTheme(page, 'Dark')
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/)
  await expect(page.getByRole('button', { name: 'Theme: dark' })).toBeVisible()

  // The choice is saved to the account: a reload (and the project shell) stays dark.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'All projects' })).toBeVisible()
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/)
  await expect(page.getByRole('link', { name: new RegExp(DEFAULT_PROJECT) })).toBeVisible()
  await screenshot(page, '06-projects-dark')
  await page.goto(`/project/${ref}`)
  await expect(page.getByRole('heading', { name: DEFAULT_PROJECT, level: 1 })).toBeVisible()
  await expect(html).toHaveClass(/(^|\s)dark(\s|$)/)
  await screenshot(page, '06-project-shell-dark')
  await page.goto(`/project/${ref}/settings/general`)
  await expect(page.getByRole('heading', { name: 'Project settings', level: 1 })).toBeVisible()
  await screenshot(page, '06-project-settings-dark')

  // The Preferences page shows the same choice.
  await page.goto('/account/me')
  await expect(page.getByRole('heading', { name: 'Preferences', level: 1 })).toBeVisible()
  await screenshot(page, '06-account-preferences-dark')

  await expect(page.getByRole('button', { name: 'Theme: dark' })).toBeVisible()
  await chooseTheme(page, 'Light')
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/)
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Preferences', level: 1 })).toBeVisible()
  await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/)
  await expect(page.getByRole('button', { name: 'Theme: light' })).toBeVisible()
})

test('a project that does not exist shows "Project not found" with a way back', async ({ page }) => {
  await signInMember(page)
  await page.goto('/project/doesnotexist')
  await expect(page.getByRole('alert').getByText(TEXT.projectNotFound).first()).toBeVisible()
  await expect(page.getByText(TEXT.errorTitle, { exact: true })).toHaveCount(0)
  await screenshot(page, '06-project-not-found')
  await page.getByRole('link', { name: 'All projects' }).last().click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByRole('heading', { name: 'All projects' })).toBeVisible()

  // A deep page of a missing project says the same.
  await page.goto('/project/doesnotexist/settings/general')
  await expect(page.getByRole('alert').getByText(TEXT.projectNotFound).first()).toBeVisible()
})

test('unknown routes show the not-found page, inside and outside a project', async ({ page, platform }) => {
  const ref = 'default'
  const { slug } = platform.ownerOrganization
  await signInMember(page)

  for (const path of ['/this/route/does-not-exist', `/project/${ref}/no-such-area`, `/org/${slug}/no-such-page`]) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: TEXT.notFoundTitle })).toBeVisible()
    await expect(page.getByText(TEXT.errorTitle, { exact: true })).toHaveCount(0)
  }
  await screenshot(page, '06-not-found')
  await page.getByRole('link', { name: 'Head back' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expectNoErrorPage(page)
})

test('a failing server shows the generic error page with its code, message and ways out', async ({ page }) => {
  await signInMember(page)
  // The server answering its generic failure to the session lookup (the one call every page needs).
  await page.route('**/api/auth/session', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'internal', message: 'Something went wrong on the server' }),
    }),
  )
  await page.goto('/account/me')
  await expect(page.getByRole('heading', { name: TEXT.errorTitle })).toBeVisible({ timeout: 20_000 })
  await expect(
    page.getByText('Sorry about that, please try again later or feel free to reach out to us if the problem persists'),
  ).toBeVisible()
  await expect(page.getByTestId('error-code')).toHaveText('internal')
  await expect(page.getByText('Message: Something went wrong on the server')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Head back' })).toHaveAttribute('href', '/projects')
  await screenshot(page, '06-error-page')

  await page.getByRole('link', { name: 'Submit a support request' }).click()
  await expect(page).toHaveURL(/\/support\/new$/)
  await expect(page.getByRole('heading', { name: 'Submit a support request' })).toBeVisible()

  // Once the server answers again, Head back leads home.
  await page.unroute('**/api/auth/session')
  await page.getByRole('link', { name: 'Head back' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByRole('heading', { name: 'All projects' })).toBeVisible()
})
