// Journey 3: the owner creates an organisation with the wizard at /new, then a project in it with a
// new database, and watches it come up until its status badge says Active.
import { expect, signIn, test } from './support/fixtures'
import { OWNER, screenshot } from './support/journey'

const ORGANIZATION_NAME = 'Journey Labs'
const PROJECT_NAME = 'Journey app'

test('the owner creates an organization and a project with a new database, which becomes active', async ({ page }) => {
  test.setTimeout(120_000)
  await signIn(page, OWNER)
  await page.goto('/projects')

  await page.getByRole('link', { name: 'New organization' }).click()
  await expect(page).toHaveURL(/\/new$/)
  await expect(page.getByRole('heading', { name: 'Create a new organization' })).toBeVisible()
  await page.getByRole('button', { name: 'Create organization' }).click()
  await expect(page.getByText('Please enter a name')).toBeVisible()
  await page.getByLabel('Name').fill(ORGANIZATION_NAME)
  await page.getByRole('button', { name: 'Create organization' }).click()

  // Step 2 of the wizard is the new-project wizard of that organisation.
  await expect(page).toHaveURL(/\/new\/[^/]+$/)
  await expect(page.getByRole('heading', { name: 'Create a new project' })).toBeVisible()
  await expect(page.getByText(`In organization ${ORGANIZATION_NAME}`)).toBeVisible()
  await page.getByLabel('Project name').fill(PROJECT_NAME)
  await page.getByRole('button', { name: 'Continue' }).click()

  await expect(page.getByRole('radio', { name: /Create a new database/ })).toBeChecked()
  await screenshot(page, '03-new-project-database-step')
  await page.getByRole('button', { name: 'Create project' }).click()

  await expect(page).toHaveURL(/\/project\/[^/]+$/)
  const ref = new URL(page.url()).pathname.split('/').pop()!
  await expect(page.getByRole('heading', { name: PROJECT_NAME, level: 1 })).toBeVisible()

  // The project shell polls while the database comes up; the header badge ends on Active.
  const header = page.getByRole('banner')
  await expect(header.getByText(PROJECT_NAME, { exact: true })).toBeVisible()
  await expect(header.getByText(ORGANIZATION_NAME, { exact: true })).toBeVisible()
  await expect(header.getByText('Active', { exact: true })).toBeVisible({ timeout: 90_000 })
  await expect(page.getByText('Your project is coming up')).toHaveCount(0)
  await expect(page.getByText('Created by Basalt')).toBeVisible()
  await screenshot(page, '03-project-home-light')

  // The project is listed under its organisation, active.
  await page.getByRole('link', { name: 'All projects' }).click()
  await expect(page).toHaveURL(/\/projects$/)
  const organization = page.getByRole('region', { name: ORGANIZATION_NAME })
  const card = organization.getByRole('link', { name: new RegExp(PROJECT_NAME) })
  await expect(card).toBeVisible()
  await expect(card.getByText('Active', { exact: true })).toBeVisible()
  await expect(card).toContainText(ref)
})
