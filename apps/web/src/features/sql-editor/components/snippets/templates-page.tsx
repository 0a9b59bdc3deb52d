import { useState } from 'react'
import { useNavigate } from 'react-router'
import { sqlTemplatesOf, type SqlTemplate } from '@basalt/sql/templates'
import { PageContainer, PageHeader } from '../../../../ui/page-header'
import { Spinner } from '../../../../ui/spinner'
import { SNIPPET_MESSAGES } from '../../snippet-messages'
import { FRESH_QUERY_STATE } from '../../state/snippet-document'
import { writeDraft } from '../../state/snippet-drafts'
import { useSnippetActions } from './use-snippet-actions'

const PAGES = {
  templates: {
    title: SNIPPET_MESSAGES.templates,
    description: 'Scripts for common patterns: tables with row-level security, triggers, search and database checks.',
    kind: 'template',
  },
  quickstarts: {
    title: SNIPPET_MESSAGES.quickstarts,
    description: 'Small example schemas with data, to query right away.',
    kind: 'quickstart',
  },
} as const

/** /sql/templates and /sql/quickstarts: each card opens its script as a new snippet named after it. */
export function TemplatesPage({ projectRef, kind }: { projectRef: string; kind: keyof typeof PAGES }) {
  const page = PAGES[kind]
  const navigate = useNavigate()
  const actions = useSnippetActions(projectRef)
  const [opening, setOpening] = useState<string | null>(null)

  const open = async (template: SqlTemplate) => {
    if (!actions.canCreate) {
      // A member who may not save gets the script as a new query kept on this device (spec 2 §6).
      writeDraft(projectRef, 'new', { sql: template.sql, name: template.title, created: false })
      navigate(`/project/${encodeURIComponent(projectRef)}/sql/new`, { state: FRESH_QUERY_STATE })
      return
    }
    setOpening(template.id)
    await actions.openTemplate(template.title, template.sql)
    setOpening(null)
  }

  return (
    <div className="min-h-0 flex-1 overflow-y-auto">
      <PageContainer>
        <PageHeader title={page.title} description={page.description} />
        <ul className="grid gap-3 sm:grid-cols-2">
          {sqlTemplatesOf(page.kind).map((template) => (
            <li key={template.id}>
              <button
                type="button"
                onClick={() => void open(template)}
                disabled={opening !== null}
                aria-busy={opening === template.id || undefined}
                className="flex h-full w-full flex-col gap-2 rounded-lg border border-border bg-surface-raised p-4 text-left transition-colors hover:border-brand/60 hover:bg-muted focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring disabled:opacity-60"
              >
                <span className="flex items-center gap-2 text-sm font-medium">
                  {template.title}
                  {opening === template.id && <Spinner size={14} />}
                </span>
                <span className="text-sm text-muted-foreground">{template.description}</span>
                <code
                  aria-hidden
                  className="mt-auto line-clamp-3 w-full overflow-hidden font-mono text-xs whitespace-pre text-muted-foreground"
                >
                  {template.sql.split('\n').slice(0, 3).join('\n')}
                </code>
              </button>
            </li>
          ))}
        </ul>
      </PageContainer>
    </div>
  )
}
