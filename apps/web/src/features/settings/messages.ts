export const SETTINGS_MESSAGES = {
  noUpdatePermission: 'You need additional permissions to change this project.',
  pauseDetail: 'A paused project keeps its data, but its database accepts no connections until it is restored.',
  restoreDetail: 'This project is paused. Restoring it opens its database to connections again.',
  deleteDetail: 'Deletes the project and its database with all its data. This cannot be undone.',
  deleteExternalDetail: 'Removes the project from Basalt. The existing database it is attached to is left as it is.',
} as const
