// What the journeys share: the owner, the texts they look for, the steps several repeat (the sign-in and
// second-factor pages), and direct access to the databases for seeding. What each file starts from is made
// by the fixtures (fixtures.ts), not by another file.
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { expect, type Page } from '@playwright/test'
import { Secret, TOTP } from 'otpauth'
import pg from 'pg'
import { accessibilityIdle } from './accessibility'

const ROOT = path.resolve(import.meta.dirname, '../..')
const RESULTS = path.join(ROOT, 'test-results')
const SCREENS = path.join(RESULTS, 'screens')
/** Where serve.mjs wrote the main server's data directory. */
const DATA_DIR_FILE = path.join(RESULTS, `e2e-data-dir-${process.env.E2E_PORT ?? 8400}`)

export interface Person {
  name: string
  email: string
  password: string
}

export const OWNER: Person = { name: 'Olive Owner', email: 'owner@example.com', password: 'basalt-owner-pass-1' }

/** The organisation the first sign-up creates, named after the owner (server: auth.ts signUp). */
export const OWNER_ORGANIZATION = `${OWNER.name}'s Organization`
export const DEFAULT_PROJECT = 'Default project'

/**
 * How long a page may take to show its first Monaco editor: the editor is a lazy chunk of a few MB, parsed on
 * first use, which takes seconds while other journeys load the machine.
 */
export const MONACO_LOAD_MS = 60_000

/** Texts the journeys look for, as the web app writes them (the messages.ts files of apps/web). */
export const TEXT = {
  errorTitle: 'Something went wrong',
  notFoundTitle: 'Page not found',
  notAvailable: 'This page is not available yet in Basalt.',
  noAccess: 'You need additional permissions to view this page',
  projectNotFound: 'Project not found',
  noUpdatePermission: 'You need additional permissions to change this project.',
} as const

const TOTP_PERIOD_MS = 30_000

/** The time step of the last code entered, per secret: the server accepts each step once. */
const lastStep = new Map<string, number>()

/**
 * A code an authenticator app shows for this secret that the server has not seen yet. The server accepts
 * the previous, current and next 30-second step, each once (RFC 6238 §5.2), so this takes the earliest step
 * after the last one entered, waiting for the clock when all three are used.
 */
export async function totpCode(secret: string): Promise<string> {
  const now = () => Math.floor(Date.now() / TOTP_PERIOD_MS)
  const step = Math.max((lastStep.get(secret) ?? -Infinity) + 1, now() - 1)
  const wait = (step - 1) * TOTP_PERIOD_MS - Date.now()
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 100))
  lastStep.set(secret, step)
  return codeAt(secret, step * TOTP_PERIOD_MS)
}

/** The code for this secret at a moment, without marking it entered (to derive a wrong one, say). */
export function codeAt(secret: string, timestamp = Date.now()): string {
  return new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate({
    timestamp,
  })
}

/** Fills and submits the sign-in form at /sign-in (the page must already show it). */
export async function submitSignIn(page: Page, person: Person): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
  await page.getByLabel('Email').fill(person.email)
  await page.getByLabel('Password').fill(person.password)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
}

/** Enters the current code on /sign-in-mfa. */
export async function submitMfaCode(page: Page, secret: string): Promise<void> {
  await expect(page).toHaveURL(/\/sign-in-mfa(\?|$)/)
  await expect(page.getByRole('heading', { name: 'Verify your identity' })).toBeVisible()
  await page.getByLabel('Verification code').fill(await totpCode(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
}

export async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'User menu' }).click()
  await page.getByRole('menuitem', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(/\/sign-in$/)
  await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible()
}

/** The double-submit CSRF token the browser holds, for calls made with page.request. */
export async function csrfHeader(page: Page): Promise<Record<string, string>> {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'basalt_csrf')
  if (!cookie) throw new Error('No basalt_csrf cookie in the browser context')
  return { 'x-csrf-token': decodeURIComponent(cookie.value) }
}

