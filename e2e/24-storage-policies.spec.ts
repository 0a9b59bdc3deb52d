// Journey 24 (issue 25 point 10): the owner creates a bucket, then on Storage › Policies a policy from the
// "own top-level folder" template (four statements, one per operation, reviewed, tried as a user before it is
// saved). An app then uses the official @supabase/storage-js with the anon key and a user's token signed here
// with the JWT secret read from Settings › API: it uploads into the user's folder and is refused elsewhere.
// The explorer shows the file, the policies sit under their bucket, and 'Test as a user' says why the other
// user is refused. Axe runs on every page and dialog; the page is photographed light and dark.
import { StorageClient } from '@supabase/storage-js'
import { SignJWT } from 'jose'
import { expect, signIn, test } from './support/fixtures'
import { expectAccessible } from './support/accessibility'
import {
  MONACO_LOAD_MS,
  OWNER,
  expectNoErrorPage,
  projectDatabase,
  screenshot,
  screenshotDark,
} from './support/journey'

const ref = 'default'
const BUCKET = 'j24-uploads'
const ADA = '00000000-0000-4000-8000-0000000024a1'
const BOB = '00000000-0000-4000-8000-0000000024b2'

test.beforeAll(async () => {
  const db = await projectDatabase(ref)
  try {
    // A run before this one may have left its bucket and policies (the admin may drop storage policies).
    const { rows } = await db.query<{ policyname: string }>(
      "select policyname from pg_policies where schemaname = 'storage' and policyname like 'Users access their own folder%'",
    )
    for (const { policyname } of rows) await db.query(`drop policy "${policyname}" on storage.objects`)
    await db.query('delete from storage.objects where bucket_id = $1', [BUCKET])
    await db.query('delete from storage.buckets where id = $1', [BUCKET])
    await db.query(
      `insert into auth.users (id, email, raw_user_meta_data)
         values ($1, 'ada@j24.example', '{"full_name": "Ada Lovelace"}'), ($2, 'bob@j24.example', '{"full_name": "Bob Stone"}')
         on conflict (id) do nothing`,
      [ADA, BOB],
    )
  } finally {
    await db.end()
  }
})

