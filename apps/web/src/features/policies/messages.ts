import { POLICY_MESSAGES } from '@basalt/sql'

/**
 * Texts of the policies page and the policy editor. Those quoted in spec 1 (§2 screens, §5 validation, §6
 * permissions, §8 errors) are verbatim and asserted by tests from here; the rest say what a user of such a
 * dashboard expects where the spec shows nothing.
 */
export const POLICIES_MESSAGES = {
  pageTitle: 'Policies',
  pageDescription: 'Manage Row Level Security policies for your tables',
  searchLabel: 'Search for a table or policy',
  searchPlaceholder: 'Search for a table or policy',
  noSearchResults: (search: string) => `No tables or policies match "${search}"`,
  loadError: 'Failed to retrieve tables and policies',
  // spec 1 §2 empty state
  emptyTitle: 'Row-Level Security (RLS) Policies',
  whatArePolicies: 'What are policies?',
  policiesExplained:
    'Policies are rules Postgres applies to every query on a table: they decide which rows each role can read, ' +
    'insert, update or delete, right in the database.',
  createTable: 'Create a table',
  whatIsRls: 'What is RLS?',
  createTableFirst: 'Create a table in this schema first before creating a policy.',
  // spec 1 §2 table sections
  locked: 'Locked',
  rlsEnabled: 'RLS enabled',
  rlsDisabled: 'RLS disabled',
  enableRls: 'Enable RLS',
  disableRls: 'Disable RLS',
  createPolicy: 'Create policy',
  noPolicies: 'No policies created yet',
  rlsOffNote: 'Row-level security is off: anyone with the table’s privileges can read and write every row.',
  rlsOnNoPolicies: 'With RLS on and no policy, no rows can be read or written through the API.',
  editPolicy: 'Edit policy',
  deletePolicy: 'Delete policy',
  policyActions: (name: string) => `Actions for policy ${name}`,
  moreRoles: (n: number) => `+ ${n} more roles`,
  // spec 1 §6
  noPolicyPermission: 'You need additional permissions to edit RLS policies',
  noTablePermission: 'You need additional permissions to toggle RLS',
  // RLS toggle (spec 1 §4: through a confirm dialog; §8 failure)
  enableRlsTitle: (table: string) => `Enable row level security on ${table}`,
  disableRlsTitle: (table: string) => `Disable row level security on ${table}`,
  enableRlsDetail:
    'Once enabled, only the rows your policies allow can be read or written through the API; without a policy, none.',
  disableRlsDetail:
    'Once disabled, policies stop applying and every row is open to anyone with the table’s privileges.',
  enableRlsConfirm: 'Enable RLS',
  disableRlsConfirm: 'Disable RLS',
  toggleFailed: (message: string) => `Failed to toggle RLS: ${message}`,
  // deleting (spec 1 §8)
  deleteTitle: 'Delete policy',
  deleteDetail: (name: string, table: string) =>
    `This permanently removes the policy "${name}" from ${table}. Rows it allowed become unreachable unless another policy allows them.`,
  deleteConfirm: 'Delete',
  deleted: 'Successfully deleted policy!',
  // spec 1 §2 protected schemas
  protectedBanner: 'Currently viewing policies from a protected schema',
  learnMore: 'Learn more',
  protectedTitle: 'Schemas managed by the provider',
  protectedDetail:
    'These schemas belong to the platform’s own services (authentication, storage, extensions …). Their tables ' +
    'and policies are shown read-only: changing them could break those services.',
  understood: 'Understood',
  // spec 1 §8
  rolesError: 'Failed to retrieve database roles',
} as const

