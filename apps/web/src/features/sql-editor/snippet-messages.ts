/** The snippets' texts (spec 2 §2, §4, §5, §6, §8), defined once and asserted by the tests. */
export const SNIPPET_MESSAGES = {
  untitled: 'Untitled query',
  saving: 'Saving changes...',
  saved: 'All changes saved',
  saveFailed: 'Failed to save changes',
  retry: 'Retry',
  readOnly: 'Read-only',
  noPermission: 'Your queries will not be saved as you do not have sufficient permissions',
  nameRequired: 'Please enter a query name',
  emptyList: 'No project queries found',
  emptyQuery: 'This query is empty',
  shareFailed: 'Failed to share query',
  createFailed: 'Failed to create new query',
  createFailedWith: (message: string) => `Failed to create new query: ${message}`,
  copyFailed: 'Failed to create a personal copy of this query',
  renameFailed: (message: string) => `Failed to rename query: ${message}`,
  deleteFailed: (message: string) => `Failed to delete query: ${message}`,
  bulkDeleteFailed: (message: string) => `Failed to delete queries: ${message}`,
  keptLocally: 'Kept on this device until the server answers',
  newQuery: 'New query',
  templates: 'Templates',
  quickstarts: 'Quickstarts',
  searchLabel: 'Search queries',
  notFound: 'This query no longer exists',
  notFoundDetail: 'It was deleted, or it is not shared with you.',
  copyName: (name: string) => `${name} (copy)`,
} as const

/** The tooltip preview of a snippet shows this many characters of its SQL (spec 2 §9). */
export const SNIPPET_PREVIEW_LENGTH = 43
