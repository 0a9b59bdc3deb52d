// Journey 5: every entry of the project menu and of each area's secondary menu, the organisation menu
// and the account menu opens a page with its title and either its content or the plain "not available
// yet" notice — never the generic error page nor the not-found page.
import type { Locator, Page } from '@playwright/test'
import { expect, signIn, test } from './support/fixtures'
import { OWNER, OWNER_ORGANIZATION, TEXT, expectNoErrorPage, screenshot } from './support/journey'

/** The owner browses: the default project, their organisation and their account. Nothing is changed. */
async function signInOwner(page: Page): Promise<void> {
  await signIn(page, OWNER)
  await page.goto('/projects')
}

interface Area {
  label: string
  /** Where the area's link goes, inside the project. */
  path: string
  /** The title of that page. */
  title: string
  /** Secondary-menu entries every owner sees in hosted mode (spec 2 §2); conditional ones may add to them. */
  entries: string[]
  /** For a page built without a page title (an app-like screen): what shows it rendered. */
  built?: (main: Locator) => Locator
}

const AREAS: Area[] = [
  {
    label: 'Table editor',
    path: 'editor',
    title: 'Table editor',
    entries: [],
    built: (main) => main.getByRole('complementary', { name: 'Entities' }),
  },
  {
    label: 'SQL editor',
    path: 'sql/new',
    title: 'Untitled query',
    entries: [],
    built: (main) => main.getByRole('complementary', { name: 'Queries' }),
  },
  {
    label: 'Database',
    path: 'database/tables',
    title: 'Tables',
    entries: [
      'Schema visualizer',
      'Tables',
      'Functions',
      'Triggers',
      'Enumerated types',
      'Extensions',
      'Indexes',
      'Roles',
      'Replication',
      'Migrations',
      'Wrappers',
    ],
  },
  {
    label: 'Auth',
    path: 'auth/users',
    title: 'Users',
    entries: ['Users', 'Policies', 'Providers', 'Rate limits', 'Email templates', 'URL configuration', 'Auth hooks'],
  },
  { label: 'Storage', path: 'storage/buckets', title: 'Buckets', entries: ['Buckets', 'Policies'] },
  {
    label: 'Logs',
    path: 'logs/explorer',
    title: 'Logs explorer',
    entries: [
      'Explorer',
      'Saved queries',
      'Recent queries',
      'Templates',
      'API Edge Network',
      'Postgres',
      'PostgREST',
      'Pooler',
    ],
  },
  {
    label: 'API docs',
    path: 'api',
    title: 'API docs',
    entries: [
      'Introduction',
      'Authentication',
      'User management',
      'Tables and views',
      'Stored procedures',
      'Storage',
      'GraphiQL',
    ],
  },
  { label: 'Reports', path: 'reports', title: 'Reports', entries: ['API', 'Storage', 'Database', 'Query performance'] },
  {
    label: 'Settings',
    path: 'settings/general',
    title: 'Project settings',
    entries: [
      'General',
      'Compute and disk',
      'Integrations',
      'Add-ons',
      'Vault',
      'Database',
      'Data API',
      'Authentication',
      'Storage',
      'Edge Functions',
    ],
  },
]

