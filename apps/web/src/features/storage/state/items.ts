import type { StorageItem } from '@basalt/contracts'

/** A file with no metadata older than this is corrupted (spec 3 §4: 900,000 ms). */
export const CORRUPTED_AFTER_MS = 900_000

export type ItemStatus = 'ready' | 'loading' | 'corrupted'

/**
 * What a listed item shows (spec 3 §4): a file without metadata is still being written (loading, a spinner,
 * not clickable) until 15 minutes have passed, then it is corrupted.
 */
export function itemStatus(item: StorageItem, now: number = Date.now()): ItemStatus {
  if (item.kind === 'folder' || item.size !== null) return 'ready'
  const created = item.created_at ? Date.parse(item.created_at) : NaN
  if (Number.isNaN(created)) return 'corrupted'
  return now - created > CORRUPTED_AFTER_MS ? 'corrupted' : 'loading'
}

export type PreviewKind = 'image' | 'video' | 'audio' | 'pdf' | 'csv' | 'json' | 'text' | 'none'

const TEXT_EXTENSIONS = new Set(['txt', 'md', 'log', 'sql', 'js', 'ts', 'html', 'css', 'xml', 'yaml', 'yml', 'toml'])

/** How the preview pane shows a file, by its stored type (and its extension when the type is generic). */
export function previewKind(mimetype: string | null, name: string): PreviewKind {
  const type = (mimetype ?? '').split(';')[0]!.trim().toLowerCase()
  const ext = name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : ''
  if (type.startsWith('image/')) return 'image'
  if (type.startsWith('video/')) return 'video'
  if (type.startsWith('audio/')) return 'audio'
  if (type === 'application/pdf') return 'pdf'
  if (type === 'text/csv' || ext === 'csv') return 'csv'
  if (type === 'application/json' || type.endsWith('+json') || ext === 'json') return 'json'
  if (type.startsWith('text/') || TEXT_EXTENSIONS.has(ext)) return 'text'
  return 'none'
}

/** A short type for the list view: the MIME type, or 'Folder'. */
export const itemType = (item: StorageItem) => (item.kind === 'folder' ? 'Folder' : (item.mimetype ?? '—'))

/** The total size of the listed files, for the list view's footer. */
export const totalSize = (items: readonly StorageItem[]) => items.reduce((sum, i) => sum + (i.size ?? 0), 0)
