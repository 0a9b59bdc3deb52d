/** Texts of the Database pages (issue 26), defined once and asserted by their tests. */
export const DATABASE_MESSAGES = {
  schemaLabel: 'Schema',
  locked: 'locked',
  lockedSchema: (schema: string) =>
    `The schema ${schema} is managed by the platform: its objects are shown here but cannot be changed.`,
  readOnly:
    'You need additional permissions to change the database. Ask an owner or administrator of the organization.',
  reviewTitle: 'Review the SQL',
  reviewDescription: 'This SQL runs in one transaction: if any statement fails, nothing is changed.',
  sqlLabel: 'SQL to run',
  failed: 'Postgres refused the change. Nothing was changed.',
  backToEdit: 'Back to edit',
  run: 'Run',
  cancel: 'Cancel',

  tables: {
    title: 'Tables',
    description: 'The tables of a schema: their estimated rows, size, columns and row-level security.',
    search: 'Search for a table',
    create: 'New table',
    loadError: 'Failed to retrieve tables',
    empty: 'No tables in this schema',
    noResults: (search: string) => `No tables match “${search}”`,
    rlsOn: 'RLS enabled',
    rlsOff: 'RLS disabled',
    rlsForced: 'RLS forced',
    edit: (name: string) => `Edit table ${name}`,
    remove: (name: string) => `Delete table ${name}`,
    open: (name: string) => `Open ${name} in the table editor`,
  },
} as const
