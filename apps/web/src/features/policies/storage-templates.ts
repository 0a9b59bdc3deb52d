import type { StorageOperation } from './state/storage-policy-form'

/**
 * The storage policy templates (spec 3 §3, five). Each definition names its bucket as `{bucket_id}`, filled
 * with the bucket's name when the template is used; folders are read with `storage.foldername(name)` (the
 * bootstrap's helper: `a/b/c.png` → `{a,b}`). The user ids are placeholders to replace.
 */
export interface StoragePolicyTemplate {
  id: string
  templateName: string
  description: string
  /** The policy's name (before the bucket's hash and index are added). */
  name: string
  /** The definition as a statement would read, for the list's preview. */
  statement: string
  definition: string
  allowedOperations: StorageOperation[]
  roles: string[]
}

const SOME_USER = '00000000-0000-0000-0000-000000000000'

export const STORAGE_POLICY_TEMPLATES: readonly StoragePolicyTemplate[] = [
  {
    id: 'public-jpg',
    templateName: 'Allow access to JPG images in a public folder to anonymous users',
    description: 'Anyone without signing in may read .jpg files inside a top-level folder named "public".',
    name: 'Anonymous read of public JPG images',
    statement: "storage.extension(name) = 'jpg' and lower((storage.foldername(name))[1]) = 'public'",
    definition:
      "bucket_id = {bucket_id} and storage.extension(name) = 'jpg' and lower((storage.foldername(name))[1]) = 'public' and auth.role() = 'anon'",
    allowedOperations: ['SELECT'],
    roles: ['anon'],
  },
  {
    id: 'own-folder',
    templateName: 'Give users access to their own top-level folder named as their user id',
    description: 'A signed-in user reads and writes files under a folder named after their user id, and nowhere else.',
    name: 'Users access their own folder',
    statement: '(storage.foldername(name))[1] = (select auth.uid()::text)',
    definition: 'bucket_id = {bucket_id} and (storage.foldername(name))[1] = (select auth.uid()::text)',
    allowedOperations: ['SELECT', 'INSERT', 'UPDATE', 'DELETE'],
    roles: ['authenticated'],
  },
  {
    id: 'authenticated-private-folder',
    templateName: 'Give access to a folder only to authenticated users',
    description: 'Only signed-in users read the top-level folder "private".',
    name: 'Authenticated access to the private folder',
    statement: "(storage.foldername(name))[1] = 'private' and auth.role() = 'authenticated'",
    definition:
      "bucket_id = {bucket_id} and (storage.foldername(name))[1] = 'private' and auth.role() = 'authenticated'",
    allowedOperations: ['SELECT'],
    roles: ['authenticated'],
  },
  {
    id: 'nested-folder-one-user',
    templateName: 'Give one user access to a nested folder called admin/assets',
    description: 'One user (replace the id) reads the files inside admin/assets.',
    name: 'One user reads admin/assets',
    statement: `(storage.foldername(name))[1] = 'admin' and (storage.foldername(name))[2] = 'assets' and (select auth.uid()::text) = '${SOME_USER}'`,
    definition: `bucket_id = {bucket_id} and (storage.foldername(name))[1] = 'admin' and (storage.foldername(name))[2] = 'assets' and (select auth.uid()::text) = '${SOME_USER}'`,
    allowedOperations: ['SELECT'],
    roles: ['authenticated'],
  },
  {
    id: 'one-file-one-user',
    templateName: 'Give one user access to one file',
    description: 'One user (replace the id) reads one file, named by its full path.',
    name: 'One user reads one file',
    statement: `name = 'reports/summary.pdf' and (select auth.uid()::text) = '${SOME_USER}'`,
    definition: `bucket_id = {bucket_id} and name = 'reports/summary.pdf' and (select auth.uid()::text) = '${SOME_USER}'`,
    allowedOperations: ['SELECT'],
    roles: ['authenticated'],
  },
]
