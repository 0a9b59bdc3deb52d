// The palette in index.css meets WCAG 2.1 AA in both themes (issue 18): text 4.5:1 against every surface it
// sits on, and input borders, focus rings and the invalid-field border 3:1 (1.4.11 non-text contrast).
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { composite, contrastRatio, parseColour, type Rgba } from './contrast'

// Read from disk: Vitest hands CSS modules, `?raw` ones included, over empty.
const css = readFileSync(join(import.meta.dirname, '../index.css'), 'utf8')

/** The custom properties declared in the first block opened by `selector` (`:root` or `.dark`). */
function tokens(selector: string): Record<string, string> {
  const start = css.indexOf(`\n${selector} {`)
  const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start))
  return Object.fromEntries([...body.matchAll(/--([\w-]+):\s*([^;]+);/g)].map((m) => [m[1]!, m[2]!.trim()]))
}

const THEMES = { light: tokens(':root'), dark: { ...tokens(':root'), ...tokens('.dark') } }

const SURFACES = ['background', 'surface', 'surface-raised', 'muted']

/** [foreground, background, minimum]; a background `x/NN` is token x at NN% over --background, as Tailwind paints it. */
const PAIRS: Array<[string, string, number]> = [
  ...SURFACES.flatMap((s): Array<[string, string, number]> => [
    ['foreground', s, 4.5],
    ['muted-foreground', s, 4.5],
    ['brand', s, 4.5],
    ['destructive', s, 4.5],
    ['input', s, 3],
    ['ring', s, 3],
  ]),
  ['brand-foreground', 'brand', 4.5],
  // The primary and danger buttons' hover (opacity 90%).
  ['brand-foreground', 'brand/90', 4.5],
  ['destructive-foreground', 'destructive', 4.5],
  ['destructive-foreground', 'destructive/90', 4.5],
  ['brand', 'brand/5', 4.5],
  ['destructive', 'destructive/10', 4.5],
  ['warning', 'warning-surface', 4.5],
  ['warning', 'background', 4.5],
  ['success', 'background', 4.5],
  ['success', 'surface-raised', 4.5],
  ['destructive', 'background', 3],
]

function colour(theme: Record<string, string>, name: string): Rgba {
  const [token, percent] = name.split('/')
  const value = theme[token!]
  if (!value) throw new Error(`No token --${token}`)
  const parsed = parseColour(value)
  if (!percent) return parsed
  const tinted: Rgba = [parsed[0], parsed[1], parsed[2], Number(percent) / 100]
  return composite(tinted, parseColour(theme.background!))
}

describe.each(Object.entries(THEMES))('the %s theme', (_, theme) => {
  it.each(PAIRS)('%s on %s reaches %s:1', (fg, bg, minimum) => {
    const ratio = contrastRatio(colour(theme, fg), colour(theme, bg))
    expect(Math.round(ratio * 100) / 100).toBeGreaterThanOrEqual(minimum)
  })
})

describe('contrastRatio', () => {
  it('gives 21 for black on white and 1 for a colour on itself, in either order', () => {
    expect(contrastRatio('#000', '#ffffff')).toBeCloseTo(21)
    expect(contrastRatio('#ffffff', '#000')).toBeCloseTo(21)
    expect(contrastRatio('#2f8f6b', '#2f8f6b')).toBe(1)
  })

  it('finds the old primary colour short of 4.5:1 under white text, as axe did', () => {
    expect(contrastRatio('#ffffff', '#2f8f6b')).toBeCloseTo(3.99, 2)
  })
})
