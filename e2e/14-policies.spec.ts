// Journey 14: the owner turns row-level security on for a table, adds a policy from a template, edits it
// (rename and roles) and sees the ALTER POLICY transaction in review, tests it as anon and as a signed-in
// user before saving, then saves it and sees its badge and roles. A Read-only member sees the same page with
// every action disabled and the spec's reasons (spec 1 §2, §4, §6).
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures'
import { expectAccessible } from './support/accessibility'
import {
  OWNER,
  expectNoErrorPage,
  projectDatabase,
  screenshot,
  screenshotDark,
  type Person,
  MONACO_LOAD_MS,
} from './support/journey'

const ref = 'default'
const TABLE = 'j14_notes'
const ADA = '00000000-0000-4000-8000-0000000014aa'
const BOB = '00000000-0000-4000-8000-0000000014bb'
let reader: Person

test.beforeAll(async ({ platform }) => {
  reader = await platform.member('j14', 'read_only')
  const db = await projectDatabase(ref)
  try {
    await db.query(`
      drop table if exists public.${TABLE};
      drop schema if exists j14_empty;
      create schema j14_empty;
      create table public.${TABLE} (id bigint generated always as identity primary key, body text, user_id uuid);
      insert into auth.users (id, email, raw_user_meta_data)
        values ('${ADA}', 'ada@j14.example', '{"full_name": "Ada Lovelace"}'), ('${BOB}', 'bob@j14.example', '{}')
        on conflict (id) do nothing;
      insert into public.${TABLE} (body, user_id) values ('one', '${ADA}'), ('two', '${ADA}'), ('three', '${BOB}');
    `)
  } finally {
    await db.end()
  }
})

async function storedPolicies(): Promise<{ name: string; roles: string[]; qual: string }[]> {
  const db = await projectDatabase(ref)
  try {
    return (
      await db.query(
        `select policyname as name, roles::text[] as roles, qual from pg_policies where tablename = $1 order by 1`,
        [TABLE],
      )
    ).rows
  } finally {
    await db.end()
  }
}

/**
 * A screenshot of an open modal in the light theme and in the dark one (the owner follows the system's theme,
 * and the theme menu is behind the modal), then the light theme back.
 */
async function screenshotModal(page: Page, name: string): Promise<void> {
  await page.emulateMedia({ colorScheme: 'light' })
  await screenshot(page, name)
  await page.emulateMedia({ colorScheme: 'dark' })
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/)
  await screenshot(page, `${name}-dark`)
  await page.emulateMedia({ colorScheme: 'light' })
  await expect(page.locator('html')).not.toHaveClass(/(^|\s)dark(\s|$)/)
}