/** Secondary-menu entries whose page title is not the entry's label. */
const TITLE_OF_ENTRY: Record<string, string> = {
  'API docs › Introduction': 'API docs',
  'Settings › General': 'Project settings',
  'Settings › Database': 'Database settings',
  'Settings › Data API': 'API Settings',
  'Database › Replication': 'Publications',
  'Logs › Explorer': 'Logs explorer',
  'Logs › API Edge Network': 'API requests',
  'Database › Scheduled backups': 'Backups',
  'Settings › Storage': 'Storage Settings',
  'Storage › Policies': 'Storage policies',
  'Database › Wrappers': 'Foreign data wrappers',
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** The entry's label without its alpha/beta badge. */
async function labelOf(link: Locator): Promise<string> {
  return (await link.innerText()).replace(/\s*(alpha|beta)\s*$/, '').trim()
}

/**
 * The page under `main` has its title, and either content or the "not available yet" notice; it is not
 * the error or not-found page, and nothing on it failed to load.
 */
async function expectPage(page: Page, main: Locator, title: string, built?: Locator): Promise<void> {
  const heading = main.getByRole('heading', { level: 1, name: title, exact: true })
  await expect(built ? heading.or(built).first() : heading).toBeVisible()
  // One h1 per page (issue 18), visually hidden where the design shows none.
  await expect(page.locator('h1')).toHaveCount(1)
  await expectNoErrorPage(page)
  // Visible content (a chart's tooltip is a hidden role="status" until pointed at), an empty list's sentence too.
  const content = main.locator('form, table, section, dl, ul, nav, button, input, p, [role="status"]')
  await expect(main.getByText(TEXT.notAvailable).or(content).filter({ visible: true }).first()).toBeVisible()
  // Soft: a page whose data failed to load is reported, and the journey goes on to the next entries.
  await expect.soft(main.getByText(/^(Failed to|Unable to)/), `${title}: nothing failed to load`).toHaveCount(0)
}

/** Clicks every link of a side menu in turn: each becomes the current page and renders. */
async function visitMenu(
  page: Page,
  menu: Locator,
  main: Locator,
  titleOf: (label: string) => string,
  visited: string[],
): Promise<void> {
  const count = await menu.getByRole('link').count()
  expect(count).toBeGreaterThan(0)
  for (let i = 0; i < count; i++) {
    const link = menu.getByRole('link').nth(i)
    const label = await labelOf(link)
    const href = (await link.getAttribute('href'))!
    await link.click()
    await expect(page).toHaveURL(new RegExp(`${escape(href)}$`))
    await expect(link).toHaveAttribute('aria-current', 'page')
    await expectPage(page, main, titleOf(label))
    visited.push(href)
  }
}

// Each area is its own test, and this file's tests may run in parallel: one test walking all 60-odd pages
// (each checked by axe in both themes) outgrew any sensible timeout on a loaded two-core machine.
test.describe.configure({ mode: 'parallel' })

const PROJECT = '/project/default'

test("the project menu lists its areas in the spec's order, and its overview is one click away", async ({ page }) => {
  await signInOwner(page)
  await page.goto(PROJECT)
  const nav = page.getByRole('navigation', { name: 'Project' })
  const main = page.getByRole('main')
  await expect(nav).toBeVisible()
  await expect(page.getByRole('banner').getByText('Active', { exact: true })).toBeVisible()
  await screenshot(page, '05-project-shell-light')
  await expect(nav.getByRole('link')).toHaveText(['Project overview', ...AREAS.map((a) => a.label)])

  // Away to an area and back to the overview from the menu.
  await nav.getByRole('link', { name: AREAS[0]!.label, exact: true }).click()
  await nav.getByRole('link', { name: 'Project overview' }).click()
  await expect(page).toHaveURL(new RegExp(`${escape(PROJECT)}$`))
  await expect(main.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoErrorPage(page)
})

for (const area of AREAS) {
  test(`${area.label}: the project menu entry and each of its secondary menu entries render their page`, async ({
    page,
  }) => {
    // Up to eleven pages, each checked by axe in both themes.
    test.setTimeout(150_000)
    await signInOwner(page)
    await page.goto(PROJECT)
    const nav = page.getByRole('navigation', { name: 'Project' })
    const main = page.getByRole('main')
    const link = nav.getByRole('link', { name: area.label, exact: true })
    await link.click()
    await expect(page).toHaveURL(new RegExp(`${escape(`${PROJECT}/${area.path}`)}$`))
    await expect(link).toHaveAttribute('aria-current', 'page')
    await expectPage(page, main, area.title, area.built?.(main))

    const menu = page.getByRole('navigation', { name: `${area.label} menu` })
    if (area.entries.length === 0) {
      await expect(menu).toHaveCount(0)
      return
    }
    await expect(menu).toBeVisible()
    const labels = await Promise.all((await menu.getByRole('link').all()).map(labelOf))
    expect(labels).toEqual(expect.arrayContaining(area.entries))
    const visited: string[] = []
    await visitMenu(page, menu, main, (label) => TITLE_OF_ENTRY[`${area.label} › ${label}`] ?? label, visited)
    expect(visited.length).toBeGreaterThanOrEqual(area.entries.length)
    if (area.label === 'Settings') await screenshot(page, '05-project-settings-light')
  })
}

test('every organization menu entry renders its page', async ({ page, platform }) => {
  test.setTimeout(150_000)
  const { slug } = platform.ownerOrganization
  await signInOwner(page)
  const organization = page.getByRole('region', { name: OWNER_ORGANIZATION })
  await organization.getByRole('link', { name: 'Organization settings' }).click()
  await expect(page).toHaveURL(new RegExp(`/org/${escape(slug)}/general$`))

  const menu = page.getByRole('navigation', { name: 'Organization' })
  await expect(menu.getByRole('link')).toHaveText([
    'General',
    'Team',
    'Integrations',
    'Billing',
    'Usage',
    'Invoices',
    'OAuth Apps',
    'Audit logs',
    'Legal Documents',
  ])
  const titles: Record<string, string> = { General: 'Organization settings' }
  const visited: string[] = []
  await visitMenu(page, menu, page.getByRole('main'), (label) => titles[label] ?? label, visited)
  expect(visited).toHaveLength(9)
  await screenshot(page, '05-organization-light')
})

test('every account menu entry renders its page', async ({ page }) => {
  await signInOwner(page)
  await page.getByRole('button', { name: 'User menu' }).click()
  await page.getByRole('menuitem', { name: 'Account preferences' }).click()
  await expect(page).toHaveURL(/\/account\/me$/)

  const menu = page.getByRole('navigation', { name: 'Account' })
  await expect(menu.getByRole('link')).toHaveText(['Preferences', 'Access Tokens', 'Security', 'Audit logs'])
  const visited: string[] = []
  await visitMenu(page, menu, page.getByRole('main'), (label) => label, visited)
  expect(visited).toHaveLength(4)
  await screenshot(page, '05-account-light')
})
