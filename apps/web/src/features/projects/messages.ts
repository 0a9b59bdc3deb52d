export const PROJECTS_MESSAGES = {
  pageTitle: 'All projects',
  noOrganizations: 'You are not a member of any organization yet',
  noOrganizationsDetail: 'Create an organization to start your first project, or ask for an invite link to join one.',
  noProjects: 'No projects yet',
  newDatabase: 'Create a new database',
  newDatabaseDetail: 'Basalt creates an empty Postgres database for the project on its own server.',
  existingDatabase: 'Connect an existing database',
  existingDatabaseDetail:
    'Attach any Postgres 14+ by connection string. Basalt adds only what is missing and never drops anything.',
  connectionOk: (version: string) => `Connected. Server version: ${version}`,
} as const
