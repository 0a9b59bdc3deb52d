// Journey 19: the owner creates a bucket, uploads files with the picker and a whole folder by drag-and-drop
// (seeing their progress), uploads a large file through resumable uploads that a reload interrupts and that
// finishes when the same file is picked again, switches between the list and the columns views, renames and
// moves a folder, previews an image, a PDF and a CSV, copies a signed URL and opens it, downloads a folder as
// one zip streamed by the server and reads its entries, deletes a file, empties the bucket and deletes it. A
// Read-only member sees the explorer with every write control disabled and the spec's reasons (spec 3 §2–8).
// A second walk searches a bucket on the server, goes to a folder by its typed path, plays a video and an
// audio file in the preview, pauses, resumes and cancels a resumable upload (nothing kept), and sets the
// project's upload limit in Settings › Storage, which the explorer then enforces before sending a byte.
import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures'
import { expectAccessible } from './support/accessibility'
import { OWNER, expectNoErrorPage, projectDatabase, screenshot, screenshotDark, type Person } from './support/journey'

const ref = 'default'
const BUCKET = 'j19-files'
const SHARED = 'j19-shared'
const MEDIA = 'j19-media'
let reader: Person
let dir: string

// A 2×2 PNG, a one-page PDF and a CSV: small real files of each previewed kind.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==',
  'base64',
)
const PDF = `%PDF-1.4
1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj
2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj
3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj
trailer<</Root 1 0 R>>
%%EOF
`
const CSV = 'fruit,quantity\napple,3\npear,5\n'
/** Above the 6 MB threshold: goes through TUS, in 6 MB chunks. */
const BIG_BYTES = 20 * 1024 * 1024

test.beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'basalt-j19-'))
  writeFileSync(path.join(dir, 'picture.png'), PNG)
  writeFileSync(path.join(dir, 'paper.pdf'), PDF)
  writeFileSync(path.join(dir, 'fruit.csv'), CSV)
  const big = Buffer.alloc(BIG_BYTES)
  for (let i = 0; i < big.length; i += 4096) big.writeUInt32LE(i, i)
  writeFileSync(path.join(dir, 'large.bin'), big)
  writeFileSync(path.join(dir, 'tone.wav'), toneWav())
  mkdirSync(path.join(dir, 'photos', 'nested'), { recursive: true })
  writeFileSync(path.join(dir, 'photos', 'one.txt'), 'one')
  writeFileSync(path.join(dir, 'photos', 'nested', 'two.txt'), 'two')
  const db = await projectDatabase(ref)
  try {
    await db.query(`delete from storage.objects where bucket_id in ($1, $2, $3)`, [BUCKET, SHARED, MEDIA])
    await db.query(`delete from storage.buckets where id in ($1, $2, $3)`, [BUCKET, SHARED, MEDIA])
    await db.query(`insert into storage.buckets (id, name, public) values ($1, $1, false), ($2, $2, false)`, [
      SHARED,
      MEDIA,
    ])
    // Rows for the search and 'Go to folder' (listing and search read metadata only).
    await db.query(
      `insert into storage.objects (bucket_id, name, metadata)
       select $1, n, '{"size": 12, "mimetype": "text/plain"}'
         from unnest(array['reports/2026/needle-report.txt', 'reports/2026/other.txt', 'notes/needle-notes.md']) n`,
      [MEDIA],
    )
  } finally {
    await db.end()
  }
})

