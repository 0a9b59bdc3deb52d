// Accessibility checks for the journeys (issue 18): axe-core's WCAG 2.1 A/AA rules on every page a journey
// visits (watchAccessibility, installed on every page by the fixtures) and on every dialog, panel, popover
// or menu it opens (an explicit `await expectAccessible(page)`, in the light and the dark theme). A serious
// or critical violation fails the journey with a list a person can act on. docs/accessibility.md says how.
import AxeBuilder from '@axe-core/playwright'
import { expect, type BrowserContext, type Page } from '@playwright/test'
import type { AxeResults, Result } from 'axe-core'

/** WCAG 2.0 and 2.1, levels A and AA: what Basalt promises (issue 18). */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']

/** The impacts that fail a journey; minor and moderate findings are left to people reading the report. */
const FAILING_IMPACTS = new Set(['serious', 'critical'])

/** Rules whose outcome depends on colours: the only ones worth running again in the other theme. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

export interface AccessibilityOptions {
  /** Only this part of the page (a CSS selector), e.g. one dialog; the whole page by default. */
  include?: string
  /** Parts left out (CSS selectors), each with a reason in the journey that passes it. */
  exclude?: string[]
  /** axe rule ids not run, each with a reason in the journey that passes it. */
  disableRules?: string[]
  /** 'both' (the default) checks the page as it is and its colours again in the other theme. */
  themes?: 'both' | 'current'
}

type Theme = 'light' | 'dark'

interface Finding {
  where: string
  theme: Theme
  violations: Result[]
}

/** One line per failing element: what is wrong, where, and axe's own summary of how to fix it. */
export function describeViolations(findings: Finding[]): string {
  const lines: string[] = []
  for (const { where, theme, violations } of findings) {
    const count = violations.reduce((n, v) => n + v.nodes.length, 0)
    lines.push(`${count} serious or critical accessibility violation(s) on ${where} (${theme} theme):`)
    for (const v of violations) {
      lines.push(`  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl.replace(/\?.*$/, '')})`)
      for (const node of v.nodes.slice(0, 8)) {
        const summary = (node.failureSummary ?? '')
          .split('\n')
          .map((s) => s.trim())
          .filter((s) => s && !/^Fix (any|all) of the following:$/.test(s))
          .join(' ')
        lines.push(`    ${node.target.join(' ')}  ${node.html.slice(0, 160)}`)
        if (summary) lines.push(`      → ${summary}`)
      }
      if (v.nodes.length > 8) lines.push(`    … and ${v.nodes.length - 8} more`)
    }
  }
  return lines.join('\n')
}

/** Stops CSS animations and transitions while axe reads colours (a fading dialog is not its final colour). */
const STILL_STYLE_ID = 'basalt-axe-still'

async function holdStill(page: Page, still: boolean): Promise<void> {
  await page.evaluate(
    ([id, on]) => {
      document.getElementById(id as string)?.remove()
      if (!on) return
      const style = document.createElement('style')
      style.id = id as string
      style.textContent = '*,*::before,*::after{transition:none!important;animation:none!important}'
      document.head.append(style)
    },
    [STILL_STYLE_ID, still] as const,
  )
}

/**
 * Waits until the page is quiet: the finite animations running have ended and the DOM has not changed for a
 * moment (at most a few seconds: a page that never settles is checked as it is).
 */
async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const finite = document
      .getAnimations()
      .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
    await Promise.race([
      Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
      new Promise((r) => setTimeout(r, 2000)),
    ])
    await new Promise<void>((resolve) => {
      const QUIET_MS = 250
      let timer = setTimeout(done, QUIET_MS)
      const cap = setTimeout(done, 3000)
      const observer = new MutationObserver(() => {
        clearTimeout(timer)
        timer = setTimeout(done, QUIET_MS)
      })
      // A document still loading has no body yet.
      observer.observe(document.body ?? document.documentElement, {
        subtree: true,
        childList: true,
        attributes: true,
        characterData: true,
      })
      function done() {
        observer.disconnect()
        clearTimeout(timer)
        clearTimeout(cap)
        resolve()
      }
    })
  })
}

