/**
 * The `@supabase/storage-js` snippets of API docs › Storage (issue 25 point 8), for one bucket of a project.
 * Each operation's snippet runs after the setup snippet exactly as shown (apps/server's
 * storage-api-docs.test.ts runs them with the real storage-js against a running Basalt).
 */

export type StorageSnippetId = 'setup' | 'upload' | 'download' | 'list' | 'signed-url' | 'public-url'

export interface StorageSnippet {
  id: StorageSnippetId
  title: string
  description: string
  code: string
}

/** The object the snippets upload and read. */
export const SNIPPET_OBJECT_PATH = 'folder/example.txt'

/** A JavaScript string literal (bucket names and keys are plain ASCII, but quote properly anyway). */
const literal = (s: string) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

export function storageSnippets(options: {
  storageUrl: string
  anonKey: string
  bucket: { id: string; public: boolean }
}): StorageSnippet[] {
  const bucket = `storage.from(${literal(options.bucket.id)})`
  const path = literal(SNIPPET_OBJECT_PATH)
  const snippets: StorageSnippet[] = [
    {
      id: 'setup',
      title: 'Connect',
      description:
        'Install @supabase/storage-js (npm install @supabase/storage-js) and make a client with the project’s Storage URL and the anon key. The snippets below run after this one.',
      code: `import { StorageClient } from '@supabase/storage-js'

const STORAGE_URL = ${literal(options.storageUrl)}
// The anon key is safe in a browser: the policies on storage.objects decide what it may do.
// A signed-in user's access token goes in Authorization instead; the service_role key only on a server.
const KEY = ${literal(options.anonKey)}

const storage = new StorageClient(STORAGE_URL, { apikey: KEY, Authorization: \`Bearer \${KEY}\` })
`,
    },
    {
      id: 'upload',
      title: 'Upload a file',
      description: 'Needs a policy that allows INSERT on storage.objects for this bucket.',
      code: `// In a browser, \`file\` is a File from an <input type="file">.
const file = new Blob(['Hello from Basalt'], { type: 'text/plain' })
const { data, error } = await ${bucket}.upload(${path}, file, {
  cacheControl: '3600',
  upsert: false,
})
`,
    },
    {
      id: 'download',
      title: 'Download a file',
      description: options.bucket.public
        ? 'This bucket is public: anyone may download its files.'
        : 'Needs a policy that allows SELECT on storage.objects for this bucket.',
      code: `const { data, error } = await ${bucket}.download(${path})
// data is a Blob: await data.text(), URL.createObjectURL(data), …
`,
    },
    {
      id: 'list',
      title: 'List files',
      description:
        'Lists one folder: its files and subfolders, by name. Only the rows the policies let the caller SELECT.',
      code: `const { data, error } = await ${bucket}.list('folder', {
  limit: 100,
  offset: 0,
  sortBy: { column: 'name', order: 'asc' },
})
`,
    },
    {
      id: 'signed-url',
      title: 'Create a signed URL',
      description: 'A URL anyone may download the file from until it expires (here 60 seconds). Needs SELECT.',
      code: `const { data, error } = await ${bucket}.createSignedUrl(${path}, 60)
// data.signedUrl
`,
    },
  ]
  if (options.bucket.public) {
    snippets.push({
      id: 'public-url',
      title: 'Get the public URL',
      description: 'The bucket is public: this URL serves the file to anyone, with no key and no policy.',
      code: `const { data } = ${bucket}.getPublicUrl(${path})
// data.publicUrl
`,
    })
  }
  return snippets
}
