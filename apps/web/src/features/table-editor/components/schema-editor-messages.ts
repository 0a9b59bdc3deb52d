import { DDL_MESSAGES } from '@basalt/sql'

/**
 * Texts of the table and column panels. The column messages (spec 2 §5) and the create-table permission
 * tooltip (spec 2 §6) are verbatim; the rest is Basalt's own wording. Tests assert them from here.
 */
export const SCHEMA_EDITOR_MESSAGES = {
  // spec 2 §5
  columnNameRequired: DDL_MESSAGES.columnNameRequired,
  columnTypeRequired: DDL_MESSAGES.columnTypeRequired,
  tableNameRequired: DDL_MESSAGES.tableNameRequired,
  // spec 2 §6
  noCreateTablePermission: 'You need additional permissions to create tables',
  // entry points
  newTable: 'New table',
  createNewTable: 'Create a new table',
  editTable: 'Edit table',
  deleteTable: 'Delete table',
  editColumn: 'Edit column',
  deleteColumn: 'Delete column',
  // table form
  name: 'Name',
  schema: 'Schema',
  description: 'Description',
  descriptionPlaceholder: 'Optional',
  rls: 'Enable Row Level Security (RLS)',
  rlsDescription: 'Restrict access to your table by enabling RLS and writing Postgres policies.',
  rlsOffWarning: 'Without RLS, anyone with the anon key can read and write every row of this table.',
  columns: 'Columns',
  addColumn: 'Add column',
  removeColumn: 'Remove column',
  // column form
  type: 'Type',
  chooseType: 'Choose a column type…',
  builtInTypes: 'Built-in types',
  enumTypes: 'Enums',
  currentType: '(current type)',
  defineAsArray: 'Define as array',
  defineAsArrayDescription: 'Allow the column to hold a list of values of this type.',
  defaultValue: 'Default value',
  defaultValueDescription:
    'An expression such as now() or (1 + 1) runs for each new row; anything else is stored as text.',
  defaultValuePlaceholder: 'NULL',
  suggestions: 'Suggestions:',
  isIdentity: 'Is Identity',
  isIdentityDescription: 'Automatically numbers each new row (integer types only).',
  isNullable: 'Allow Nullable',
  isNullableDescription: 'Allow the column to have no value (NULL).',
  isUnique: 'Is Unique',
  isUniqueDescription: 'No two rows may hold the same value.',
  isPrimaryKey: 'Is Primary Key',
  isPrimaryKeyDescription: 'Identifies each row; rows are updated and deleted by it.',
  check: 'CHECK Constraint',
  checkDescription: 'An expression every row must satisfy, e.g. length(name) < 50.',
  foreignKey: 'Foreign key',
  foreignKeyDescription: 'Link this column to a column of another table.',
  addForeignKey: 'Add foreign key',
  removeForeignKey: 'Remove foreign key',
  referencedSchema: 'Referenced schema',
  referencedTable: 'Referenced table',
  referencedColumn: 'Referenced column',
  chooseTable: 'Choose a table…',
  chooseColumn: 'Choose a column…',
  foreignKeyIncomplete: 'Choose the referenced table and column',
  onDelete: 'Action if the referenced row is deleted',
  onUpdate: 'Action if the referenced row is updated',
  // review
  review: 'Review',
  reviewTitle: 'Review the SQL to run',
  reviewDescription: 'These statements run in one transaction: all of them apply, or none.',
  backToEdit: 'Back to edit',
  save: 'Save',
  cancel: 'Cancel',
  sqlLabel: 'SQL to run',
  noChanges: 'There are no changes to save.',
  failed: 'The change failed and nothing was applied',
  loadFailed: 'Failed to retrieve the table',
  // deletes
  deleteTableDescription: 'The table and all its rows are deleted. This cannot be undone.',
  deleteColumnDescription: 'The column and its data are deleted from every row. This cannot be undone.',
  cascadeTable: 'Drop table with cascade: also delete the views and foreign keys that depend on it',
  cascadeColumn: 'Drop column with cascade: also delete the views and constraints that depend on it',
} as const

export const createTableTitle = (schema: string) => `Create a new table under ${schema}`
export const editTableTitle = (name: string) => `Update table ${name}`
export const addColumnTitle = (table: string) => `Add a new column to ${table}`
export const editColumnTitle = (column: string) => `Update column ${column}`
export const deleteTableTitle = (name: string) => `Delete table ${name}`
export const deleteColumnTitle = (column: string, table: string) => `Delete column ${column} from ${table}`
export const defaultSuggestionLabel = (value: string) => `Set the default value to ${value}`
export const tableMenuLabel = (name: string) => `Table ${name} menu`

export const tableCreatedText = (name: string) => `Table ${name} created`
export const tableUpdatedText = (name: string) => `Table ${name} updated`
export const tableDeletedText = (name: string) => `Table ${name} deleted`
export const columnAddedText = (name: string) => `Column ${name} added`
export const columnUpdatedText = (name: string) => `Column ${name} updated`
export const columnDeletedText = (name: string) => `Column ${name} deleted`
