export const PROJECT_SHELL_MESSAGES = {
  buildingTitle: 'Your project is coming up',
  buildingDetail: 'Basalt is preparing the database. This page updates by itself.',
  readyTitle: 'Your project is ready',
  continue: 'Continue',
  paused: 'This project is paused',
  pausedDetail: 'Its database accepts no connections until it is restored.',
  failed: 'This project failed to start',
  notFound: 'Project not found',
} as const