/** The page shows neither the generic error page nor the not-found page. */
export async function expectNoErrorPage(page: Page): Promise<void> {
  await expect(page.getByText(TEXT.errorTitle, { exact: true })).toHaveCount(0)
  await expect(page.getByText(TEXT.notFoundTitle, { exact: true })).toHaveCount(0)
}

/** A full-page screenshot into test-results/screens/, for people to look at. */
export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true })
  // An accessibility check switches the theme for a moment: not in the picture.
  await accessibilityIdle(page)
  // Out of the way of hover styles, and after the theme's colour transitions.
  const size = page.viewportSize()
  if (size) await page.mouse.move(size.width - 1, size.height - 1)
  await page.screenshot({ path: path.join(SCREENS, `${name}.png`), fullPage: true, animations: 'disabled' })
}

/**
 * Chooses a theme from the header's menu. An accessibility check shows the page in the other theme for a moment
 * and then puts its own theme back, which would undo a choice made meanwhile: the choice waits for the checks.
 */
export async function chooseTheme(page: Page, theme: 'Light' | 'Dark' | 'System'): Promise<void> {
  await accessibilityIdle(page)
  const trigger = page.getByRole('button', { name: /^Theme: / })
  await trigger.click()
  await page.getByRole('menuitemradio', { name: theme }).click()
  // The menu gives the focus back to its button once its closing animation has ended. Until then, a step
  // that puts the focus elsewhere (Enter in an editor) could have it taken back from under it.
  await expect(page.getByRole('menu')).toHaveCount(0)
  await expect(trigger).toBeFocused()
}

/**
 * A screenshot of the page in the dark theme, then the member's own theme back (it is saved with the
 * account, so later journeys see what they expect).
 */
export async function screenshotDark(page: Page, name: string): Promise<void> {
  const themeButton = page.getByRole('button', { name: /^Theme: / })
  const theme = (await themeButton.getAttribute('aria-label'))!.replace('Theme: ', '')
  await chooseTheme(page, 'Dark')
  await expect(page.locator('html')).toHaveClass(/(^|\s)dark(\s|$)/)
  await screenshot(page, name)
  await chooseTheme(page, (theme.charAt(0).toUpperCase() + theme.slice(1)) as 'Light' | 'Dark' | 'System')
  await expect(themeButton).toHaveAccessibleName(`Theme: ${theme}`)
}

/**
 * A superuser connection to a database of the journeys' platform cluster (serve.mjs writes its data dir
 * to test-results/e2e-data-dir-{port}), for seeding tables and checking what the app wrote.
 */
export async function clusterDatabase(database: string): Promise<pg.Client> {
  const dataDir = readFileSync(DATA_DIR_FILE, 'utf8').trim()
  const password = readFileSync(path.join(dataDir, 'postgres', 'superuser-password'), 'utf8').trim()
  const client = new pg.Client({
    host: '127.0.0.1',
    port: Number(process.env.E2E_PG_PORT ?? 54500),
    user: 'postgres',
    password,
    database,
  })
  await client.connect()
  return client
}

/**
 * The database of the project with this ref, as its admin role — what a member connecting with psql gets, so
 * that what a journey seeds belongs to the project as it would in use. Each project has its own cluster
 * (serve.mjs's data dir, `projects/<ref>`); the journey logs in as that cluster's superuser, which only
 * Basalt and its tests hold, and switches to the admin role.
 */
export async function projectDatabase(ref: string): Promise<pg.Client> {
  const dataDir = readFileSync(DATA_DIR_FILE, 'utf8').trim()
  const cluster = path.join(dataDir, 'projects', ref)
  // postmaster.pid's fourth line is the port the cluster listens on.
  const port = Number(readFileSync(path.join(cluster, 'cluster', 'postmaster.pid'), 'utf8').split('\n')[3])
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: readFileSync(path.join(cluster, 'superuser-password'), 'utf8').trim(),
    database: `basalt_project_${ref}`,
  })
  await client.connect()
  await client.query('set role basalt_admin')
  return client
}
