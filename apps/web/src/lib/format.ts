const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' })

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : dateTime.format(d)
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : date.format(d)
}

const BYTE_UNITS = ['bytes', 'KB', 'MB', 'GB', 'TB']

/** A byte count as people read it, in steps of 1024: `312 bytes`, `1.5 KB`, `8.05 MB`, `48 MB`; `—` for none. */
export function formatBytes(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes)) return '—'
  if (bytes < 1024) return `${bytes} bytes`
  let unit = 0
  let value = bytes
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024
    unit += 1
  }
  const digits = value >= 100 ? 0 : value >= 10 ? 1 : 2
  return `${Number(value.toFixed(digits))} ${BYTE_UNITS[unit]}`
}

export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
