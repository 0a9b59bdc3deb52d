// Journey 15: an organisation's AI settings (spec 2 §6, issue 13). An Administrator of an organisation of
// this journey's own finds the AI assistant's switches on its general settings page, records prompts from
// the keyboard (the focus stays on the switch), and a reload keeps it; a Developer sees the same switches,
// read-only. The server has no AI provider in the journeys: the switches still decide what a provider,
// once configured, would be sent.
import { expect, signIn, test } from './support/fixtures'
import { expectNoErrorPage, screenshot, screenshotDark } from './support/journey'

test('an Administrator turns the AI settings; a Developer reads them', async ({ page, platform, browser }) => {
  const organization = await platform.createOrganization('AI settings journey')
  const admin = await platform.member('ai15', 'administrator', organization)
  const developer = await platform.member('ai15', 'developer', organization)

  await signIn(page, admin)
  await page.goto(`/org/${organization.slug}/general`)
  const section = page.getByRole('region', { name: 'AI assistant' })
  const features = section.getByRole('switch', { name: 'AI features' })
  const prompts = section.getByRole('switch', { name: 'Record prompts in the audit log' })
  await expect(features).toBeChecked()
  await expect(section.getByRole('switch', { name: 'Send schema metadata' })).toBeChecked()
  await expect(prompts).not.toBeChecked()
  await expectNoErrorPage(page)

  await prompts.focus()
  // The switch shows the change at once; the reload comes once its save has been answered.
  const saved = page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/ai-settings'))
  await page.keyboard.press('Space')
  await expect(prompts).toBeChecked()
  await expect(prompts).toBeFocused()
  expect((await saved).ok()).toBe(true)
  await page.reload()
  await expect(section.getByRole('switch', { name: 'Record prompts in the audit log' })).toBeChecked()
  await screenshot(page, '15-ai-settings')
  await screenshotDark(page, '15-ai-settings-dark')

  const context = await browser.newContext()
  const developerPage = await context.newPage()
  await signIn(developerPage, developer)
  await developerPage.goto(`/org/${organization.slug}/general`)
  const readOnly = developerPage.getByRole('region', { name: 'AI assistant' })
  await expect(readOnly.getByRole('switch', { name: 'AI features' })).toBeDisabled()
  await expect(
    readOnly.getByText('You need additional permissions to change the AI settings of this organization.'),
  ).toBeVisible()
  await context.close()
})
