import { useMemo } from 'react'
import { Download, History } from 'lucide-react'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { migrationFileUrl, useMigrations } from '../api/get-migrations'
import { MIGRATION_MESSAGES as MESSAGES } from '../messages'
import { ListPage } from './list-page'
import { matches, useListParams } from './page-toolbar'

const linkClass =
  'inline-flex items-center gap-1 text-sm text-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring'

/**
 * Database › Migrations: the schema changes Basalt ran for members, numbered, each with its SQL, author and
 * time and its file to download (or all in one); and the Supabase CLI's history when the database has one.
 */
export function MigrationsPage({ projectRef }: { projectRef: string }) {
  const { search, setSearch } = useListParams()
  const history = useMigrations(projectRef)
  const all = history.data?.migrations
  const rows = useMemo(
    () => (all ?? []).filter((m) => matches(search, m.name, m.statements, m.author)).reverse(),
    [all, search],
  )
  const supabase = history.data?.supabase

  return (
    <ListPage
      messages={MESSAGES}
      query={history}
      shown={{ rows, total: all?.length ?? 0 }}
      search={search}
      onSearch={setSearch}
      readOnly={false}
      icon={<History aria-hidden className="size-6" />}
      notice={
        (all?.length ?? 0) > 0 && (
          <p className="mb-4">
            <a href={migrationFileUrl(projectRef)} download className={linkClass}>
              <Download aria-hidden className="size-4" />
              {MESSAGES.downloadAll}
            </a>
          </p>
        )
      }
    >
      {(shown) => (
        <div className="space-y-8">
          <Table label="Migrations">
            <THead>
              <Tr>
                <Th className="text-right">#</Th>
                <Th>Migration</Th>
                <Th>Author</Th>
                <Th>When</Th>
                <Th>
                  <span className="sr-only">File</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {shown.map((m) => (
                <Tr key={m.number}>
                  <Td className="text-right align-top tabular-nums">{m.number}</Td>
                  <Td className="max-w-xl align-top">
                    <details>
                      <summary className="cursor-pointer font-mono text-sm">{m.name}</summary>
                      <pre
                        aria-label={MESSAGES.showSql(m.name)}
                        className="mt-2 overflow-auto rounded-md border border-border bg-muted/40 p-2 font-mono text-xs whitespace-pre-wrap"
                      >
                        {m.statements}
                      </pre>
                    </details>
                  </Td>
                  <Td className="align-top text-sm">{m.author ?? '–'}</Td>
                  <Td className="align-top text-sm whitespace-nowrap">
                    <time dateTime={m.created_at}>{new Date(m.created_at).toLocaleString('en')}</time>
                  </Td>
                  <Td className="text-right align-top">
                    <a
                      href={migrationFileUrl(projectRef, m.number)}
                      download
                      aria-label={MESSAGES.download(`${m.version}_${m.name}.sql`)}
                      className={linkClass}
                    >
                      <Download aria-hidden className="size-4" />
                      .sql
                    </a>
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
          {supabase && (
            <section aria-labelledby="supabase-migrations" className="space-y-2">
              <h2 id="supabase-migrations" className="text-sm font-semibold">
                {MESSAGES.supabaseTitle}
              </h2>
              <p className="text-sm text-muted-foreground">{MESSAGES.supabaseDescription}</p>
              <Table label={MESSAGES.supabaseTitle}>
                <THead>
                  <Tr>
                    <Th>Version</Th>
                    <Th>Name</Th>
                    <Th>Statements</Th>
                  </Tr>
                </THead>
                <TBody>
                  {supabase.map((m) => (
                    <Tr key={m.version}>
                      <Td className="font-mono text-xs">{m.version}</Td>
                      <Td className="font-mono text-xs">{m.name ?? '–'}</Td>
                      <Td className="text-xs tabular-nums">{m.statements.length}</Td>
                    </Tr>
                  ))}
                </TBody>
              </Table>
            </section>
          )}
        </div>
      )}
    </ListPage>
  )
}
