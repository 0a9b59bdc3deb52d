// Journey 25: the owner uploads two files and, from a file's actions, creates a share link with a password
// and a download limit of 1; someone signed out opens it, is refused a wrong password, downloads the file
// with the right one, and is refused the second download. The owner shares the other file, revokes that link
// from the bucket's Share links, and it stops working at once. API docs › Storage shows the project's Storage
// URL, its keys and the storage-js snippets of the bucket (issue 25 points 7 and 8).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures'
import { expectAccessible, watchAccessibility } from './support/accessibility'
import { OWNER, expectNoErrorPage, projectDatabase, screenshot, screenshotDark } from './support/journey'

const ref = 'default'
const BUCKET = 'j25-share'
const REPORT = 'Quarterly figures, for the board only'
const UNAVAILABLE = 'This link does not exist or is no longer available.'
let dir: string

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'basalt-j25-'))
  writeFileSync(path.join(dir, 'report.txt'), REPORT)
  writeFileSync(path.join(dir, 'notes.txt'), 'Meeting notes')
  const db = await projectDatabase(ref)
  try {
    await db.query('delete from storage.objects where bucket_id = $1', [BUCKET])
    await db.query('delete from storage.buckets where id = $1', [BUCKET])
    await db.query('insert into storage.buckets (id, name, public) values ($1, $1, false)', [BUCKET])
  } finally {
    await db.end()
  }
})

const column = (page: Page) => page.getByRole('region', { name: `Folder ${BUCKET}` })

/** Creates a share link of a file from its actions menu and returns the link the dialog shows once. */
async function createShareLink(page: Page, file: string, options: { password?: string; maxDownloads?: string }) {
  await column(page)
    .getByRole('button', { name: `Actions for ${file}` })
    .click()
  await page.getByRole('menuitem', { name: 'Create share link' }).click()
  const dialog = page.getByRole('dialog', { name: `Share "${file}"` })
  await expect(dialog.getByLabel('Expires in')).toHaveValue('7')
  if (options.password) await dialog.getByLabel('Password (optional)').fill(options.password)
  if (options.maxDownloads) await dialog.getByLabel('Download limit (optional)').fill(options.maxDownloads)
  return dialog
}

