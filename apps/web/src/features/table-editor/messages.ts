/**
 * Texts of the table editor. Those quoted in spec 1 §2, §5, §8 and spec 2 §2, §8 are verbatim; tests assert
 * them from here so a user sees exactly what is specified.
 */
export const TABLE_EDITOR_MESSAGES = {
  // spec 1 §2 empty states and error panel
  emptyTitle: 'This table is empty',
  emptyDescription: 'Add rows to your table to get started.',
  noResultsTitle: 'The filters applied has returned no results from this table',
  removeAllFilters: 'Remove all filters',
  rowsError: 'Failed to retrieve rows from table',
  // spec 1 §8
  countError: 'Error fetching records count. Please refresh the page.',
  // spec 1 §5
  allColumnsAdded: 'All columns have been added',
  timestampHint: 'yyyy-mm-dd hh:mm:ss',
  timestamptzHint: 'yyyy-mm-dd hh:mm:ss+zz',
  // spec 2 §2 role impersonation
  roleButton: 'Role',
  roleSettingsTitle: 'Database role settings',
  stopImpersonating: 'Stop Impersonating',
  // spec 2 §8
  noUsersFound: 'No users found',
  usersError: 'Failed to retrieve users',
  tablesError: 'Failed to retrieve tables',
  noEntities: 'No entities available',
  noSearchResults: 'No results found',
  // Basalt's own wording
  locked: 'Locked',
  lockedDetail: 'This schema is managed by the provider and is read-only in the dashboard.',
  selectTableTitle: 'Select a table',
  selectTableDescription: 'Choose a table, view or other entity from the list to see its rows.',
  tableNotFound: 'Table not found',
  tableLoadError: 'Failed to retrieve the table',
  definitionError: 'Failed to retrieve the table definition',
  changePageTitle: 'Clear the selection?',
  changePageDescription: 'Changing page clears the rows you have selected.',
  changePageConfirm: 'Clear selection and change page',
  loadFullValue: 'Load full value',
  fullValueError: 'Failed to load the full value',
  noPrimaryKeyForCell: 'This value is truncated, and the table has no primary key to fetch the whole value by.',
  exactCount: 'Load exact count',
  estimated: '(estimated)',
} as const

/** "N rows selected" in the row-selection header. */
export const rowsSelectedText = (n: number) => `${n.toLocaleString()} ${n === 1 ? 'row' : 'rows'} selected`
/** Spec 1 §2: offered when the total exceeds the loaded rows. */
export const selectAllRowsText = (n: number) => `Select all ${n.toLocaleString()} rows`