test('the owner enables RLS, adds a policy from a template, edits and tests it as a user, and saves it', async ({
  page,
}) => {
  // Two editors of Monaco, a test run, a review and screenshots in both themes: more than the default minute.
  test.setTimeout(180_000)
  await signIn(page, OWNER)
  await page.goto(`/project/${ref}/auth/policies?search=${TABLE}`)
  const section = page.getByRole('region', { name: TABLE })
  await expect(section.getByText('RLS disabled')).toBeVisible()
  await expect(section.getByRole('link', { name: TABLE })).toHaveAttribute('href', /\/project\/default\/editor\/\d+$/)
  await expectNoErrorPage(page)

  // Enable RLS through its confirm dialog, which shows the statement it runs.
  await section.getByRole('button', { name: 'Enable RLS' }).click()
  const confirm = page.getByRole('dialog', { name: `Enable row level security on ${TABLE}` })
  await expect(confirm.getByLabel('SQL to run')).toHaveText(`alter table "public"."${TABLE}" enable row level security`)
  await screenshotModal(page, '14-enable-rls')
  await confirm.getByRole('button', { name: 'Enable RLS' }).click()
  await expect(section.getByText('RLS enabled')).toBeVisible()
  await expect(section.getByRole('button', { name: 'Disable RLS' })).toBeVisible()

  // A policy from a template: selection, templates, editor, review, save.
  await section.getByRole('button', { name: 'Create policy' }).click()
  const editor = page.getByRole('dialog', { name: `Adding new policy to public.${TABLE}` })
  await expect(editor.getByRole('button', { name: /For full customization from scratch/ })).toBeVisible()
  await expectAccessible(page, { include: '[role="dialog"]' })
  await editor.getByRole('button', { name: /Get started quickly from a template/ }).click()
  const templates = page.getByRole('dialog', { name: 'Select a template to use for your new policy' })
  await expect(templates.getByRole('list', { name: 'Templates' }).getByRole('button')).toHaveCount(5)
  await templates.getByRole('button', { name: /Enable read access for all users/ }).click()
  await expect(templates.getByLabel('Template preview')).toContainText('using (true)')
  await templates.getByRole('button', { name: 'Use this template' }).click()
  await expect(editor.getByLabel('Policy name')).toHaveValue('Enable read access for all users')
  await expect(editor.getByText('32/63')).toBeVisible()
  await expect(editor.getByRole('textbox', { name: 'USING expression' })).toBeAttached({ timeout: MONACO_LOAD_MS })
  await expectAccessible(page, { include: '[role="dialog"]' })
  await screenshotModal(page, '14-policy-editor')
  await editor.getByRole('button', { name: 'Review' }).click()
  const review = page.getByRole('dialog', { name: `Reviewing policy to be created/updated on public.${TABLE}` })
  await expect(review.getByLabel('Policy SQL')).toContainText(
    `create policy "Enable read access for all users" on "public"."${TABLE}"\nas permissive\nfor select\nto public\nusing (true)`,
  )
  await review.getByRole('button', { name: 'Save policy' }).click()
  await expect(review).toHaveCount(0)
  const rows = section.getByRole('list', { name: `Policies of ${TABLE}` }).locator('> li')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('SELECT')
  await expect(rows.first()).toContainText('Enable read access for all users')
  await expect(rows.first().getByLabel('Roles')).toHaveText('public')

  // Edit it: rename and roles; the review shows one transaction with the rename last.
  await section.getByRole('button', { name: 'Actions for policy Enable read access for all users' }).click()
  await page.getByRole('menuitem', { name: 'Edit policy' }).click()
  const editing = page.getByRole('dialog', { name: `Editing policy from public.${TABLE}` })
  await expect(editing.getByRole('radiogroup', { name: 'Allowed operation' })).toHaveCount(0)
  await editing.getByLabel('Policy name').fill('Members read notes')
  await editing.getByRole('button', { name: 'Target roles' }).click()
  await page.getByRole('checkbox', { name: 'authenticated' }).check()
  await page.keyboard.press('Escape')
  await expect(editing.getByRole('list', { name: 'Chosen roles' })).toHaveText('authenticated')
  await editing.getByRole('button', { name: 'Review' }).click()
  await expect(review.getByLabel('Policy SQL')).toHaveText(
    [
      'begin;',
      `alter policy "Enable read access for all users" on "public"."${TABLE}" to "authenticated";`,
      `alter policy "Enable read access for all users" on "public"."${TABLE}" rename to "Members read notes";`,
      'commit;',
    ].join('\n'),
  )

  // Test it before saving: anon sees nothing, a signed-in user sees every row.
  const tester = review.getByRole('region', { name: 'Test as a user' })
  await tester.getByRole('button', { name: 'Run test' }).click()
  await expect(tester.getByText('anon would see 0 of 3 rows.')).toBeVisible()
  await tester.getByRole('radio', { name: 'authenticated' }).click()
  await tester.getByRole('searchbox', { name: 'Search users' }).fill('j14')
  await tester.getByRole('button', { name: 'Ada Lovelace ada@j14.example' }).click()
  await tester.getByRole('button', { name: 'Run test' }).click()
  await expect(tester.getByText('authenticated (ada@j14.example) would see 3 of 3 rows.')).toBeVisible()
  await expect(tester.getByText('Nothing was saved: the policy and the rows are as they were.')).toBeVisible()
  expect(await storedPolicies()).toEqual([
    { name: 'Enable read access for all users', roles: ['public'], qual: 'true' },
  ])
  await expectAccessible(page, { include: '[role="dialog"]' })
  await screenshotModal(page, '14-policy-review')

  await review.getByRole('button', { name: 'Save policy' }).click()
  await expect(review).toHaveCount(0)
  await expect(rows.first()).toContainText('Members read notes')
  await expect(rows.first().getByLabel('Roles')).toHaveText('authenticated')
  await expect(section.getByText('RLS enabled')).toBeVisible()
  expect(await storedPolicies()).toEqual([{ name: 'Members read notes', roles: ['authenticated'], qual: 'true' }])

  // An edit that changes nothing says so, and closing a changed form asks first.
  await section.getByRole('button', { name: 'Actions for policy Members read notes' }).click()
  await page.getByRole('menuitem', { name: 'Edit policy' }).click()
  await editing.getByRole('button', { name: 'Review' }).click()
  await expect(review.getByText('There are no changes made to this policy')).toBeVisible()
  await expect(review.getByRole('button', { name: 'Save policy' })).toBeDisabled()
  await review.getByRole('button', { name: 'Back to edit' }).click()
  await editing.getByLabel('Policy name').fill('Changed my mind')
  await page.keyboard.press('Escape')
  const discard = page.getByRole('dialog', { name: 'Discard changes' })
  await discard.getByRole('button', { name: 'Discard changes' }).click()
  await expect(editing).toHaveCount(0)

  await page.goto(`/project/${ref}/auth/policies?search=${TABLE}`)
  await expect(rows.first()).toContainText('Members read notes')
  await screenshot(page, '14-policies')
  await screenshotDark(page, '14-policies-dark')

  // A schema without tables, and a protected schema.
  await page.goto(`/project/${ref}/auth/policies?schema=j14_empty`)
  await expect(page.getByText('Row-Level Security (RLS) Policies')).toBeVisible()
  await expect(page.getByText('Create a table in this schema first before creating a policy.')).toBeVisible()
  await expect(page.getByRole('link', { name: 'Create a table' })).toHaveAttribute('href', `/project/${ref}/editor`)
  await page.goto(`/project/${ref}/auth/policies?schema=auth`)
  await expect(page.getByText('Currently viewing policies from a protected schema')).toBeVisible()
  await page.getByRole('button', { name: 'Learn more' }).click()
  const managed = page.getByRole('dialog', { name: 'Schemas managed by the provider' })
  await expectAccessible(page, { include: '[role="dialog"]' })
  await managed.getByRole('button', { name: 'Understood' }).click()
  await expect(managed).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'users' }).getByText('Locked')).toBeVisible()
})

