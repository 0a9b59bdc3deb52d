// Journey 1: the first visit to a fresh installation offers sign-up of the owner account, which then
// lands on /projects with the default project. It runs on an installation of its own, which no other
// journey touches (playwright.config.ts): on the main one the fixtures may have made the owner already.
import { expect } from '@playwright/test'
import { accessibleTest as test } from './support/fixtures'
import { DEFAULT_PROJECT, OWNER, OWNER_ORGANIZATION, screenshot } from './support/journey'
import { firstRunURL } from './support/servers'

test.use({ baseURL: firstRunURL })

test('the first visitor signs up as the owner and sees the default project', async ({ page }) => {
  await page.goto('/')

  await expect(page).toHaveURL(/\/sign-up(\?|$)/)
  await expect(page.getByRole('heading', { name: 'Create the owner account' })).toBeVisible()
  await expect(page.getByText('This is the first visit to this Basalt installation.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Terms of Service' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toBeVisible()
  await screenshot(page, '01-owner-sign-up')

  // The form checks its fields before calling the server.
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Enter a valid e-mail address')).toBeVisible()

  await page.getByLabel('Name').fill(OWNER.name)
  await page.getByLabel('Email').fill(OWNER.email)
  await page.getByLabel('Password').fill(OWNER.password)
  await page.getByRole('button', { name: 'Create account' }).click()

  await expect(page).toHaveURL(/\/projects$/)
  await expect(page.getByRole('heading', { name: 'All projects' })).toBeVisible()
  const organization = page.getByRole('region', { name: OWNER_ORGANIZATION })
  await expect(organization).toBeVisible()
  const card = organization.getByRole('link', { name: new RegExp(DEFAULT_PROJECT) })
  await expect(card).toBeVisible()
  await expect(card.getByText('Active', { exact: true })).toBeVisible()
  await expect(card).toHaveAttribute('href', '/project/default')
  await screenshot(page, '01-projects-light')
})

test('once the owner exists, sign-up is by invitation only', async ({ page }) => {
  await page.goto('/sign-up')
  await expect(page.getByRole('heading', { name: 'Accounts are created by invitation' })).toBeVisible()
  await page.getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
})