function builder(page: Page, options: AccessibilityOptions, rules?: string[]): AxeBuilder {
  // Legacy mode runs axe inside the page itself; the default opens a blank page in the context to merge
  // frame results, which the page watcher would then see as a page of the app.
  // Only violations are read: axe then builds selectors for the other results' first node only, which took a
  // third of a whole-page run (3.1 s → 2.1 s on Database › Tables, the same run alternated in one browser).
  const axe = new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(WCAG_TAGS)
    .options({ resultTypes: ['violations'] })
  if (rules) axe.withRules(rules)
  if (options.include) axe.include(options.include)
  for (const selector of options.exclude ?? []) axe.exclude(selector)
  if (options.disableRules?.length) axe.disableRules(options.disableRules)
  return axe
}

const failing = (results: AxeResults) => results.violations.filter((v) => FAILING_IMPACTS.has(v.impact ?? ''))

const addressOf = (url: string) => new URL(url).pathname + new URL(url).search

const themeOf = (page: Page): Promise<Theme> =>
  page.evaluate(() => (document.documentElement.classList.contains('dark') ? 'dark' : 'light'))

/**
 * Basalt's own rule beside axe's (issue 18): a page has exactly one <h1> outside its dialogs (visually hidden
 * where the design shows none). Checked by expectAccessible on whole pages, not by the watcher, which may
 * see a page still loading.
 */
async function oneMainHeading(page: Page): Promise<Result[]> {
  const headings = await page.evaluate(() =>
    [...document.querySelectorAll('h1')]
      .filter((h) => !h.closest('[role="dialog"], [role="alertdialog"]'))
      .map((h) => h.outerHTML.slice(0, 160)),
  )
  if (headings.length === 1) return []
  const finding = {
    id: 'basalt-one-h1',
    impact: 'serious',
    help: `A page has exactly one <h1> outside its dialogs; this one has ${headings.length}`,
    helpUrl: 'docs/accessibility.md',
    nodes: (headings.length ? headings : ['(no <h1>)']).map((html) => ({ target: ['h1'], html, failureSummary: '' })),
  }
  return [finding as unknown as Result]
}

/** Runs axe on the page as it is (and, with themes 'both', its colours in the other theme); the findings. */
async function check(page: Page, options: AccessibilityOptions, seen?: Set<string>): Promise<Finding[]> {
  await settle(page)
  const where = addressOf(page.url())
  // A redirect lands several addresses on one page: the watcher checks it once.
  if (seen?.has(where)) return []
  seen?.add(where)
  await holdStill(page, true)
  try {
    const theme = await themeOf(page)
    const violations = failing(await builder(page, options).analyze())
    if (!options.include && !seen) violations.push(...(await oneMainHeading(page)))
    const findings: Finding[] = [{ where, theme, violations }]
    if ((options.themes ?? 'both') === 'both') {
      const other: Theme = theme === 'dark' ? 'light' : 'dark'
      // Only the class that switches the theme, not the member's saved preference.
      await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), other === 'dark')
      try {
        findings.push({
          where,
          theme: other,
          violations: failing(await builder(page, options, COLOUR_RULES).analyze()),
        })
      } finally {
        await page.evaluate((dark) => document.documentElement.classList.toggle('dark', dark), theme === 'dark')
      }
    }
    return findings.filter((f) => f.violations.length > 0)
  } finally {
    await holdStill(page, false)
  }
}

/** Per page, the checks run one after another: the watcher's and the journey's never overlap. */
const queues = new WeakMap<Page, Promise<unknown>>()

function serially<T>(page: Page, run: () => Promise<T>): Promise<T> {
  const previous = queues.get(page) ?? Promise.resolve()
  const next = previous.catch(() => undefined).then(run)
  queues.set(
    page,
    next.catch(() => undefined),
  )
  return next
}

/** Resolves once the checks queued on `page` have run (a screenshot waits: a check switches the theme). */
export async function accessibilityIdle(page: Page): Promise<void> {
  await queues.get(page)
}