/** Texts of the policy editor modal (spec 1 §2, §5). */
export const EDITOR_MESSAGES = {
  ...POLICY_MESSAGES,
  dialogLabel: 'Policy editor',
  // selection
  selectionTitle: (schema: string, table: string) => `Adding new policy to ${schema}.${table}`,
  fromTemplate: 'Get started quickly from a template',
  fromTemplateDetail: 'Start from a common rule and adjust it.',
  fromScratch: 'For full customization from scratch',
  fromScratchDetail: 'Write the name, roles and expressions yourself.',
  // templates
  templatesTitle: 'Select a template to use for your new policy',
  useTemplate: 'Use this template',
  templatePreview: 'Template preview',
  // editor
  addingTitle: (schema: string, table: string) => `Adding new policy to ${schema}.${table}`,
  editingTitle: (schema: string, table: string) => `Editing policy from ${schema}.${table}`,
  nameLabel: 'Policy name',
  namePlaceholder: 'Policy name',
  commandLabel: 'Allowed operation',
  rolesLabel: 'Target roles',
  rolesPlaceholder: 'Defaults to all (public) roles if none selected',
  usingLabel: 'USING expression',
  usingDetail: 'Which existing rows the operation may see or act on.',
  checkLabel: 'WITH CHECK expression',
  checkDetail: 'Which new or changed rows may be written.',
  viewTemplates: 'View templates',
  review: 'Review',
  documentation: 'Documentation',
  saveFailed: 'The policy could not be saved',
  // review (spec 1 §2, §5)
  reviewTitle: (schema: string, table: string) => `Reviewing policy to be created/updated on ${schema}.${table}`,
  reviewCreating: 'This statement will create the policy:',
  reviewUpdating: 'These statements will update the policy, in one transaction:',
  noChanges: 'There are no changes made to this policy',
  sqlLabel: 'Policy SQL',
  backToEdit: 'Back to edit',
  savePolicy: 'Save policy',
  created: (name: string) => `Policy "${name}" created`,
  updated: (name: string) => `Policy "${name}" updated`,
  // closing (spec 1 §4)
  discardTitle: 'Discard changes',
  discardDetail: 'This policy has changes that are not saved. Close the editor and lose them?',
  discardConfirm: 'Discard changes',
  keepEditing: 'Keep editing',
  // test as a user (beyond the spec)
  testTitle: 'Test as a user',
  testDetail:
    'Try this policy before saving it: it is applied in a transaction that is always rolled back, then the ' +
    'operation runs as the role you pick.',
  testOperation: 'Operation',
  testValues: 'Values (JSON object, optional)',
  testValuesDetail:
    'Column values of the row to insert or set. Empty: an insert of defaults, an update that changes nothing.',
  testValuesInvalid: 'Enter a JSON object, such as {"title": "Buy milk"}',
  runTest: 'Run test',
  testPickUser: 'Pick a user to test as them.',
  testRlsOff: 'RLS is disabled on this table: policies do not apply to anyone until it is enabled.',
  testSees: (who: string, rows: number, total: number) =>
    `${who} would see ${rows} of ${total} ${total === 1 ? 'row' : 'rows'}.`,
  testPasses: (operation: string, who: string, rows: number) =>
    `The ${operation.toLowerCase()} as ${who} would pass, touching ${rows} ${rows === 1 ? 'row' : 'rows'}.`,
  testRefused: (operation: string, who: string) => `The ${operation.toLowerCase()} as ${who} would be refused.`,
  testNothingKept: 'Nothing was saved: the policy and the rows are as they were.',
} as const

/** 'Try Assistant' (spec 1 §2) and Basalt's own texts around it. */
export const ASSISTANT_MESSAGES = {
  tryAssistant: 'Try Assistant',
  title: 'Policy assistant',
  promptLabel: 'Describe who may see or change which rows',
  placeholder: 'e.g. Users can only see their own todos',
  draft: 'Draft expression',
  drafted: 'The expression is in the editor below: read it, then Review.',
  chooseOperation: 'Choose the operation first: the expression depends on it.',
  promptRequired: 'Please enter a prompt',
  failed: (message: string) => `Failed to generate SQL: ${message}`,
} as const