/** Half a second of a 440 Hz tone as a 16-bit mono PCM WAV file (8 kHz): a real file the browser plays. */
function toneWav(): Buffer {
  const rate = 8000
  const samples = rate / 2
  const wav = Buffer.alloc(44 + samples * 2)
  wav.write('RIFF', 0)
  wav.writeUInt32LE(36 + samples * 2, 4)
  wav.write('WAVEfmt ', 8)
  wav.writeUInt32LE(16, 16)
  wav.writeUInt16LE(1, 20) // PCM
  wav.writeUInt16LE(1, 22) // mono
  wav.writeUInt32LE(rate, 24)
  wav.writeUInt32LE(rate * 2, 28)
  wav.writeUInt16LE(2, 32)
  wav.writeUInt16LE(16, 34)
  wav.write('data', 36)
  wav.writeUInt32LE(samples * 2, 40)
  for (let i = 0; i < samples; i++)
    wav.writeInt16LE(Math.round(8000 * Math.sin((2 * Math.PI * 440 * i) / rate)), 44 + i * 2)
  return wav
}

/** A second of video recorded by the browser's own encoder (MediaRecorder, VP8 in WebM) from a canvas. */
async function recordWebm(page: Page): Promise<Buffer> {
  const bytes = await page.evaluate(async () => {
    const canvas = document.createElement('canvas')
    canvas.width = 64
    canvas.height = 48
    const draw = canvas.getContext('2d')!
    const recorder = new MediaRecorder(canvas.captureStream(10), { mimeType: 'video/webm;codecs=vp8' })
    const chunks: Blob[] = []
    recorder.ondataavailable = (e) => chunks.push(e.data)
    const stopped = new Promise((resolve) => (recorder.onstop = resolve))
    recorder.start()
    for (let i = 0; i < 10; i++) {
      draw.fillStyle = `hsl(${i * 36}, 80%, 50%)`
      draw.fillRect(0, 0, 64, 48)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    recorder.stop()
    await stopped
    return Array.from(new Uint8Array(await new Blob(chunks).arrayBuffer()))
  })
  return Buffer.from(bytes)
}

async function storedObjects(bucket = BUCKET): Promise<Array<{ name: string; size: number | null }>> {
  const db = await projectDatabase(ref)
  try {
    return (
      await db.query(
        `select name, (metadata->>'size')::bigint as size from storage.objects where bucket_id = $1 order by name`,
        [bucket],
      )
    ).rows.map((r: { name: string; size: string | null }) => ({
      name: r.name,
      size: r.size === null ? null : Number(r.size),
    }))
  } finally {
    await db.end()
  }
}

const column = (page: Page, name: string) => page.getByRole('region', { name: `Folder ${name}` })
const itemButton = (page: Page, folder: string, name: string) =>
  column(page, folder).getByRole('button', { name, exact: true })

/** Drops a folder of the disk on an element, as the operating system's drag would (Chromium's DevTools input). */
async function dropFolder(page: Page, target: ReturnType<Page['getByRole']>, folder: string) {
  const box = (await target.boundingBox())!
  const x = box.x + box.width / 2
  const y = box.y + box.height / 2
  const cdp = await page.context().newCDPSession(page)
  const data = { items: [], files: [folder], dragOperationsMask: 1 }
  await cdp.send('Input.dispatchDragEvent', { type: 'dragEnter', x, y, data })
  await cdp.send('Input.dispatchDragEvent', { type: 'dragOver', x, y, data })
  await expect(page.getByText('Drop your files to upload to this folder')).toBeVisible()
  await cdp.send('Input.dispatchDragEvent', { type: 'drop', x, y, data })
  await cdp.detach()
}

test('the owner creates a bucket, uploads, browses, previews, links, zips, empties and deletes it', async ({
  page,
  context,
}) => {
  test.setTimeout(360_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signIn(page, OWNER)
  await page.goto(`/project/${ref}/storage/buckets`)
  await expect(page.getByRole('heading', { level: 1, name: 'Buckets' })).toBeVisible()
  await expect(page.getByRole('link', { name: SHARED })).toBeVisible()

  // Create, with the spec's name rules first.
  await page.getByRole('button', { name: 'New bucket' }).click()
  const create = page.getByRole('dialog', { name: 'Create bucket' })
  await create.getByLabel('Name of bucket').fill('public')
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(create.getByText('"public" is a reserved name. Please choose another name')).toBeVisible()
  await create.getByLabel('Name of bucket').fill(BUCKET)
  await create.getByRole('switch', { name: 'Restrict file upload size for bucket' }).click()
  await create.getByLabel('File size limit').fill('100')
  await create.getByLabel('Unit').selectOption('MB')
  await expectAccessible(page)
  await create.getByRole('button', { name: 'Create' }).click()
  await expect(page.getByText(`Successfully created bucket ${BUCKET}`)).toBeVisible()
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/storage/buckets/${BUCKET}$`))
  await expect(page.getByText('Drop your files here')).toBeVisible()
  await expectNoErrorPage(page)

  // Files through the picker.
  await page
    .getByTestId('upload-input')
    .setInputFiles(['picture.png', 'paper.pdf', 'fruit.csv'].map((f) => path.join(dir, f)))
  await expect(page.getByText('Successfully uploaded 3 file(s)!')).toBeVisible()
  await expect(itemButton(page, BUCKET, 'picture.png')).toBeVisible()

  // A whole folder dropped on the column.
  await dropFolder(page, column(page, BUCKET), path.join(dir, 'photos'))
  await expect(page.getByText('Successfully uploaded 2 file(s)!')).toBeVisible()
  await itemButton(page, BUCKET, 'photos').click()
  await itemButton(page, 'photos', 'nested').click()
  await expect(itemButton(page, 'nested', 'two.txt')).toBeVisible()
  await screenshot(page, '19-explorer-columns')

  // Duplicate names become 'name (1).ext'.
  await column(page, BUCKET).click({ position: { x: 20, y: 300 } })
  await page.getByTestId('upload-input').setInputFiles(path.join(dir, 'fruit.csv'))
  await expect(itemButton(page, BUCKET, 'fruit (1).csv')).toBeVisible()
  // That upload's progress toast is leaving (dismissed as it ended): gone before the next upload shows its own.
  await expect(page.getByText('Successfully uploaded 1 file(s)!')).toBeVisible()
  await expect(page.getByRole('progressbar', { name: /^Uploading/ })).toHaveCount(0)

  // A resumable upload: slowed down so that a reload interrupts it, then picked again after the reload.
  await page.route('**/storage/v1/upload/resumable/**', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 1500))
    // The reload below drops the request being held: it is then handled already, as intended.
    await route.continue().catch(() => {})
  })
  await page.getByTestId('upload-input').setInputFiles(path.join(dir, 'large.bin'))
  const progress = page.getByRole('progressbar', { name: 'Uploading 1 file…' })
  await expect(progress).toBeVisible()
  await expect(page.getByRole('button', { name: 'Pause' })).toBeVisible()
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 60_000 })
    .toBeGreaterThan(0)
  await page.reload()
  await page.unroute('**/storage/v1/upload/resumable/**')
  expect((await storedObjects()).map((o) => o.name)).not.toContain('large.bin')
  await page.getByTestId('upload-input').setInputFiles(path.join(dir, 'large.bin'))
  await expect(page.getByText('large.bin resumes where it stopped')).toBeVisible()
  await expect(page.getByText('Successfully uploaded 1 file(s)!')).toBeVisible({ timeout: 30_000 })
  expect((await storedObjects()).find((o) => o.name === 'large.bin')?.size).toBe(BIG_BYTES)

  // The list view, with its headers and total, then the columns again.
  await page.getByRole('button', { name: 'View' }).click()
  await page.getByRole('menuitemradio', { name: 'As list' }).click()
  const list = page.getByRole('table')
  for (const header of ['Name', 'Size', 'Type', 'Created at', 'Last modified at']) {
    await expect(list.getByRole('columnheader', { name: header, exact: true })).toBeVisible()
  }
  await expect(page.getByText(/for 6 items$/)).toBeVisible()
  await screenshot(page, '19-explorer-list')
  await screenshotDark(page, '19-explorer-list-dark')
  await page.getByRole('button', { name: 'View' }).click()
  await page.getByRole('menuitemradio', { name: 'As columns' }).click()
  await expect(page.getByRole('table')).toHaveCount(0)

  // Rename the folder in place, then move it into another.
  await column(page, BUCKET).getByRole('button', { name: 'Actions for photos' }).click()
  await page.getByRole('menuitem', { name: 'Rename' }).click()
  const nameField = page.getByRole('textbox', { name: 'Folder name' })
  await nameField.fill('pictures')
  await nameField.press('Enter')
  await expect(itemButton(page, BUCKET, 'pictures')).toBeVisible()
  await page.getByRole('button', { name: 'Create folder' }).click()
  await page.getByRole('textbox', { name: 'Folder name' }).fill('archive')
  await page.getByRole('textbox', { name: 'Folder name' }).press('Enter')
  await expect(itemButton(page, BUCKET, 'archive')).toBeVisible()
  await column(page, BUCKET).getByRole('button', { name: 'Actions for pictures' }).click()
  await page.getByRole('menuitem', { name: 'Move' }).click()
  const move = page.getByRole('dialog', { name: 'Moving 1 item within the bucket' })
  await move.getByLabel('Path to new directory').fill('/archive')
  await expectAccessible(page)
  await move.getByRole('button', { name: 'Move files' }).click()
  await expect(move).toBeHidden()
  await expect(itemButton(page, BUCKET, 'pictures')).toHaveCount(0)
  expect((await storedObjects()).map((o) => o.name)).toContain('archive/pictures/nested/two.txt')

  // Previews: an image, a PDF, a CSV.
  const preview = page.getByRole('complementary', { name: 'File preview' })
  await itemButton(page, BUCKET, 'picture.png').click()
  const image = preview.getByRole('img', { name: 'picture.png' })
  await expect(image).toBeVisible()
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(2)
  const pdfAnswer = page.waitForResponse((r) => r.url().includes('download?path=paper.pdf'))
  await itemButton(page, BUCKET, 'paper.pdf').click()
  await expect(preview.locator('iframe[title="paper.pdf"]')).toBeVisible()
  const pdf = await pdfAnswer
  expect(pdf.status()).toBe(200)
  expect(pdf.headers()['content-type']).toContain('application/pdf')
  await itemButton(page, BUCKET, 'fruit.csv').click()
  await expect(preview.getByRole('columnheader', { name: 'fruit' })).toBeVisible()
  await expect(preview.getByRole('cell', { name: 'pear' })).toBeVisible()
  await screenshot(page, '19-preview-csv')

  // A signed URL, copied, then opened signed out.
  await column(page, BUCKET).getByRole('button', { name: 'Actions for fruit.csv' }).click()
  await page.getByRole('menuitem', { name: 'Expire in 1 week' }).click()
  await expect(page.getByText('Copied URL for fruit.csv to clipboard.')).toBeVisible()
  const signed = await page.evaluate(() => navigator.clipboard.readText())
  expect(signed).toMatch(/\/storage\/v1\/object\/sign\/j19-files\/fruit\.csv\?token=/)
  const anonymous = await page.context().browser()!.newContext()
  try {
    const answer = await anonymous.request.get(signed)
    expect(answer.status()).toBe(200)
    expect(await answer.text()).toBe(CSV)
  } finally {
    await anonymous.close()
  }

  // Custom expiry: above 0, its date shown.
  await column(page, BUCKET).getByRole('button', { name: 'Actions for fruit.csv' }).click()
  await page.getByRole('menuitem', { name: 'Custom expiry' }).click()
  const expiry = page.getByRole('dialog', { name: 'Custom expiry for signed URL' })
  await expect(expiry.getByRole('button', { name: 'Get signed URL' })).toBeDisabled()
  await expiry.getByLabel('Duration').fill('0')
  await expect(expiry.getByText('Expiry duration cannot be less than 0')).toBeVisible()
  await expiry.getByLabel('Duration').fill('2')
  await expiry.getByLabel('Unit').selectOption('weeks')
  await expect(expiry.getByText(/^URL will expire on /)).toBeVisible()
  await expectAccessible(page)
  await expiry.getByRole('button', { name: 'Get signed URL' }).click()
  await expect(expiry).toBeHidden()

  // The folder as one zip streamed by the server: a plain download with every file inside.
  await column(page, BUCKET).getByRole('button', { name: 'Actions for archive' }).click()
  const downloading = page.waitForEvent('download')
  await page.getByRole('menuitem', { name: 'Download' }).click()
  const download = await downloading
  const zipPath = path.join(dir, 'archive.zip')
  await download.saveAs(zipPath)
  expect(download.suggestedFilename()).toBe('archive.zip')
  // Debian's unzip lists the entries (zipinfo mode): the test reads the zip with a real zip reader.
  const entries = execFileSync('unzip', ['-Z1', zipPath], { encoding: 'utf8' }).trim().split('\n').sort()
  expect(entries.filter((e) => !e.endsWith('/'))).toEqual([
    'archive/pictures/nested/two.txt',
    'archive/pictures/one.txt',
  ])
  expect(readFileSync(zipPath).subarray(0, 2).toString()).toBe('PK')

  // Delete one file through the selection header.
  await column(page, BUCKET).getByRole('checkbox', { name: 'Select fruit (1).csv' }).check()
  await expect(page.getByText('1 items selected')).toBeVisible()
  await page.getByRole('toolbar', { name: 'Selected items' }).getByRole('button', { name: 'Delete' }).click()
  const confirm = page.getByRole('dialog', { name: 'Confirm deletion of file' })
  await expect(confirm.getByText('This action cannot be undone.')).toBeVisible()
  await confirm.getByRole('button', { name: 'Delete' }).click()
  await expect(page.getByText('Successfully deleted 1 item')).toBeVisible()
  await expect(itemButton(page, BUCKET, 'fruit (1).csv')).toHaveCount(0)

  // Empty the bucket, then delete it with its name typed.
  await page.getByRole('link', { name: 'Back to buckets' }).click()
  await page.getByRole('button', { name: `Actions for bucket ${BUCKET}` }).click()
  await page.getByRole('menuitem', { name: 'Empty bucket' }).click()
  const empty = page.getByRole('dialog', { name: `Confirm to empty the bucket "${BUCKET}"` })
  await empty.getByRole('button', { name: 'Empty bucket' }).click()
  await expect(page.getByText(`Successfully emptied bucket ${BUCKET}`)).toBeVisible({ timeout: 30_000 })
  expect(await storedObjects()).toEqual([])
  await page.getByRole('button', { name: `Actions for bucket ${BUCKET}` }).click()
  await page.getByRole('menuitem', { name: 'Delete bucket' }).click()
  const remove = page.getByRole('dialog', { name: `Confirm deletion of ${BUCKET}` })
  await remove.getByPlaceholder('Type in name of bucket').fill(BUCKET)
  await expectAccessible(page)
  await remove.getByRole('button', { name: 'Delete bucket' }).click()
  await expect(page.getByText(`Successfully deleted bucket ${BUCKET}`)).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('link', { name: BUCKET })).toHaveCount(0)
  await expect(page).toHaveURL(new RegExp(`/project/${ref}/storage/buckets$`))
})

test('the owner searches a bucket, goes to a folder by its path, pauses and cancels an upload, plays video and audio', async ({
  page,
}) => {
  test.setTimeout(300_000)
  await signIn(page, OWNER)
  writeFileSync(path.join(dir, 'clip.webm'), await recordWebm(page))
  await page.goto(`/project/${ref}/storage/buckets/${MEDIA}`)
  // The first page of this browser loads the app's chunks: slow on a busy machine.
  await expect(itemButton(page, MEDIA, 'reports')).toBeVisible({ timeout: 30_000 })

  // Search: the server searches the whole bucket; each hit says its folder.
  await page.getByRole('button', { name: 'Search for a file or folder' }).click()
  await page.getByRole('textbox', { name: 'Search for a file or folder' }).fill('needle')
  const hits = page.getByRole('region', { name: 'Search for a file or folder' })
  await expect(hits.getByRole('button', { name: /^needle-report\.txt in reports\/2026$/ })).toBeVisible()
  await expect(hits.getByRole('button', { name: /^needle-notes\.md in notes$/ })).toBeVisible()
  await expect(hits.getByRole('button', { name: / in / })).toHaveCount(2)
  await expectAccessible(page)
  await page.getByRole('textbox', { name: 'Search for a file or folder' }).fill('nothing-like-this')
  await expect(page.getByText('No results found in this folder')).toBeVisible()
  await expect(page.getByText('Your search for "nothing-like-this" did not return any results')).toBeVisible()
  await page.getByRole('button', { name: 'Close search' }).click()
  await expect(itemButton(page, MEDIA, 'reports')).toBeVisible()

  // 'Go to folder': the path typed opens each of its folders as a column.
  await page.getByRole('button', { name: 'Edit path' }).click()
  const pathField = page.getByRole('textbox', { name: 'Edit path' })
  await expect(pathField).toHaveAttribute('placeholder', 'e.g Parent Folder/Child Folder')
  await pathField.fill('/reports//2026/')
  await page.getByRole('button', { name: 'Go to folder' }).click()
  await expect(page.getByText('Navigating to reports/2026...')).toBeVisible()
  await expect(itemButton(page, '2026', 'needle-report.txt')).toBeVisible()
  await expect(itemButton(page, 'reports', '2026')).toHaveAttribute('aria-current', 'true')

  // Video and audio play in the preview pane.
  await column(page, MEDIA).click({ position: { x: 20, y: 300 } })
  await page.getByTestId('upload-input').setInputFiles(['clip.webm', 'tone.wav'].map((f) => path.join(dir, f)))
  await expect(page.getByText('Successfully uploaded 2 file(s)!')).toBeVisible()
  const preview = page.getByRole('complementary', { name: 'File preview' })
  await itemButton(page, MEDIA, 'clip.webm').click()
  const video = preview.locator('video[aria-label="clip.webm"]')
  await expect(video).toBeVisible()
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState >= 1 && v.videoWidth)).toBe(64)
  await itemButton(page, MEDIA, 'tone.wav').click()
  const audio = preview.locator('audio[aria-label="tone.wav"]')
  await expect(audio).toBeVisible()
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => Math.round(a.duration * 10) / 10)).toBe(0.5)
  await screenshot(page, '19-preview-audio')

  // A resumable upload paused (nothing is sent while paused), resumed, then cancelled: the server is told to
  // forget it, and no object appears.
  await page.route('**/storage/v1/upload/resumable/**', async (route) => {
    if (route.request().method() === 'PATCH') await new Promise((r) => setTimeout(r, 1000))
    await route.continue().catch(() => {})
  })
  const sent: string[] = []
  page.on('request', (r) => {
    if (r.url().includes('/upload/resumable')) sent.push(r.method())
  })
  await page.getByTestId('upload-input').setInputFiles(path.join(dir, 'large.bin'))
  const progress = page.getByRole('progressbar', { name: 'Uploading 1 file…' })
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 60_000 })
    .toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Pause' }).click()
  await expect(page.getByRole('button', { name: 'Resume' })).toBeVisible()
  await expectAccessible(page)
  const whenPaused = sent.length
  const pausedAt = await progress.getAttribute('aria-valuenow')
  // A paused upload sends nothing: watched for a while, as a user would.
  await page.waitForTimeout(2000)
  expect(sent.length).toBe(whenPaused)
  await expect(progress).toHaveAttribute('aria-valuenow', pausedAt!)
  await page.getByRole('button', { name: 'Resume' }).click()
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 60_000 })
    .toBeGreaterThan(Number(pausedAt))
  const terminated = page.waitForRequest((r) => r.url().includes('/upload/resumable/') && r.method() === 'DELETE')
  await page.getByRole('button', { name: 'Cancel' }).click()
  await terminated
  await expect(page.getByText('Upload cancelled')).toBeVisible()
  await expect(progress).toHaveCount(0)
  await page.unroute('**/storage/v1/upload/resumable/**')
  expect((await storedObjects(MEDIA)).map((o) => o.name)).not.toContain('large.bin')
  await expect(itemButton(page, MEDIA, 'large.bin')).toHaveCount(0)

  // Settings › Storage: the project's upload limit, whole numbers in a unit, at most 50 GB.
  await page.goto(`/project/${ref}/settings/storage`)
  await expect(page.getByRole('heading', { level: 1, name: 'Storage Settings' })).toBeVisible({ timeout: 30_000 })
  const limit = page.getByRole('textbox', { name: 'Upload file size limit' })
  await expect(limit).toHaveValue('50')
  await expect(page.getByRole('combobox', { name: 'Unit' })).toHaveValue('GB')
  await limit.fill('60')
  await expect(page.getByText('Maximum limit is up to 50 GB.')).toBeVisible()
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Upload file size limit must be up to 50GB (53687091200 bytes)')).toBeVisible()
  await limit.fill('10')
  await page.getByRole('combobox', { name: 'Unit' }).selectOption('MB')
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Successfully updated storage settings')).toBeVisible()
  await screenshot(page, '19-storage-settings')
  await screenshotDark(page, '19-storage-settings-dark')
  // The explorer refuses a file over it before sending a byte, naming the project's limit.
  await page.goto(`/project/${ref}/storage/buckets/${MEDIA}`)
  await page.getByTestId('upload-input').setInputFiles(path.join(dir, 'large.bin'))
  await expect(
    page
      .getByText(/large\.bin/)
      .filter({ hasText: /limit/ })
      .first(),
  ).toBeVisible({ timeout: 30_000 })
  expect((await storedObjects(MEDIA)).map((o) => o.name)).not.toContain('large.bin')
  // Back to 50 GB for the journeys after this one.
  await page.goto(`/project/${ref}/settings/storage`)
  await page.getByRole('textbox', { name: 'Upload file size limit' }).fill('50')
  await page.getByRole('combobox', { name: 'Unit' }).selectOption('GB')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(page.getByText('Successfully updated storage settings')).toBeVisible()
})

test('a Read-only member sees the explorer with every write control disabled and why', async ({ page, platform }) => {
  // 48 s measured on a busy machine: a member's sign-up and the first load of the app's chunks.
  test.setTimeout(120_000)
  reader = await platform.member('j19', 'read_only')
  await signIn(page, reader)
  await page.goto(`/project/${ref}/storage/buckets`)
  await expect(page.getByRole('button', { name: 'New bucket' })).toBeDisabled()
  await page.getByLabel('You need additional permissions to create buckets').first().hover()
  await expect(page.getByRole('tooltip')).toHaveText('You need additional permissions to create buckets')
  await page.getByRole('link', { name: SHARED }).click()
  await expect(page.getByText('Drop your files here')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Upload files' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Create folder' })).toBeDisabled()
  await page.getByLabel('You need additional permissions to upload files').hover()
  await expect(page.getByRole('tooltip')).toHaveText('You need additional permissions to upload files')
  await page.getByLabel('You need additional permissions to create folders').focus()
  await expect(page.getByRole('tooltip')).toHaveText('You need additional permissions to create folders')
  await screenshot(page, '19-read-only')
  await screenshotDark(page, '19-read-only-dark')
})