/**
 * The page as it is now, and its colours in the other theme, have no serious or critical WCAG 2.1 A/AA
 * violation. Call it after opening a dialog, side panel, popover or menu, once it shows what it is for.
 */
export async function expectAccessible(page: Page, options: AccessibilityOptions = {}): Promise<void> {
  const findings = await serially(page, () => check(page, options))
  expect(findings.length === 0, describeViolations(findings)).toBe(true)
}

/**
 * Errors that only mean the page moved on while a background check ran; the next page gets its own. The last
 * is axe's script gone between its injection and its run: a new document replaced the one it was put in.
 */
const GONE =
  /Execution context was destroyed|Target page, context or browser has been closed|Target closed|navigation|detached|reading 'run'/i

/**
 * Checks every page of `context` after each navigation, client-side route changes included (each address
 * once per test), in the theme it is shown in and its colours in the other, while the journey goes on; `finish()` waits for the checks
 * and fails with every finding. The fixtures install it on the journey's own context; a journey that opens
 * another context installs it there too.
 */
export function watchAccessibility(context: BrowserContext, options: AccessibilityOptions = {}) {
  const findings: Finding[] = []
  const pending = new Set<Promise<unknown>>()
  const seen = new Set<string>()

  const watch = (page: Page) => {
    page.on('framenavigated', (frame) => {
      if (frame !== page.mainFrame() || !frame.url().startsWith('http')) return
      const run = serially(page, async () => {
        findings.push(...(await check(page, options, seen)))
      }).catch((error: Error) => {
        // A page that moves on or closes mid-check is checked at its next address; anything else is axe's
        // own trouble, reported without failing the journey for it.
        if (!GONE.test(error.message) && !page.isClosed())
          console.warn(`axe could not check ${page.url()}: ${error.message}`)
      })
      pending.add(run)
      void run.finally(() => pending.delete(run))
    })
  }
  context.pages().forEach(watch)
  context.on('page', watch)

  return {
    findings,
    /** Waits for the checks still running and fails the journey with every violation they found. */
    async finish(): Promise<void> {
      while (pending.size) await Promise.allSettled([...pending])
      expect(findings.length === 0, describeViolations(findings)).toBe(true)
    },
  }
}

// ——— Kept for the journeys written before axe was wired in (11-database-settings). ———

/** Roles a user operates, which a screen reader must be able to name. */
const CONTROL_ROLES = new Set([
  'button',
  'checkbox',
  'combobox',
  'link',
  'listbox',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'radio',
  'searchbox',
  'slider',
  'spinbutton',
  'switch',
  'tab',
  'textbox',
])

interface AXNode {
  ignored: boolean
  role?: { value?: string }
  name?: { value?: string }
  backendDOMNodeId?: number
}

/** Every control Chromium exposes on the page has a non-empty accessible name; the failure lists those that do not. */
export async function expectNamedControls(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page)
  try {
    const { nodes } = (await cdp.send('Accessibility.getFullAXTree')) as { nodes: AXNode[] }
    const unnamed = nodes.filter(
      (n) => !n.ignored && CONTROL_ROLES.has(n.role?.value ?? '') && !String(n.name?.value ?? '').trim(),
    )
    const described = await Promise.all(
      unnamed.map(async (n) => {
        if (n.backendDOMNodeId === undefined) return `${n.role?.value} (no DOM node)`
        const { node } = (await cdp.send('DOM.describeNode', { backendNodeId: n.backendDOMNodeId })) as {
          node: { localName: string; attributes?: string[] }
        }
        const attributes = node.attributes ?? []
        const pairs = attributes.filter((_, i) => i % 2 === 0).map((name, i) => `${name}="${attributes[i * 2 + 1]}"`)
        return `${n.role?.value}: <${[node.localName, ...pairs].join(' ')}>`
      }),
    )
    expect(described, 'controls without an accessible name').toEqual([])
    expect(nodes.length, 'the accessibility tree was read').toBeGreaterThan(10)
  } finally {
    await cdp.detach()
  }
}