test('a share link with a password and one download; a revoked link stops working; the storage API docs', async ({
  page,
  browser,
  platform,
}) => {
  test.setTimeout(480_000)
  await signIn(page, OWNER)
  await page.goto(`/project/${ref}/storage/buckets/${BUCKET}`)
  await page.getByTestId('upload-input').setInputFiles([path.join(dir, 'report.txt'), path.join(dir, 'notes.txt')])
  await expect(page.getByText('Successfully uploaded 2 file(s)!')).toBeVisible()
  await expect(column(page).getByRole('button', { name: 'report.txt', exact: true })).toBeVisible()

  // A link with a password and a single download; a too-short password is refused first.
  let dialog = await createShareLink(page, 'report.txt', { password: 'abc', maxDownloads: '1' })
  await dialog.getByRole('button', { name: 'Create link' }).click()
  await expect(dialog.getByText('The password must be 6 to 72 characters')).toBeVisible()
  await dialog.getByLabel('Password (optional)').fill('open sesame')
  await expectAccessible(page)
  await screenshot(page, '25-share-create')
  await dialog.getByRole('button', { name: 'Create link' }).click()
  const created = page.getByRole('dialog', { name: 'Share link created' })
  const url = await created.getByLabel('Share link').inputValue()
  expect(url).toMatch(/\/share\/[A-Za-z0-9_-]{43}$/)
  await expectAccessible(page)
  await screenshot(page, '25-share-created')
  await created.getByRole('button', { name: 'Done' }).click()

  // Someone signed out opens the link: a password first, then one download, then no more.
  const anonymous = await browser.newContext()
  const anonymousAxe = watchAccessibility(anonymous)
  try {
    const visitor = await anonymous.newPage()
    await visitor.goto(url)
    await expect(visitor.getByRole('heading', { name: 'This file is protected by a password' })).toBeVisible()
    await expect(visitor.getByText('report.txt')).toBeVisible()
    await screenshot(visitor, '25-share-password')
    await visitor.emulateMedia({ colorScheme: 'dark' })
    await screenshot(visitor, '25-share-password-dark')
    await visitor.emulateMedia({ colorScheme: 'light' })
    await visitor.getByLabel('Password').fill('open says me')
    await visitor.getByRole('button', { name: 'Download' }).click()
    await expect(visitor.getByRole('alert')).toHaveText('Wrong password. Try again.')
    await visitor.getByLabel('Password').fill('open sesame')
    const [download] = await Promise.all([
      visitor.waitForEvent('download'),
      visitor.getByRole('button', { name: 'Download' }).click(),
    ])
    expect(download.suggestedFilename()).toBe('report.txt')
    expect(readFileSync(await download.path(), 'utf8')).toBe(REPORT)

    await visitor.goto(url)
    await expect(visitor.getByRole('heading', { name: UNAVAILABLE })).toBeVisible()
    expect((await anonymous.request.post(url, { form: { password: 'open sesame' } })).status()).toBe(404)
    await visitor.emulateMedia({ colorScheme: 'dark' })
    await screenshot(visitor, '25-share-unavailable-dark')

    // A second link, without password or limit, works until the owner revokes it.
    dialog = await createShareLink(page, 'notes.txt', {})
    await dialog.getByRole('button', { name: 'Create link' }).click()
    const notesUrl = await page
      .getByRole('dialog', { name: 'Share link created' })
      .getByLabel('Share link')
      .inputValue()
    await page.getByRole('button', { name: 'Done' }).click()
    const before = await anonymous.request.get(notesUrl)
    expect(before.status()).toBe(200)
    expect(await before.text()).toBe('Meeting notes')

    await page.getByRole('button', { name: 'Share links' }).click()
    const panel = page.getByRole('dialog', { name: `Share links of ${BUCKET}` })
    const reportRow = panel.getByRole('row').filter({ hasText: 'report.txt' })
    await expect(reportRow).toContainText('1 of 1')
    await expect(reportRow).toContainText('Used up')
    await expect(reportRow).toContainText('Password')
    const notesRow = panel.getByRole('row').filter({ hasText: 'notes.txt' })
    await expect(notesRow).toContainText('Active')
    await expectAccessible(page)
    await screenshot(page, '25-share-links')
    await panel.getByRole('button', { name: 'Revoke the share link of notes.txt' }).click()
    const confirm = page.getByRole('dialog', { name: 'Revoke this share link?' })
    await confirm.getByRole('button', { name: 'Revoke' }).click()
    await expect(page.getByText('Share link revoked')).toBeVisible()
    await expect(notesRow).toContainText('Revoked')
    const after = await anonymous.request.get(notesUrl)
    expect(after.status()).toBe(404)
    expect(await after.text()).toContain(UNAVAILABLE)
    await page.keyboard.press('Escape')
  } finally {
    await anonymous.close()
    await anonymousAxe.finish()
  }

  // The download was audited in the organisation's audit log, with the visitor's address and no member.
  const audit = await page.request.get(`/api/organizations/${platform.ownerOrganization.slug}/audit`)
  const entries: Array<{ action: string; target: string; actorEmail: string | null }> = (await audit.json()).entries
  expect(entries.filter((e) => e.action === 'storage.share_link.download')).toContainEqual(
    expect.objectContaining({ target: `${BUCKET}/report.txt`, actorEmail: null }),
  )

  // API docs › Storage: the Storage URL, the keys and the bucket's snippets.
  await page.goto(`/project/${ref}/api?page=storage`)
  await expect(page.getByRole('heading', { level: 1, name: 'Storage' })).toBeVisible()
  await expect(page.getByRole('textbox', { name: 'Storage API' })).toHaveValue(/\/project-api\/default\/storage\/v1$/)
  await page.getByLabel('Bucket').selectOption(BUCKET)
  const upload = page.getByRole('region', { name: 'Upload a file' })
  await expect(upload.locator('code')).toContainText(`storage.from('${BUCKET}').upload('folder/example.txt', file`)
  await expect(page.getByRole('region', { name: 'Connect' }).locator('code')).toContainText(
    "import { StorageClient } from '@supabase/storage-js'",
  )
  await expectNoErrorPage(page)
  await screenshot(page, '25-api-docs-storage')
  await screenshotDark(page, '25-api-docs-storage-dark')
})
