// Journey 18 (issue 18): orientation and narrow screens, by keyboard — the skip link and page titles, the
// focus on the new page's heading after a route change, a wrong password put on its field, and at 640 px
// wide the side lists collapsed, the team's role selects still showing their value and the tables
// scrolling sideways under keyboard focus. Every page it visits is checked by axe (the fixtures).
import { expectAccessible } from './support/accessibility'
import { expect, signIn, test } from './support/fixtures'
import { OWNER, screenshot, screenshotDark, submitSignIn } from './support/journey'

test('the skip link, page titles and the focus after a route change', async ({ page, platform }) => {
  await signIn(page, OWNER)
  await page.goto(`/org/${platform.ownerOrganization.slug}/general`)
  await expect(page).toHaveTitle(`Organization settings · ${platform.ownerOrganization.name} · Basalt`)
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to main content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeInViewport()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('heading', { level: 1, name: 'Organization settings' })).toBeFocused()

  await page.getByRole('navigation', { name: 'Organization' }).getByRole('link', { name: 'Team' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Team' })).toBeFocused()
  await expect(page).toHaveTitle(`Team · ${platform.ownerOrganization.name} · Basalt`)
  await expect(page.locator('h1')).toHaveCount(1)
})

test('saving preferences keeps the focus in the form when Save disables itself', async ({ page, platform }) => {
  const member = await platform.member('j18-prefs', 'developer')
  await signIn(page, member)
  await page.goto('/account/me')
  await page.getByLabel('Display name').fill('Pat Preferences')
  const save = page.getByRole('button', { name: 'Save', exact: true })
  await save.focus()
  await page.keyboard.press('Enter')
  await expect(page.getByText('Preferences saved')).toBeVisible()
  // Saved, the form is clean and Save disables itself: the focus goes back into the form, not to <body>.
  await expect(save).toBeDisabled()
  await expect(page.getByLabel('Display name')).toBeFocused()
})

test('a wrong password is put on the password field, which takes the focus', async ({ page }) => {
  await page.goto('/sign-in')
  await expect(page).toHaveTitle('Welcome back · Basalt')
  await submitSignIn(page, { ...OWNER, password: 'not-the-password-1' })
  const password = page.getByLabel('Password')
  await expect(password).toHaveAttribute('aria-invalid', 'true')
  await expect(password).toBeFocused()
  await expect(password).toHaveAccessibleDescription(/.+/)
  await expectAccessible(page)
})

test.describe('at 640 px wide', () => {
  test.use({ viewport: { width: 640, height: 800 } })

  test('side lists start collapsed, selects keep their value, wide tables scroll by keyboard', async ({
    page,
    platform,
  }) => {
    const developer = await platform.member('j18', 'developer')
    await signIn(page, OWNER)
    await page.goto('/project/default/editor')
    const show = page.getByRole('button', { name: 'Show table list' })
    await expect(show).toHaveAttribute('aria-expanded', 'false')
    await expect(page.getByRole('navigation', { name: 'Tables' })).toBeHidden()
    await show.click()
    await expect(page.getByRole('navigation', { name: 'Tables' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Hide table list' })).toHaveAttribute('aria-expanded', 'true')
    await expectAccessible(page)
    await screenshot(page, '18-narrow-table-editor')
    await screenshotDark(page, '18-narrow-table-editor-dark')

    await page.goto(`/org/${platform.ownerOrganization.slug}/team`)
    await expect(page.getByRole('button', { name: 'Show organization menu' })).toBeVisible()
    const role = page.getByRole('combobox', { name: `Role of ${developer.email}` })
    await expect(role).toHaveValue('developer')
    expect((await role.boundingBox())!.width).toBeGreaterThanOrEqual(150)
    await expectAccessible(page)
    await screenshot(page, '18-narrow-team')

    // A table wider than the screen (the audit log) scrolls in a box that takes the keyboard focus.
    await page.goto('/account/audit')
    const box = page.locator('table').first().locator('xpath=..')
    await expect(box).toHaveAttribute('tabindex', '0')
    await expect(box).toHaveAttribute('role', 'region')
    await box.focus()
    await page.keyboard.press('ArrowRight')
    await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0)
    await expectAccessible(page)
  })
})

test('the accessibility check itself fails a page with a serious violation, in either theme', async ({ page }) => {
  // The harness every journey relies on: a check that found nothing here would pass every page unread.
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title>
    <style>.dark p { color: #333; background: #222 }</style></head>
    <body><main><h1>Check</h1><p>Readable in light, not in dark</p></main></body></html>`)
  await expect(expectAccessible(page)).rejects.toThrow(/\(dark theme\):\n\s+\[serious\] color-contrast/)
  await page.setContent(`<!doctype html><html lang="en"><head><title>Check</title></head>
    <body><main><h1>Check</h1><button></button></main></body></html>`)
  await expect(expectAccessible(page)).rejects.toThrow(/\[critical\] button-name/)
})