test('a bucket policy from the own-folder template lets storage-js upload into the user folder only', async ({
  page,
}) => {
  test.setTimeout(480_000)
  await signIn(page, OWNER)

  // Settings › API: the Storage API's URL, the anon key and the JWT secret (revealed by the owner).
  await page.goto(`/project/${ref}/settings/api`)
  const main = page.getByRole('main')
  const storageUrl = await main.getByRole('textbox', { name: 'Storage API' }).inputValue()
  const anonKey = await main.getByRole('textbox', { name: 'anon public' }).inputValue()
  const jwtSettings = main.getByRole('region', { name: 'JWT Settings' })
  const secretField = jwtSettings.getByRole('textbox', { name: 'JWT Secret' })
  await jwtSettings.getByRole('button', { name: 'Reveal' }).click()
  await expect(secretField).toHaveAttribute('type', 'text')
  const jwtSecret = await secretField.inputValue()
  expect(jwtSecret.length).toBeGreaterThan(20)

  // A bucket, made in the explorer.
  await page.goto(`/project/${ref}/storage/buckets`)
  await page.getByRole('button', { name: 'New bucket' }).click()
  const create = page.getByRole('dialog', { name: 'Create bucket' })
  await create.getByLabel('Name of bucket').fill(BUCKET)
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText(`Successfully created bucket ${BUCKET}`)).toBeVisible()

  // Storage › Policies: the bucket's section, empty.
  await page.goto(`/project/${ref}/storage/policies`)
  await expect(page.getByRole('heading', { name: 'Storage policies' })).toBeVisible()
  const section = page.getByRole('region', { name: BUCKET })
  await expect(section.getByText('No policies created yet')).toBeVisible()
  await expect(section.getByText(`0 policies in ${BUCKET}`)).toBeVisible()
  await expect(page.getByRole('region', { name: 'Other policies under storage.objects' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Policies under storage.buckets' })).toBeVisible()
  await expectAccessible(page)
  await expectNoErrorPage(page)

  // The modal: selection, templates, editor, review.
  await section.getByRole('button', { name: `New policy for ${BUCKET}` }).click()
  const modal = page.getByRole('dialog', { name: `Adding new policy to ${BUCKET}` })
  await expect(modal).toBeVisible()
  await expectAccessible(page)
  await modal.getByRole('button', { name: /Get started quickly/ }).click()
  const templates = page.getByRole('dialog', { name: 'Select a template to use for your new policy' })
  await expect(templates.getByRole('list', { name: 'Templates' }).getByRole('listitem')).toHaveCount(5)
  await templates
    .getByRole('button', { name: 'Give users access to their own top-level folder named as their user id' })
    .click()
  await expect(templates.getByLabel('Template preview')).toHaveText(
    `bucket_id = '${BUCKET}' and (storage.foldername(name))[1] = (select auth.uid()::text)`,
  )
  await expectAccessible(page)
  await templates.getByRole('button', { name: 'Use this template' }).click()
  const editor = page.getByRole('dialog', { name: `Adding new policy to ${BUCKET}` })
  // The definition's editor is Monaco, a lazy chunk: the modal waits for it.
  await expect(editor.locator('.monaco-editor')).toBeVisible({ timeout: MONACO_LOAD_MS })
  await expect(editor.getByLabel('Policy name')).toHaveValue('Users access their own folder')
  for (const op of ['SELECT', 'INSERT', 'UPDATE', 'DELETE']) {
    await expect(editor.getByRole('checkbox', { name: op })).toBeChecked()
  }
  // With every operation chosen, every method that needs a policy is highlighted.
  await expect(editor.getByText('upload', { exact: true })).toHaveAttribute('aria-current', 'true')
  await expect(editor.getByText('getPublicUrl', { exact: true })).not.toHaveAttribute('aria-current', 'true')
  await expectAccessible(page)
  await editor.getByRole('button', { name: 'Review' }).click()

  const review = page.getByRole('dialog', { name: `Reviewing policies to be created for ${BUCKET}` })
  const sql = await review.getByLabel('Policy SQL').textContent()
  expect(sql!.match(/create policy "Users access their own folder [0-9a-z]{6}_[0-3]"/g)).toHaveLength(4)
  for (const op of ['select', 'insert', 'update', 'delete']) expect(sql).toContain(`for ${op}\n`)

  // Before saving: Bob may not upload into Ada's folder, and the test says which policy said no.
  const tester = review.getByRole('region', { name: 'Test as a user' })
  await tester.getByRole('radio', { name: 'authenticated' }).click()
  await tester.getByRole('searchbox', { name: 'Search users' }).fill('j24')
  await tester.getByRole('button', { name: 'Bob Stone bob@j24.example' }).click()
  await tester.getByLabel('Path in the bucket').fill(`${ADA}/notes.txt`)
  await tester.getByRole('button', { name: 'Run test' }).click()
  await expect(tester.getByText(/may not upload j24-uploads\//)).toBeVisible()
  await expect(tester.getByText('new row violates row-level security policy for table "objects"')).toBeVisible()
  await expect(tester.getByText('did not pass')).toBeVisible()
  await expectAccessible(page)

  await review.getByRole('button', { name: 'Save policy' }).click()
  await expect(page.getByText('Successfully saved policy!')).toBeVisible()
  await expect(section.getByRole('listitem')).toHaveCount(4)
  await expect(section.getByText(`4 policies in ${BUCKET}`)).toBeVisible()

  // An app: storage-js with the anon key, and Ada's token signed with the project's JWT secret.
  const key = new TextEncoder().encode(jwtSecret)
  const token = await new SignJWT({ role: 'authenticated', aud: 'authenticated', email: 'ada@j24.example' })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(ADA)
    .setExpirationTime('1h')
    .sign(key)
  const asAda = new StorageClient(storageUrl, { apikey: anonKey, Authorization: `Bearer ${token}` })
  const asAnon = new StorageClient(storageUrl, { apikey: anonKey, Authorization: `Bearer ${anonKey}` })
  const body = new Blob(['hello from Ada'], { type: 'text/plain' })
  const own = await asAda.from(BUCKET).upload(`${ADA}/hello.txt`, body)
  expect(own.error).toBeNull()
  const elsewhere = await asAda.from(BUCKET).upload(`${BOB}/hello.txt`, body)
  expect(elsewhere.error?.message).toContain('new row violates row-level security policy')
  const anon = await asAnon.from(BUCKET).upload(`${ADA}/anon.txt`, body)
  expect(anon.error?.message).toContain('new row violates row-level security policy')
  const read = await asAda.from(BUCKET).download(`${ADA}/hello.txt`)
  expect(await read.data?.text()).toBe('hello from Ada')

  // The explorer shows the file, and only it.
  await page.goto(`/project/${ref}/storage/buckets/${BUCKET}`)
  await page
    .getByRole('region', { name: `Folder ${BUCKET}` })
    .getByRole('button', { name: ADA, exact: true })
    .click()
  await expect(
    page.getByRole('region', { name: `Folder ${ADA}` }).getByRole('button', { name: 'hello.txt', exact: true }),
  ).toBeVisible()
  await expect(page.getByRole('region', { name: `Folder ${BUCKET}` }).getByRole('button', { name: BOB })).toHaveCount(0)

  // The policies under their bucket; 'Test as a user' for the saved ones says why Bob cannot read Ada's file.
  await page.goto(`/project/${ref}/storage/policies`)
  await expect(section.getByRole('listitem')).toHaveCount(4)
  await expect(section.getByText(/^Users access their own folder [0-9a-z]{6}_1$/)).toBeVisible()
  await screenshot(page, '24-storage-policies')
  await screenshotDark(page, '24-storage-policies-dark')
  await section.getByRole('button', { name: `Test as a user (${BUCKET})` }).click()
  const testDialog = page.getByRole('dialog', { name: `Test the policies of ${BUCKET} as a user` })
  await testDialog.getByRole('radio', { name: 'authenticated' }).click()
  await testDialog.getByRole('searchbox', { name: 'Search users' }).fill('j24')
  await testDialog.getByRole('button', { name: 'Bob Stone bob@j24.example' }).click()
  await testDialog.getByLabel('Operation').selectOption('download')
  await testDialog.getByLabel('Path in the bucket').fill(`${ADA}/hello.txt`)
  await testDialog.getByRole('button', { name: 'Run test' }).click()
  await expect(testDialog.getByText(`may not download ${BUCKET}/${ADA}/hello.txt`, { exact: false })).toBeVisible()
  await expect(testDialog.getByText('Object not found')).toBeVisible()
  await expect(testDialog.getByText('did not pass')).toBeVisible()
  await expectAccessible(page)
  await screenshot(page, '24-storage-policy-test')
})
