import { SUPERUSER_CONNECTION_WARNING } from '@basalt/contracts'

export const SETTINGS_MESSAGES = {
  noUpdatePermission: 'You need additional permissions to change this project.',
  pauseDetail: 'A paused project keeps its data, but its database accepts no connections until it is restored.',
  restoreDetail: 'This project is paused. Restoring it opens its database to connections again.',
  deleteDetail: 'Deletes the project and its database with all its data. This cannot be undone.',
  deleteExternalDetail: 'Removes the project from Basalt. The existing database it is attached to is left as it is.',
} as const

/** Settings › Database. */
export const DATABASE_SETTINGS_MESSAGES = {
  title: 'Database settings',
  description: "How to connect to this project's database with psql or any other Postgres client.",
  parametersTitle: 'Connection parameters',
  parametersDetail: 'Use these values in any Postgres client.',
  superuserWarning: SUPERUSER_CONNECTION_WARNING,
  passwordRevealOnlyAdmins: 'Only Owners and Administrators can reveal the password.',
  passwordNotHeld:
    'Basalt does not keep this password: it is the one in the connection string this project was attached with.',
  psqlTitle: 'Connect with psql',
  psqlDetail: 'psql asks for the password when it connects.',
  uriLabel: 'Connection string',
  uriDetail: 'Replace [YOUR-PASSWORD] with the password before you use it.',
  loadError: 'Failed to retrieve the connection details',
  timeoutTitle: 'Statement timeout',
  timeoutDetail:
    "How long any one statement the dashboard sends to this project's database may run, the SQL editor's included.",
  timeoutLabel: 'Statement timeout (seconds)',
  timeoutRange: 'From 1 second to 24 hours (86400 seconds).',
  timeoutOnlyAdmins: 'Only Owners and Administrators can change the statement timeout.',
  timeoutNotANumber: 'Enter the statement timeout in seconds',
  timeoutSaved: 'Statement timeout saved',
  timeoutLoadError: 'Failed to retrieve the statement timeout',
} as const

/** Settings › Infrastructure (the menu's "Compute and disk"). */
export const INFRASTRUCTURE_SETTINGS_MESSAGES = {
  // As the Settings menu names it (e2e/05 opens every entry and expects its title).
  title: 'Compute and disk',
  description: 'The databases that serve this project: its primary, and the read replicas that follow it.',
  replicasTitle: 'Read replicas',
  replicasDetail:
    'A read replica streams every change of the primary and answers read-only queries; the SQL editor can run on one.',
  addReplica: 'Add read replica',
  replicaAdded: 'Read replica added',
  attachTitle: 'Add a read replica by connection string',
  attachLabel: 'Connection string of a standby',
  attachDetail:
    "A hot standby of this project's database that you run. Basalt checks that it is one, and keeps the connection string encrypted on the server.",
  removeTitle: 'Remove read replica',
  removeDetail: (identifier: string) =>
    `Removes ${identifier} and its copy of the data. Queries sent to it stop working. The primary is not changed.`,
  replicaRemoved: (identifier: string) => `Removed ${identifier}`,
  onlyAdmins: 'Only Owners and Administrators can add or remove read replicas.',
  loadError: "Failed to retrieve the project's databases",
  typeLabels: { primary: 'Primary', read_replica: 'Read replica' },
} as const
