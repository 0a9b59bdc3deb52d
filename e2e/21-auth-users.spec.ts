// Journey 21: the owner opens Auth › Users, adds a user with a password (auto-confirmed), finds them by
// search, opens their panel (ids, identities, metadata as JSON), edits their metadata, bans them for a
// chosen duration (a duration that is not one is refused with a sentence) and lifts the ban, then deletes
// them after typing their e-mail. A Read-only member sees the users with no way to change them.
import { expect, signIn, test } from './support/fixtures'
import { expectAccessible } from './support/accessibility'
import { OWNER, expectNoErrorPage, projectDatabase, screenshot, screenshotDark, type Person } from './support/journey'

const ref = 'default'
const EMAIL = 'grace@j21.example'
let reader: Person

test.beforeAll(async ({ platform }) => {
  reader = await platform.member('j21', 'read_only')
  const db = await projectDatabase(ref)
  try {
    await db.query(`delete from auth.users where email like '%@j21.example'`)
    await db.query(`
      insert into auth.users (id, email, email_confirmed_at, raw_app_meta_data)
        select ('00000000-0000-4000-8000-0000000210' || lpad(i::text, 2, '0'))::uuid, 'seed' || i || '@j21.example',
               now(), '{"provider": "email", "providers": ["email"]}'
          from generate_series(1, 60) as i
        on conflict (id) do nothing`)
  } finally {
    await db.end()
  }
})

async function stored(email: string) {
  const db = await projectDatabase(ref)
  try {
    const { rows } = await db.query(
      `select u.encrypted_password, u.banned_until, u.raw_user_meta_data,
              (select count(*)::int from auth.identities i where i.user_id = u.id) as identities
         from auth.users u where u.email = $1`,
      [email],
    )
    return rows[0] as
      | { encrypted_password: string; banned_until: Date | null; raw_user_meta_data: unknown; identities: number }
      | undefined
  } finally {
    await db.end()
  }
}

test('the owner adds a user, finds them, edits, bans and unbans them, and deletes them', async ({ page }) => {
  // Many steps, each checked by axe.
  test.setTimeout(240_000)
  await signIn(page, OWNER)
  await page.goto(`/project/${ref}/auth/users`)
  // The page's chunk loads on first visit.
  await expect(page.getByRole('heading', { name: 'Users', level: 1 })).toBeVisible({ timeout: 30_000 })
  const table = page.getByRole('table', { name: 'Users' })
  await expect(table.getByRole('row')).toHaveCount(51)
  await expect(page.getByRole('button', { name: 'Load more users' })).toBeVisible()
  await expectNoErrorPage(page)
  await screenshot(page, '21-auth-users')
  await screenshotDark(page, '21-auth-users-dark')

  // Keyset pages: the next 50 (or fewer) below the first.
  await page.getByRole('button', { name: 'Load more users' }).click()
  await expect(table.getByRole('row')).not.toHaveCount(51)

  // Add a user: a short password is refused with the rule, nothing is created.
  await page.getByRole('button', { name: 'Add user' }).click()
  const add = page.getByRole('dialog', { name: 'Add user' })
  await add.getByLabel('Email address').fill(EMAIL)
  await add.getByLabel('Password').fill('abc')
  await add.getByRole('button', { name: 'Create user' }).click()
  await expect(add.getByText('The password must be at least 6 characters long.')).toBeVisible()
  await expectAccessible(page, { include: '[role="dialog"]' })
  expect(await stored(EMAIL)).toBeUndefined()
  await add.getByLabel('Password').fill('hopper-1906')
  await add.getByRole('button', { name: 'Create user' }).click()
  await expect(add).toBeHidden()
  const saved = await stored(EMAIL)
  expect(saved?.encrypted_password).toMatch(/^\$2a\$10\$/)
  expect(saved?.identities).toBe(1)

  // The same address again: the server's sentence, in the form.
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Add user' }).click()
  await add.getByLabel('Email address').fill(EMAIL.toUpperCase())
  await add.getByLabel('Password').fill('another-pass')
  await add.getByRole('button', { name: 'Create user' }).click()
  await expect(add.getByRole('alert')).toHaveText(`A user with the e-mail address ${EMAIL} already exists.`)
  await add.getByRole('button', { name: 'Cancel' }).click()

  // Find them by search.
  await page.getByRole('searchbox', { name: 'Search users' }).fill('grace@j21')
  await expect(table.getByRole('row')).toHaveCount(2)
  await table.getByRole('button', { name: EMAIL }).click()
  const panel = page.getByRole('dialog', { name: EMAIL })
  await expect(panel.getByText('Identities')).toBeVisible()
  await expect(panel.getByRole('listitem').filter({ hasText: 'email' })).toBeVisible()
  await expectAccessible(page, { include: '[role="dialog"]' })
  await screenshot(page, '21-auth-user-panel')

  // Metadata: not an object is refused; an object is saved.
  const userMeta = panel.getByLabel('User metadata (raw_user_meta_data)')
  await userMeta.fill('[1, 2]')
  await panel.getByRole('button', { name: 'Save metadata' }).click()
  await expect(panel.getByText('Metadata must be a JSON object, such as {"name": "Ada"}.')).toBeVisible()
  await userMeta.fill('{"full_name": "Grace Hopper"}')
  await panel.getByRole('button', { name: 'Save metadata' }).click()
  await expect.poll(async () => (await stored(EMAIL))?.raw_user_meta_data).toEqual({ full_name: 'Grace Hopper' })

  // Ban: a duration that is not one, then 7 days.
  await panel.getByRole('button', { name: 'Ban user' }).click()
  const ban = page.getByRole('dialog', { name: `Ban ${EMAIL}` })
  await ban.getByLabel('Ban duration').selectOption({ label: 'Other duration…' })
  await ban.getByLabel('Duration', { exact: true }).fill('soon')
  await ban.getByRole('button', { name: 'Ban user' }).click()
  await expect(ban.getByRole('alert')).toContainText('"soon" is not a ban duration')
  await expectAccessible(page, { include: '[role="dialog"]' })
  expect((await stored(EMAIL))?.banned_until).toBeNull()
  await ban.getByLabel('Ban duration').selectOption({ label: '7 days' })
  await ban.getByRole('button', { name: 'Ban user' }).click()
  await expect(ban).toBeHidden()
  await expect(panel.getByText('Banned', { exact: true })).toBeVisible()
  const until = (await stored(EMAIL))!.banned_until!.getTime() - Date.now()
  expect(until).toBeGreaterThan(6.9 * 86_400_000)
  await page.getByRole('dialog', { name: EMAIL }).getByRole('button', { name: 'Close' }).click()
  await page.getByLabel('Filter users').selectOption('banned')
  await expect(table.getByRole('button', { name: EMAIL })).toBeVisible()
  await table.getByRole('button', { name: EMAIL }).click()
  await panel.getByRole('button', { name: 'Unban user' }).click()
  await expect(panel.getByRole('button', { name: 'Ban user' })).toBeVisible()
  expect((await stored(EMAIL))?.banned_until).toBeNull()

  // Delete, after typing the e-mail.
  await panel.getByRole('button', { name: 'Delete user' }).click()
  const confirm = page.getByRole('dialog', { name: `Delete ${EMAIL}` })
  await confirm.getByLabel(/to confirm/).fill('grace')
  await confirm.getByRole('button', { name: 'Delete user' }).click()
  await expect(confirm.getByText('Value entered does not match.')).toBeVisible()
  expect(await stored(EMAIL)).toBeDefined()
  await confirm.getByLabel(/to confirm/).fill(EMAIL)
  await confirm.getByRole('button', { name: 'Delete user' }).click()
  await expect(confirm).toBeHidden()
  await expect(page.getByText('No users found')).toBeVisible()
  expect(await stored(EMAIL)).toBeUndefined()
})

