/**
 * Texts of the buckets page and the file explorer. Those quoted in spec 3 (§2 screens, §5 validation, §6
 * permissions, §8 errors and successes) are verbatim and asserted by tests from here; the rest say what a user
 * of such a dashboard expects where the spec shows nothing.
 */
export const STORAGE_MESSAGES = {
  // Buckets page (spec 3 §2 "Bucket create and edit forms")
  bucketsTitle: 'Buckets',
  bucketsDescription: 'Files are kept in buckets. A public bucket serves its files to anyone with their URL.',
  newBucket: 'New bucket',
  noBuckets: 'No buckets available',
  noBucketsHint: 'Create a bucket to start uploading files.',
  fetchBucketsFailed: 'Failed to fetch buckets',
  refreshToTryAgain: 'Please refresh to try again',
  publicBadge: 'Public',
  privateBadge: 'Private',
  bucketActions: (name: string) => `Actions for bucket ${name}`,
  editBucket: 'Edit bucket',
  emptyBucket: 'Empty bucket',
  deleteBucket: 'Delete bucket',
  viewFiles: 'View files',
  anyType: 'Any type',
  noSizeLimit: 'No limit',

  // Bucket form (spec 3 §5)
  createBucketTitle: 'Create bucket',
  editBucketTitle: (name: string) => `Update bucket "${name}"`,
  nameLabel: 'Name of bucket',
  nameHint: 'Must be lowercase and contain only letters, numbers, dots and hyphens.',
  nameRequired: 'Please provide a name for your bucket',
  nameTrailingSpace: 'The name of the bucket cannot end with a whitespace',
  nameReserved: '"public" is a reserved name. Please choose another name',
  nameNotEditable: 'The name of a bucket cannot be changed after it is created.',
  publicLabel: 'Public bucket',
  publicDescription: 'Anyone can read any object without any authorization',
  makePublicWarning:
    'Making this bucket public lets anyone with the URL read every file in it, without any authorization. ' +
    'Policies still apply to uploads, updates and deletions.',
  makePrivateWarning:
    'Making this bucket private stops its public URLs from working: files will need a signed URL, or a ' +
    'request allowed by your policies, to be read.',
  restrictSizeLabel: 'Restrict file upload size for bucket',
  sizeLimitLabel: 'File size limit',
  sizeUnitLabel: 'Unit',
  sizeLimitMinimum: 'File size upload limit has to be at least 0',
  sizeLimitDigits: 'Digits only',
  mimeLabel: 'Allowed MIME types',
  mimeDescription:
    'Comma separated values, wildcards allowed (e.g. image/*, application/pdf). Leave blank to allow any.',
  mimePlaceholder: 'e.g image/jpeg, image/png, audio/mpeg, video/mp4, etc',
  save: 'Save',
  create: 'Create',
  cancel: 'Cancel',
  created: (name: string) => `Successfully created bucket ${name}`,
  updated: 'Successfully updated bucket',
  createFailed: (message: string) => `Failed to create bucket: ${message}`,
  updateFailed: (message: string) => `Failed to update bucket: ${message}`,

  // Empty and delete (spec 3 §2 "Delete bucket modal", §4 "Bucket deletion")
  emptyTitle: (name: string) => `Confirm to empty the bucket "${name}"`,
  emptyDescription:
    'Every file in this bucket is deleted. The bucket, its settings and its policies stay. This cannot be undone.',
  emptyConfirm: 'Empty bucket',
  emptied: (name: string) => `Successfully emptied bucket ${name}`,
  emptyFailed: (message: string) => `Failed to empty bucket: ${message}`,
  deleteTitle: (name: string) => `Confirm deletion of ${name}`,
  deleteDescription:
    'Every file in this bucket is deleted, then the bucket, then its policies. This action cannot be undone.',
  deletePlaceholder: 'Type in name of bucket',
  deleteTypeLabel: (name: string) => `Type ${name} to confirm`,
  deleteConfirm: 'Delete bucket',
  deleted: (name: string) => `Successfully deleted bucket ${name}`,
  deleteFailed: (message: string) => `Failed to delete bucket: ${message}`,
  jobProgress: (done: number, total: number) => `${done.toLocaleString()} of ${total.toLocaleString()} files`,
  mismatch: 'Value entered does not match.',

  // Permissions (spec 3 §6)
  needPermission: (action: string) => `You need additional permissions to ${action}`,
  contactOwner: 'Contact your organization owner or adminstrator for assistance.',
  noCreateBuckets: 'You need additional permissions to create buckets',
  noUpload: 'You need additional permissions to upload files',
  noCreateFolders: 'You need additional permissions to create folders',
  noDeleteFile: 'You need additional permissions to delete this file',

  // Explorer header (spec 3 §2 "File explorer screen")
  back: 'Back to buckets',
  reload: 'Reload',
  viewMenu: 'View',
  viewAsColumns: 'As columns',
  viewAsList: 'As list',
  sortBy: 'Sort by',
  sortOrder: 'Sort order',
  sortName: 'Name',
  sortCreated: 'Created at',
  sortUpdated: 'Updated at',
  sortAccessed: 'Last accessed at',
  ascending: 'Ascending',
  descending: 'Descending',
  uploadFiles: 'Upload files',
  createFolder: 'Create folder',
  search: 'Search for a file or folder',
  searchPlaceholder: 'Search for a file or folder',
  closeSearch: 'Close search',
  pathPlaceholder: 'e.g Parent Folder/Child Folder',
  editPath: 'Edit path',
  goToFolder: 'Go to folder',
  navigating: (path: string) => `Navigating to ${path}...`,
  breadcrumbs: 'Folder path',
  bucketRoot: (name: string) => name,
  collapsed: '...',
  copiedFolderPath: (name: string) => `Copied path to folder "${name}"`,
  copyPath: 'Copy path',

  // Columns and list
  selectAllFiles: (n: number) => `Select all ${n} files`,
  noFilesToSelect: 'No files available for selection',
  itemsSelected: (n: number) => `${n} items selected`,
  download: 'Download',
  delete: 'Delete',
  move: 'Move',
  clearSelection: 'Clear selection',
  selectionToolbar: 'Selected items',
  emptyFolderTitle: 'Drop your files here',
  emptyFolderDescription: 'Or upload them via the "Upload file" button above',
  noSearchResultsTitle: 'No results found in this folder',
  noSearchResults: (term: string) => `Your search for "${term}" did not return any results`,
  dropToUpload: 'Drop your files to upload to this folder',
  loadingMore: 'Loading more…',
  columnLabel: (name: string) => `Folder ${name}`,
  listHeaders: { name: 'Name', size: 'Size', type: 'Type', created: 'Created at', updated: 'Last modified at' },
  listFooter: (size: string, n: number) => `${size} for ${n} ${n === 1 ? 'item' : 'items'}`,
  folderType: 'Folder',
  selectItem: (name: string) => `Select ${name}`,
  itemActions: (name: string) => `Actions for ${name}`,
  searchHitIn: (folder: string) => (folder ? `in ${folder}` : 'in the bucket root'),

  // Items and their states (spec 3 §4, §8)
  untitledFolder: 'Untitled folder',
  folderNameLabel: 'Folder name',
  fileNameLabel: 'File name',
  corrupted: 'File is corrupted, please delete and reupload again.',
  folderInvalidChars: 'Folder name contains invalid special characters',
  folderExists: (name: string) =>
    `The name ${name} already exists in the current directory. Please use a different name.`,
  folderSlashes: 'Folder name cannot contain forward or back slashes.',
  loading: 'Loading',

  // File menu (spec 3 §2)
  rename: 'Rename',
  copyUrl: 'Copy URL',
  expireOneWeek: 'Expire in 1 week',
  expireOneMonth: 'Expire in 1 month',
  expireOneYear: 'Expire in 1 year',
  customExpiry: 'Custom expiry',
  copiedUrl: (name: string) => `Copied URL for ${name} to clipboard.`,

  // Custom expiry (spec 3 §5)
  customExpiryTitle: 'Custom expiry for signed URL',
  customExpiryDescription: 'Enter the duration for which the URL will be valid for:',
  expiryValueLabel: 'Duration',
  expiryUnitLabel: 'Unit',
  expiryPositive: 'Expiry duration cannot be less than 0',
  expiresOn: (date: string) => `URL will expire on ${date}`,
  getSignedUrl: 'Get signed URL',
  units: { days: 'days', weeks: 'weeks', months: 'months', years: 'years' },

  // Delete (spec 3 §4 "Delete flow")
  deleteItemsTitle: (n: number, folder: boolean) =>
    folder ? 'Confirm deletion of folder' : n === 1 ? 'Confirm deletion of file' : `Confirm deletion of ${n} items`,
  cannotBeUndone: 'This action cannot be undone.',
  deleteFolderDescription: (name: string) => `The folder "${name}" and every file inside it are deleted permanently.`,
  deleteFilesDescription: (names: string[]) =>
    names.length === 1 ? `"${names[0]}" is deleted permanently.` : `${names.length} items are deleted permanently.`,
  deleting: 'Deleting',
  deletedItems: (n: number) => (n === 1 ? 'Successfully deleted 1 item' : `Successfully deleted ${n} items`),
  deleteItemsFailed: (message: string) => `Failed to delete: ${message}`,

  // Move (spec 3 §4 "Move flow", §5 "Move path")
  moveTitle: (n: number) => (n === 1 ? 'Moving 1 item within the bucket' : `Moving ${n} items within the bucket`),
  moveDescription: 'Enter the path of the folder to move to. Leave it blank to move to the root of the bucket.',
  movePathLabel: 'Path to new directory',
  movePlaceholder: 'e.g folder/subfolder',
  moveFiles: 'Move files',
  movingFiles: 'Moving files',
  moved: (n: number) => (n === 1 ? 'Successfully moved 1 item' : `Successfully moved ${n} items`),
  moveFailed: 'Failed to move files',
  moveOneFailed: (path: string) => `Failed to move ${path} to the new folder`,

  // Rename
  renamed: (name: string) => `Renamed to ${name}`,
  renameFailed: (message: string) => `Failed to rename file: ${message}`,

  // Uploads (spec 3 §8)
  uploadingTitle: (n: number) => `Uploading ${n} file${n === 1 ? '' : 's'}…`,
  uploadProgress: (done: number, n: number) => `${done} of ${n} done`,
  uploadSuccess: (n: number) => `Successfully uploaded ${n} file(s)!`,
  uploadPartial: (x: number, n: number) => `Successfully uploaded ${x} out of ${n} files!`,
  uploadFileFailed: (file: string, message: string) => `Failed to upload ${file}: ${message}`,
  uploadAllFailed: (n: number) => `Failed to upload ${n} file(s)!`,
  uploadFailed: 'Failed to upload files',
  pause: 'Pause',
  resume: 'Resume',
  cancelUpload: 'Cancel',
  uploadCancelled: 'Upload cancelled',
  resumableInfo: (name: string) => `${name} resumes where it stopped`,
  tooLargeForBucket: (name: string, limit: string) =>
    `${name} is larger than this bucket's file size limit of ${limit}.`,
  tooLargeForProject: (name: string, limit: string) =>
    `${name} is larger than the project's upload file size limit of ${limit}.`,
  mimeNotAllowed: (name: string, type: string) =>
    `${name} is of type ${type || 'unknown'}, which this bucket does not allow.`,

  // Downloads and previews (spec 3 §8)
  downloadFailed: (file: string) => `Failed to download ${file}`,
  downloadFolderFailed: (folder: string) => `Failed to download files from ${folder}`,
  downloadStarted: (name: string) => `Downloading ${name}`,
  previewTooLarge: 'File size is too large to preview in the explorer',
  previewPublicFailed: 'Failed to fetch public file preview',
  previewSignedFailed: 'Failed to fetch signed url preview',
  previewUnavailable: 'No preview for this type of file',
  closePreview: 'Close preview',
  previewTitle: 'File preview',
  previewHeadNote: (bytes: string) => `The first ${bytes} of the file`,
  previewFields: { added: 'Added on', updated: 'Last modified', size: 'Size', type: 'Type' },
  fetchFolderFailed: (folder: string, message: string) =>
    `Failed to retrieve folder contents from ${folder}: ${message}`,
  fetchFoldersFailed: 'Failed to fetch folders',
  notFoundBucket: (id: string) => `Bucket "${id}" does not exist in this project.`,

  // Storage Settings (spec 3 §2, §5, §6, §8; issue 25 point 6)
  settingsTitle: 'Storage Settings',
  settingsDescription: "The largest file this project's buckets accept, on every upload path.",
  uploadLimitLabel: 'Upload file size limit',
  uploadLimitUnit: 'Unit',
  uploadLimitMax: (n: number, unit: string) => `Maximum limit is up to ${n.toLocaleString('en-US')} ${unit}.`,
  uploadLimitWhole: 'Whole numbers only',
  settingsSaved: 'Successfully updated storage settings',
  settingsFailed: (message: string) => `Failed to update storage settings: ${message}`,
  settingsLoadFailed: "Failed to retrieve project's storage configuration",
  noUpdateSettings: 'You need additional permissions to update storage settings',
  freePlanNote: 'This installation runs the free plan: every project may upload files of up to 50 MB.',
} as const
