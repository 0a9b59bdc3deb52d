/** The folders of a typed path: split on '/', empty parts dropped (spec 3 §5 "Path navigation"). */
export function pathParts(path: string): string[] {
  return path
    .split('/')
    .map((p) => p.trim())
    .filter((p) => p !== '')
}

/** A move's destination: the leading slash stripped, blank meaning the bucket root (spec 3 §5 "Move path"). */
export function moveDestination(path: string): string {
  return pathParts(path.trim().replace(/^\/+/, '')).join('/')
}

/** The prefix of a folder inside the bucket: `a/b/` for ['a', 'b'], '' at the root. */
export const prefixOf = (folders: readonly string[]) => (folders.length === 0 ? '' : `${folders.join('/')}/`)

/** The folder part and the name of an object path: `a/b/c.png` → ['a/b', 'c.png']. */
export function splitPath(path: string): [folder: string, name: string] {
  const at = path.lastIndexOf('/')
  return at < 0 ? ['', path] : [path.slice(0, at), path.slice(at + 1)]
}

export type Crumb = { label: string; index: number } | { label: '...'; index: null }

/**
 * Breadcrumbs of a path (spec 3 §2): above 5 parts they collapse to the first two, '...', and the last two.
 * `index` is the part's position, to navigate there.
 */
export function breadcrumbs(parts: readonly string[]): Crumb[] {
  const all = parts.map((label, index) => ({ label, index }))
  if (parts.length <= 5) return all
  return [...all.slice(0, 2), { label: '...', index: null }, ...all.slice(-2)]
}

/**
 * A name not yet taken in the folder: `photo.png` → `photo (1).png`, then `(2)`…; names that already end in
 * ` (n)` count on from there (spec 3 §5: duplicates get a numeric suffix).
 */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name)) return name
  const dot = name.lastIndexOf('.')
  const hasExt = dot > 0
  const base = hasExt ? name.slice(0, dot) : name
  const ext = hasExt ? name.slice(dot) : ''
  const numbered = /^(.*) \((\d+)\)$/.exec(base)
  const stem = numbered ? numbered[1]! : base
  let n = numbered ? Number(numbered[2]) + 1 : 1
  while (taken.has(`${stem} (${n})${ext}`)) n += 1
  return `${stem} (${n})${ext}`
}
