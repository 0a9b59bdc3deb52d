// Journey 2: a member enrols an authenticator app on /account/security; signing in then asks for the
// code on /sign-in-mfa, and a deep link opened while signed out is where the user lands afterwards. The
// member is this journey's own (an organisation owner), so no other journey meets their second factor.
import { expect, test } from './support/fixtures'
import { codeAt, screenshot, signOut, submitMfaCode, submitSignIn, totpCode, type Person } from './support/journey'

let member: Person

test.beforeAll(async ({ platform }) => {
  member = await platform.member('j02', 'owner')
})

test('a member enrols MFA, and signing in again asks for the code and returns to the deep link', async ({ page }) => {
  await page.goto('/sign-in')
  await submitSignIn(page, member)
  await expect(page).toHaveURL(/\/projects$/)

  await page.goto('/account/security')
  await expect(page.getByRole('heading', { name: 'Security', level: 1 })).toBeVisible()
  await expect(page.getByText('Not enabled', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Set up authenticator app' }).click()

  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secretField = page.getByRole('textbox', { name: 'Secret' })
  await expect(secretField).toHaveValue(/^[A-Z2-7]{16,}=*$/)
  const secret = await secretField.inputValue()
  await screenshot(page, '02-mfa-enrolment')

  // A wrong code is refused and the factor stays off.
  const wrong = String((Number(codeAt(secret)) + 500_000) % 1_000_000).padStart(6, '0')
  await page.getByLabel('6-digit code').fill(wrong)
  await page.getByRole('button', { name: 'Enable' }).click()
  await expect(page.getByRole('alert')).toBeVisible()
  // The refusal is the code field's: marked invalid, described by the message, focused.
  await expect(page.getByLabel('6-digit code')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByLabel('6-digit code')).toHaveAccessibleDescription(/.+/)
  await expect(page.getByLabel('6-digit code')).toBeFocused()
  await expect(page.getByText('Not enabled', { exact: true })).toBeVisible()

  await page.getByLabel('6-digit code').fill(await totpCode(secret))
  await page.getByRole('button', { name: 'Enable' }).click()
  await expect(page.getByText('Two-factor authentication enabled')).toBeVisible()
  await expect(page.getByText('Enabled', { exact: true })).toBeVisible()
  await expect(
    page.getByText('Two-factor authentication is on. Signing in asks for a code from your authenticator app.'),
  ).toBeVisible()

  await signOut(page)

  // A deep link while signed out goes to sign-in, which remembers it.
  await page.goto('/account/tokens')
  await expect(page).toHaveURL(/\/sign-in\?returnTo=%2Faccount%2Ftokens$/)
  await submitSignIn(page, member)

  // The password alone is not enough now: the session waits for its second factor.
  await expect(page).toHaveURL(/\/sign-in-mfa\?returnTo=%2Faccount%2Ftokens$/)
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible()
  await page.getByLabel('Verification code').fill('12')
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('Enter the 6-digit code', { exact: true })).toBeVisible()

  await submitMfaCode(page, secret)
  await expect(page).toHaveURL(/\/account\/tokens$/)
  await expect(page.getByRole('heading', { name: 'Access Tokens', level: 1 })).toBeVisible()
})