/** Texts of Storage › Policies and its modal (spec 3 §2, §5, §8), verbatim where the spec quotes them. */
export const STORAGE_POLICY_MESSAGES = {
  pageTitle: 'Storage policies',
  pageDescription:
    'Safeguard your files with policies that define the operations allowed for your users at the bucket level.',
  loadError: 'Failed to retrieve storage policies',
  noBuckets: 'Create a bucket first to start writing policies!',
  goToBuckets: 'Go to buckets',
  public: 'Public',
  newPolicy: 'New policy',
  noPolicies: 'No policies created yet',
  edit: 'Edit',
  delete: 'Delete',
  editLabel: (name: string) => `Edit policy ${name}`,
  deleteLabel: (name: string) => `Delete policy ${name}`,
  otherObjects: 'Other policies under storage.objects',
  bucketsTable: 'Policies under storage.buckets',
  countInBucket: (n: number, bucket: string) => `${n} ${n === 1 ? 'policy' : 'policies'} in ${bucket}`,
  countUngrouped: (n: number) => `${n} ${n === 1 ? 'policy' : 'policies'} that are not tied to any buckets`,
  countBuckets: (n: number) => `${n} ${n === 1 ? 'policy' : 'policies'} that target your buckets`,
  readOnly: 'You need additional permissions to edit storage policies',
  testPolicies: 'Test as a user',
  testPoliciesOf: (bucket: string) => `Test the policies of ${bucket} as a user`,
  // the modal (spec 3 §2)
  addingTitle: (bucket: string) => `Adding new policy to ${bucket}`,
  editingTitle: (bucket: string) => `Editing policy of ${bucket}`,
  reviewTitle: (bucket: string) => `Reviewing policies to be created for ${bucket}`,
  templatesTitle: 'Select a template to use for your new policy',
  fromTemplate: 'Get started quickly',
  fromTemplateDetail: 'Create a policy from a template',
  fromScratch: 'For full customization',
  fromScratchDetail: 'Create a policy from scratch',
  useTemplate: 'Use this template',
  nameLabel: 'Policy name',
  operationsLabel: 'Allowed operations',
  operationsDetail:
    'Based on the operations you have selected, you can use these highlighted functions in the client library.',
  methodsLabel: 'Client library methods',
  rolesLabel: 'Target roles',
  rolesDetail: 'Applied to all (public) roles if none selected',
  definitionLabel: 'Policy definition',
  definitionDetail: 'A SQL boolean expression on the object row (bucket_id, name, owner_id, metadata …).',
  viewTemplates: 'View templates',
  review: 'Review',
  backToEdit: 'Back to edit',
  savePolicy: 'Save policy',
  reviewDetail: 'These statements will run in one transaction:',
  noChanges: 'There are no changes made to this policy',
  // spec 3 §5
  nameRequired: 'Please provide a name for your policy',
  definitionRequired: 'Please provide a definition for your policy',
  operationRequired: 'Please allow at least one operation in your policy',
  // spec 3 §8
  saved: 'Successfully saved policy!',
  deleted: 'Successfully deleted policy!',
  addFailed: (message: string) => `Error adding policy: ${message}`,
  updateFailed: (message: string) => `Error updating policy: ${message}`,
  deleteFailed: (message: string) => `Failed to delete database policy: ${message}`,
  deleteTitle: 'Delete policy',
  deleteDetail: (name: string) =>
    `This permanently removes the policy "${name}" from storage.objects. What it allowed is refused unless another policy allows it.`,
  // test as a user (beyond the spec)
  testTitle: 'Test as a user',
  testDetail:
    'Try an operation on a path as anon or a user: the policies are applied in a transaction that is always rolled back.',
  testOperation: 'Operation',
  testPath: 'Path in the bucket',
  testClaims: 'Type JWT claims as JSON instead',
  testClaimsLabel: 'JWT claims',
  testClaimsInvalid:
    'Enter a JSON object with a "role" of "anon" or "authenticated", such as {"role": "authenticated", "sub": "…"}',
  testPathRequired: 'Enter the path of an object, such as folder/file.png',
  runTest: 'Run test',
  testPickUser: 'Pick a user to test as them.',
  testAllowed: (operation: string, who: string, path: string) => `${who} may ${operation} ${path}.`,
  testRefused: (operation: string, who: string, path: string) => `${who} may not ${operation} ${path}.`,
  testSupposedObject: 'No object is at this path: the test supposed one there.',
  testSupposedNone: 'An object is at this path: the upload was tried as a new one.',
  testPoliciesTitle: 'Policies considered',
  testNoPolicies: 'No policy on storage.objects is for these operations: everything is refused.',
  testPolicyPassed: 'passed',
  testPolicyFailed: 'did not pass',
  testPolicyOtherRoles: 'not for this role',
  testPolicyNull: 'gave no answer (null)',
  testRlsOff: 'RLS is disabled on storage.objects: policies do not apply to anyone until it is enabled.',
  testNothingKept: 'Nothing was saved: the policies, the object and the bucket are as they were.',
} as const

/** The operations 'Test as a user' tries, as the Storage API client calls them, with their labels. */
export const STORAGE_TRIAL_LABELS = {
  upload: 'upload',
  download: 'download',
  update: 'update',
  remove: 'remove',
} as const
