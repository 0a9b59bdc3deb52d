// A check of the page's controls through Chromium's own accessibility tree. DESIGN.md names
// @axe-core/playwright for this, but no workspace depends on it yet; until one does, this covers the rule
// that matters most for the journeys' forms: every control has an accessible name.
import { expect, type Page } from '@playwright/test'

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
