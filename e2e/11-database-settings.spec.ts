// Journey 11: Settings › Database tells how to connect to the project's database. An owner of the
// organisation finds the host, port, database and the project's admin role (never the cluster's superuser),
// reveals its password, copies the psql command, and those values really do connect; a Read-only member
// sees the same parameters but is offered no Reveal, and the server refuses them the password. Both are
// this journey's own members, so the theme the owner switches is seen by no other journey. The owner also sets
// the statement timeout, which a reload keeps; the journey puts the old one back. On Settings › Infrastructure
// an owner adds a read replica of the default project, watches it come up, and removes it again.
import type { Locator, Page } from '@playwright/test'
import pg from 'pg'
import { expectNamedControls } from './support/accessibility'
import { expect, signIn, test } from './support/fixtures'
import { csrfHeader, expectNoErrorPage, screenshot, screenshotDark } from './support/journey'

const TITLE = 'Database settings'
const REVEAL_ONLY_ADMINS = 'Only Owners and Administrators can reveal the password.'
const TIMEOUT_LABEL = 'Statement timeout (seconds)'

/** The page's connection parameters, as its read-only fields show them. */
async function parameters(main: Locator) {
  const value = (name: string) => main.getByRole('textbox', { name, exact: true }).inputValue()
  return {
    host: await value('Host'),
    port: await value('Port'),
    database: await value('Database name'),
    user: await value('User'),
  }
}

async function openDatabaseSettings(page: Page, ref: string): Promise<Locator> {
  await page.goto(`/project/${ref}`)
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Settings', exact: true }).click()
  const menu = page.getByRole('navigation', { name: 'Settings menu' })
  await menu.getByRole('link', { name: 'Database', exact: true }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/settings/database$`))
  await expect(menu.getByRole('link', { name: 'Database', exact: true })).toHaveAttribute('aria-current', 'page')
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: TITLE })).toBeVisible()
  await expect(main.getByRole('textbox', { name: 'Host', exact: true })).not.toHaveValue('')
  await expectNoErrorPage(page)
  return main
}

test('an owner reads the connection parameters, reveals the password and copies the psql command', async ({
  page,
  platform,
}) => {
  const ref = 'default'
  await signIn(page, await platform.member('j11', 'owner'))
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])
  const main = await openDatabaseSettings(page, ref)

  const { host, port, database, user } = await parameters(main)
  expect(host).toBe('127.0.0.1')
  expect(port).toMatch(/^[1-9]\d*$/)
  expect(database).not.toBe('')
  expect(user).not.toBe('')
  // The project's admin role, not the cluster's superuser (DESIGN.md, "Trust boundary").
  expect(user).not.toBe('postgres')
  await expect(main.getByText(`postgresql://${user}:[YOUR-PASSWORD]@${host}:${port}/${database}`)).toBeVisible()

  // Hidden until revealed: a password field, with nothing of the password on the page.
  const passwordField = main.getByLabel('Password', { exact: true })
  await expect(passwordField).toHaveAttribute('type', 'password')
  await expect(main.getByRole('button', { name: 'Copy password' })).toHaveCount(0)
  await expectNamedControls(page)
  await screenshot(page, '11-database-settings-light')

  const hidden = await passwordField.inputValue()
  await main.getByRole('button', { name: 'Reveal' }).click()
  await expect(passwordField).toHaveAttribute('type', 'text')
  const password = await passwordField.inputValue()
  expect(password).not.toBe(hidden)
  expect(password.length).toBeGreaterThanOrEqual(8)
  await expect(main.getByRole('button', { name: 'Copy password' })).toBeVisible()
  await expectNamedControls(page)

  // The psql command on the page is what the clipboard gets; it names the same role and database, and
  // leaves the password for psql to ask.
  const psql = (await main
    .locator('code')
    .filter({ hasText: /^psql / })
    .textContent())!.trim()
  await main.getByRole('button', { name: 'Copy psql command' }).click()
  await expect(main.getByRole('button', { name: 'Copied' })).toBeVisible()
  expect(await page.evaluate<string>('navigator.clipboard.readText()')).toBe(psql)
  for (const part of [host, port, database, user]) expect(psql).toContain(part)
  expect(psql).not.toContain(password)

  // What the page shows connects, as that role, which is no superuser.
  const client = new pg.Client({ host, port: Number(port), database, user, password })
  await client.connect()
  try {
    const { rows } = await client.query<{ role: string; db: string; rolsuper: boolean }>(
      'select current_user as role, current_database() as db, rolsuper from pg_roles where rolname = current_user',
    )
    expect(rows).toEqual([{ role: user, db: database, rolsuper: false }])
  } finally {
    await client.end()
  }

  await main.getByRole('button', { name: 'Hide' }).click()
  await expect(passwordField).toHaveAttribute('type', 'password')
  await expect(passwordField).toHaveValue(hidden)
  await expect(main.getByRole('button', { name: 'Copy password' })).toHaveCount(0)

  // The same page in the dark theme, then back to the member's own choice (saved with the account).
  await screenshotDark(page, '11-database-settings-dark')
})

