// WCAG 2.1 contrast arithmetic (https://www.w3.org/TR/WCAG21/#dfn-contrast-ratio), for the test that holds
// the theme's colour tokens to 4.5:1 and 3:1.

export type Rgba = readonly [r: number, g: number, b: number, a: number]

/** '#rgb', '#rrggbb', '#rrggbbaa' or 'rgb(r g b / a)'. */
export function parseColour(text: string): Rgba {
  const value = text.trim()
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})$/i.exec(value)?.[1]
  if (hex) {
    const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex
    const [r, g, b, a = 255] = full.match(/../g)!.map((pair) => parseInt(pair, 16))
    return [r!, g!, b!, a / 255]
  }
  const rgb = /^rgba?\(\s*([\d.]+)[\s,]+([\d.]+)[\s,]+([\d.]+)(?:\s*[/,]\s*([\d.]+%?))?\s*\)$/i.exec(value)
  if (rgb) {
    const alpha = rgb[4] === undefined ? 1 : rgb[4].endsWith('%') ? parseFloat(rgb[4]) / 100 : Number(rgb[4])
    return [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), alpha]
  }
  throw new Error(`Not a colour this module reads: ${text}`)
}

/** `top` painted over an opaque `bottom` (what Tailwind's `bg-brand/5` looks like on the page). */
export function composite(top: Rgba, bottom: Rgba): Rgba {
  const a = top[3]
  return [0, 1, 2].map((i) => top[i]! * a + bottom[i]! * (1 - a)).concat(1) as unknown as Rgba
}

function luminance([r, g, b]: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
  }
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
}

/** The contrast ratio of two opaque colours, from 1 to 21; e.g. contrastRatio('#fff', '#000') is 21. */
export function contrastRatio(a: string | Rgba, b: string | Rgba): number {
  const [x, y] = [a, b].map((c) => luminance(typeof c === 'string' ? parseColour(c) : c)) as [number, number]
  return (Math.max(x, y) + 0.05) / (Math.min(x, y) + 0.05)
}
