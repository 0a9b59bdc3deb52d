/** Where to go after sign-in: the `returnTo` query parameter, or the page a guard bounced from. */
const STORAGE_KEY = 'basalt-return-to'
export const DEFAULT_DESTINATION = '/projects'

/** Only same-site paths: never `//evil.example` or `https://…`. */
export function isSafeDestination(value: string | null | undefined): value is string {
  return !!value && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\')
}

export function rememberDestination(path: string) {
  if (!isSafeDestination(path)) return
  try {
    sessionStorage.setItem(STORAGE_KEY, path)
  } catch {
    // Storage unavailable: the returnTo parameter still carries it.
  }
}

export function peekDestination(search: URLSearchParams): string {
  const fromQuery = search.get('returnTo')
  if (isSafeDestination(fromQuery)) return fromQuery
  try {
    const stored = sessionStorage.getItem(STORAGE_KEY)
    if (isSafeDestination(stored)) return stored
  } catch {
    // ignore
  }
  return DEFAULT_DESTINATION
}

/** Reads the destination and forgets the stored one. */
export function takeDestination(search: URLSearchParams): string {
  const destination = peekDestination(search)
  try {
    sessionStorage.removeItem(STORAGE_KEY)
  } catch {
    // ignore
  }
  return destination
}