test('a Read-only member sees the connection parameters but no Reveal, and the server keeps the password', async ({
  page,
  platform,
}) => {
  const ref = 'default'
  await signIn(page, await platform.member('j11', 'read_only'))
  const main = await openDatabaseSettings(page, ref)

  const { host, user } = await parameters(main)
  expect(host).toBe('127.0.0.1')
  expect(user).not.toBe('postgres')
  await expect(main.getByRole('button', { name: 'Copy psql command' })).toBeVisible()
  await expect(main.getByRole('button', { name: 'Reveal' })).toHaveCount(0)
  await expect(main.getByLabel('Password', { exact: true })).toHaveAttribute('type', 'password')
  await expect(main.getByText(REVEAL_ONLY_ADMINS)).toBeVisible()
  await expectNamedControls(page)
  await screenshot(page, '11-database-settings-reader')

  // Called directly, with a valid CSRF token (so the refusal is the role's), the reveal is refused.
  const reveal = await page.request.post(`/api/projects/${ref}/database/password`, { headers: await csrfHeader(page) })
  expect(reveal.status()).toBe(403)
  expect(await reveal.json()).toMatchObject({ code: 'forbidden' })
})

test('an owner sets the statement timeout to 30 seconds and it is still 30 after a reload', async ({
  page,
  platform,
}) => {
  const ref = 'default'
  await signIn(page, await platform.member('j11-timeout', 'owner'))
  const main = await openDatabaseSettings(page, ref)
  const field = main.getByRole('spinbutton', { name: TIMEOUT_LABEL })
  await expect(field).not.toHaveValue('')
  const before = await field.inputValue()

  try {
    await field.fill('30')
    await main.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Statement timeout saved')).toBeVisible()
    await expectNamedControls(page)

    await page.reload()
    await expect(main.getByRole('spinbutton', { name: TIMEOUT_LABEL })).toHaveValue('30')
    // What the server answers, not only what the page remembers.
    const settings = await page.request.get(`/api/projects/${ref}/database/settings`)
    expect(await settings.json()).toEqual({ statementTimeoutMs: 30_000 })
  } finally {
    // Back to what it was, so no other journey runs under this journey's timeout.
    const restore = await page.request.patch(`/api/projects/${ref}/database/settings`, {
      headers: await csrfHeader(page),
      data: { statementTimeoutMs: Math.round(Number(before) * 1000) },
    })
    expect(restore.status()).toBe(200)
  }
})

test('an owner adds a read replica on Settings › Infrastructure, sees it come up, and removes it', async ({
  page,
  platform,
}) => {
  const ref = 'default'
  await signIn(page, await platform.member('j11-replicas', 'owner'))
  await page.goto(`/project/${ref}/settings/infrastructure`)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { level: 1, name: 'Compute and disk' })).toBeVisible()
  const table = main.getByRole('table', { name: 'Databases' })
  const primary = table.getByRole('row').filter({ hasText: 'Primary' })
  await expect(primary).toContainText(ref)
  await expect(primary).toContainText('Active')
  await expectNoErrorPage(page)

  await main.getByRole('button', { name: 'Add read replica' }).click()
  const replica = table.getByRole('row').filter({ hasText: 'Read replica' })
  await expect(replica).toHaveCount(1)
  const identifier = (await replica.getByRole('cell').first().textContent())!.trim()
  expect(identifier).toMatch(new RegExp(`^${ref}-rr-`))
  try {
    // The page reads the list again while the replica is coming up, until its cluster has caught up.
    await expect(replica).toContainText('Active', { timeout: 90_000 })
    await expectNamedControls(page)
    await screenshot(page, '11-infrastructure-light')

    await screenshotDark(page, '11-infrastructure-dark')

    await main.getByRole('button', { name: `Remove ${identifier}` }).click()
    const dialog = page.getByRole('dialog', { name: 'Remove read replica' })
    await dialog.getByRole('button', { name: 'Remove' }).click()
    await expect(dialog).toBeHidden()
    await expect(table.getByRole('row').filter({ hasText: 'Read replica' })).toHaveCount(0)
  } finally {
    // Whatever failed above, the shared default project is left without this journey's replica.
    const left = await page.request.get(`/api/platform/projects/${ref}/databases`)
    for (const d of (await left.json()) as Array<{ identifier: string }>) {
      if (d.identifier === identifier) {
        await page.request.delete(`/api/projects/${ref}/replicas/${identifier}`, { headers: await csrfHeader(page) })
      }
    }
  }
})
