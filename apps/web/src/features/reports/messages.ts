import { REPORT_MESSAGES, type ReportTimePeriod } from '@basalt/contracts'

/** Texts of the reports pages: the spec's (spec 1 §2, §5, §8; spec 2 §8) from the contracts, and Basalt's own. */
export const MESSAGES = {
  ...REPORT_MESSAGES,
  title: 'Reports',
  description: 'Charts of your saved queries, run again for the period you choose.',
  createButton: 'Create a custom report',
  createTitle: 'Create a custom report',
  name: 'Name',
  descriptionField: 'Description',
  cancel: 'Cancel',
  create: 'Create report',
  customReports: 'Custom reports',
  noReports: 'No custom reports yet',
  noReportsDetail: 'Create a report, then add charts to it from the SQL editor’s results.',
  loadFailed: 'Failed to retrieve reports',
  reportFailed: 'Failed to retrieve the report',
  notFound: 'This report does not exist, or it is private to someone else.',
  period: 'Period',
  periods: { '1d': 'Last 24 hours', '7d': 'Last 7 days', '30d': 'Last 30 days' } satisfies Record<
    ReportTimePeriod,
    string
  >,
  noBlocks: 'This report has no charts yet',
  noBlocksDetail:
    'Run a query in the SQL editor, open its Chart tab and choose Add to report. Use {{period_start}} and {{period_end}} in the query to follow the report’s period.',
  openSqlEditor: 'Open the SQL editor',
  actions: 'Report actions',
  rename: 'Rename report',
  renameTitle: 'Edit report',
  save: 'Save',
  delete: 'Delete report',
  deleteTitle: (name: string) => `Delete report "${name}"`,
  deleteDetail: 'The report and its charts are deleted. The queries they show are kept.',
  deleteFailed: (message: string) => `Failed to delete report: ${message}`,
  readOnly: 'Only the owner of this report can change it',
  blockTitle: (y: string, x: string) => `${y} by ${x}`,
  openQuery: 'Open query',
  removeBlock: 'Remove chart',
  blockLoading: 'Running the query',
  blockFailed: 'The query of this chart failed',
  ownedBy: (name: string) => `Created by ${name}`,
} as const