test('a Read-only member sees the users and a user, with nothing to change them', async ({ page }) => {
  await signIn(page, reader)
  await page.goto(`/project/${ref}/auth/users?search=seed1@j21`)
  const table = page.getByRole('table', { name: 'Users' })
  await expect(table.getByRole('button', { name: 'seed1@j21.example' })).toBeVisible()
  await expect(page.getByText('Read-only: you can see users but not change them.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Add user' })).toHaveCount(0)
  await table.getByRole('button', { name: 'seed1@j21.example' }).click()
  const panel = page.getByRole('dialog', { name: 'seed1@j21.example' })
  await expect(panel.getByText('Providers', { exact: true })).toBeVisible()
  await expect(panel.getByRole('button', { name: /Ban user|Delete user|Save metadata/ })).toHaveCount(0)
  await expect(panel.getByLabel('User metadata (raw_user_meta_data)')).toHaveAttribute('readonly', '')
  await expectAccessible(page, { include: '[role="dialog"]' })
  await screenshot(page, '21-auth-users-read-only')
})

test('the project overview shows the database now and how to connect, each linking to its page', async ({ page }) => {
  const db = await projectDatabase(ref)
  let tables: number
  try {
    await db.query('create table if not exists public.j21_overview (id int)')
    tables = (
      await db.query(`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where c.relkind in ('r', 'p') and not c.relispartition and n.nspname !~ '^pg_'
          and n.nspname not in ('information_schema', 'auth', 'storage', 'extensions', '_basalt')`)
    ).rows[0].n
  } finally {
    await db.end()
  }
  await signIn(page, OWNER)
  await page.goto(`/project/${ref}`)
  const main = page.getByRole('main')
  await expect(main.getByRole('heading', { name: 'Tables', exact: true })).toBeVisible({ timeout: 30_000 })
  await expect(main.getByText(String(tables), { exact: true })).toBeVisible()
  await expect(main.getByText(/^\d+(\.\d+)? (bytes|KB|MB|GB|TB)$/)).toBeVisible()
  await expect(main.getByText(/^\d+ of \d+$/)).toBeVisible()
  await expect(main.getByRole('textbox', { name: 'Connection string' })).toHaveValue(
    /^postgresql:\/\/.+:\[YOUR-PASSWORD\]@127\.0\.0\.1:\d+\/.+/,
  )
  // The API log counts this journey's own requests; pg_stat_statements the statements run for the owner.
  await expect(main.getByText(/^\d[\d,]* requests, \d+ errors?$/)).toBeVisible()
  await expect(main.getByText(/ms on average, [\d,]+ calls?$/)).toBeVisible()
  await screenshot(page, '21-project-overview')
  await screenshotDark(page, '21-project-overview-dark')
  await main.getByRole('link', { name: 'Database tables' }).click()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/database/tables$`))
})
