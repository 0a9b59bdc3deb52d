import { useState } from 'react'
import { Link } from 'react-router'
import { PROJECT_API_MESSAGES, storageSnippets, type ProjectDetail } from '@basalt/contracts'
import { SecretField, ValueField } from '../../../project/api-key-fields'
import { useProjectApiSettings } from '../../../project/project-api-settings'
import { Button } from '../../../ui/button'
import { Section } from '../../../ui/card'
import { CopyButton } from '../../../ui/copy-button'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { FormField } from '../../../ui/form-field'
import { NativeSelect } from '../../../ui/input'
import { PageContainer, PageHeader } from '../../../ui/page-header'
import { Skeleton } from '../../../ui/skeleton'
import { useBuckets } from '../api/get-buckets'

export const STORAGE_API_DOCS_MESSAGES = {
  title: 'Storage',
  description:
    'Reach this project’s files from your app with @supabase/storage-js: the snippets below are for the bucket you choose and run as shown.',
  connection: 'Project URL and keys',
  connectionDescription: 'The same values as Settings › API.',
  bucketLabel: 'Bucket',
  snippets: 'Snippets',
  noBuckets: 'No buckets yet',
  noBucketsHint: 'Create a bucket in Storage to see the snippets for it.',
  createBucket: 'Go to buckets',
  loadFailed: 'Failed to load the API settings',
  bucketsFailed: 'Failed to fetch buckets',
  policies: 'What the anon key may do is decided by the policies on storage.objects.',
  policiesLink: 'Storage policies',
  copyCode: (title: string) => `Copy ${title.toLowerCase()} code`,
} as const
const M = STORAGE_API_DOCS_MESSAGES

/**
 * API docs › Storage (`/project/{ref}/api?page=storage`; issue 25 point 8): the project URL, the keys (the
 * service_role key hidden until an Owner or Administrator reveals it, as on Settings › API), and the
 * storage-js snippets of `storageSnippets` for one of the project's buckets.
 */
export function StorageApiDocsPage({ project }: { project: ProjectDetail }) {
  const settings = useProjectApiSettings(project.ref)
  const buckets = useBuckets(project.ref)
  const [chosen, setChosen] = useState<string | null>(null)
  const bucket = buckets.data?.find((b) => b.id === chosen) ?? buckets.data?.[0]
  return (
    <PageContainer>
      <PageHeader title={M.title} description={M.description} />
      {settings.error ? (
        <ErrorState title={M.loadFailed} error={settings.error} />
      ) : settings.isPending ? (
        <div role="status" aria-label="Loading" className="space-y-4">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-9 w-full" />
          ))}
        </div>
      ) : (
        <div className="space-y-6">
          <Section title={M.connection} description={M.connectionDescription}>
            <ValueField
              label={PROJECT_API_MESSAGES.storageUrlLabel}
              value={settings.data.storageUrl}
              hint={PROJECT_API_MESSAGES.storageUrlHint}
            />
            <ValueField
              label={PROJECT_API_MESSAGES.anonLabel}
              value={settings.data.anonKey}
              hint={PROJECT_API_MESSAGES.anonHint}
            />
            <SecretField
              projectRef={project.ref}
              secret="service_role"
              label={PROJECT_API_MESSAGES.serviceLabel}
              hint={PROJECT_API_MESSAGES.serviceHint}
              canReveal={settings.data.canReveal}
              version={settings.data.anonKey}
            />
          </Section>
          <Section
            title={M.snippets}
            description={
              <>
                {M.policies}{' '}
                <Link
                  className="text-foreground underline underline-offset-2"
                  to={`/project/${project.ref}/storage/policies`}
                >
                  {M.policiesLink}
                </Link>
              </>
            }
          >
            {buckets.isError ? (
              <ErrorState title={M.bucketsFailed} error={buckets.error} />
            ) : buckets.isPending ? (
              <Skeleton className="h-40 w-full" />
            ) : !bucket ? (
              <EmptyState
                title={M.noBuckets}
                description={M.noBucketsHint}
                action={
                  <Button asChild>
                    <Link to={`/project/${project.ref}/storage/buckets`}>{M.createBucket}</Link>
                  </Button>
                }
              />
            ) : (
              <>
                <div className="max-w-xs">
                  <FormField label={M.bucketLabel}>
                    <NativeSelect value={bucket.id} onChange={(e) => setChosen(e.target.value)}>
                      {buckets.data.map((b) => (
                        <option key={b.id} value={b.id}>
                          {b.public ? `${b.name} (public)` : b.name}
                        </option>
                      ))}
                    </NativeSelect>
                  </FormField>
                </div>
                {storageSnippets({
                  storageUrl: settings.data.storageUrl,
                  anonKey: settings.data.anonKey,
                  bucket,
                }).map((snippet) => (
                  <section key={snippet.id} aria-labelledby={`snippet-${snippet.id}`} className="space-y-2">
                    <div className="flex items-end justify-between gap-4">
                      <div>
                        <h3 id={`snippet-${snippet.id}`} className="text-sm font-semibold">
                          {snippet.title}
                        </h3>
                        <p className="text-sm text-muted-foreground">{snippet.description}</p>
                      </div>
                      <CopyButton value={snippet.code} name={M.copyCode(snippet.title)} />
                    </div>
                    <pre
                      tabIndex={0}
                      aria-label={`${snippet.title} code`}
                      className="overflow-x-auto rounded-md border border-border bg-muted p-3 font-mono text-xs leading-relaxed focus-visible:outline-2 focus-visible:outline-ring"
                    >
                      <code>{snippet.code}</code>
                    </pre>
                  </section>
                ))}
              </>
            )}
          </Section>
        </div>
      )}
    </PageContainer>
  )
}