test('a Read-only member sees the policies with every action disabled, and why', async ({ page }) => {
  await signIn(page, reader)
  await page.goto(`/project/${ref}/auth/policies?search=${TABLE}`)
  const section = page.getByRole('region', { name: TABLE })
  await expect(section.getByText('Members read notes')).toBeVisible()
  await expect(page.getByText('You need additional permissions to edit RLS policies')).toBeVisible()
  await expect(page.getByText('You need additional permissions to toggle RLS')).toBeVisible()
  await expect(section.getByRole('button', { name: 'Disable RLS' })).toBeDisabled()
  await expect(section.getByRole('button', { name: 'Create policy' })).toBeDisabled()
  // The page as it loaded passes axe before a menu makes the rest of it inert.
  await expectAccessible(page)
  await section.getByRole('button', { name: 'Actions for policy Members read notes' }).click()
  await expect(page.getByRole('menuitem', { name: 'Edit policy' })).toHaveAttribute('aria-disabled', 'true')
  await expect(page.getByRole('menuitem', { name: 'Delete policy' })).toHaveAttribute('aria-disabled', 'true')
  await expect(page.getByRole('menu').getByText('You need additional permissions to edit RLS policies')).toBeVisible()
  await screenshot(page, '14-policies-read-only')
  await page.keyboard.press('Escape')
})
