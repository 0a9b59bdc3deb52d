import { useMemo, useState } from 'react'
import { Lock, Puzzle } from 'lucide-react'
import { toast } from 'sonner'
import { enableExtensionBodySchema, type DatabaseExtension, type EnableExtensionBody } from '@basalt/contracts'
import { buildDropExtension, createExtensionStatements } from '@basalt/sql'
import { usePermission } from '../../../project/use-permission'
import { Badge } from '../../../ui/badge'
import { Button } from '../../../ui/button'
import { Table, TBody, Td, Th, THead, Tr } from '../../../ui/table'
import { Tooltip } from '../../../ui/tooltip'
import { useDisableExtension, useEnableExtension } from '../api/change-extension'
import { useExtensionDependents, useExtensions } from '../api/get-extensions'
import { EXTENSION_MESSAGES as MESSAGES } from '../messages'
import { ChangePanel, type FieldOfError } from './change-panel'
import { DropDialog } from './drop-dialog'
import { ListPage } from './list-page'
import { matches, SchemaSelect, useListParams } from './page-toolbar'

/**
 * Database › Extensions: every extension the server offers, with its version, description, trust and
 * where it is enabled; enable into a chosen schema, disable with what depends on it. What the project's
 * admin role may not create is shown locked, with Postgres' reason — it is never tried as a superuser.
 */
export function ExtensionsPage({ projectRef }: { projectRef: string }) {
  const { search, setSearch } = useListParams()
  const extensions = useExtensions(projectRef)
  const canWrite = usePermission('tenant_sql:write')
  const [enabling, setEnabling] = useState<DatabaseExtension | null>(null)
  const [disabling, setDisabling] = useState<DatabaseExtension | null>(null)
  const all = extensions.data
  const rows = useMemo(() => (all ?? []).filter((e) => matches(search, e.name, e.comment)), [all, search])

  return (
    <>
      <ListPage
        messages={MESSAGES}
        query={extensions}
        shown={{ rows, total: all?.length ?? 0 }}
        search={search}
        onSearch={setSearch}
        readOnly={!canWrite}
        icon={<Puzzle aria-hidden className="size-6" />}
      >
        {(shown) => (
          <Table label="Extensions">
            <THead>
              <Tr>
                <Th>Name</Th>
                <Th>Version</Th>
                <Th>Schema</Th>
                <Th>Description</Th>
                <Th>
                  <span className="sr-only">Actions</span>
                </Th>
              </Tr>
            </THead>
            <TBody>
              {shown.map((e) => (
                <Tr key={e.name}>
                  <Td className="font-mono">
                    {e.name}
                    {e.trusted && (
                      <Badge className="ml-2" tone="neutral">
                        {MESSAGES.trusted}
                      </Badge>
                    )}
                  </Td>
                  <Td className="font-mono text-xs">{e.installed_version ?? e.default_version}</Td>
                  <Td className="font-mono text-xs">{e.schema ?? '–'}</Td>
                  <Td className="max-w-md text-xs text-muted-foreground">
                    {e.comment}
                    {e.requires.length > 0 && <span className="block">{MESSAGES.requires(e.requires.join(', '))}</span>}
                  </Td>
                  <Td className="text-right whitespace-nowrap">
                    {e.installed_version !== null ? (
                      canWrite ? (
                        <Button size="sm" onClick={() => setDisabling(e)} aria-label={MESSAGES.disable(e.name)}>
                          Disable
                        </Button>
                      ) : (
                        <Badge tone="success">enabled</Badge>
                      )
                    ) : e.not_creatable ? (
                      <Tooltip content={e.not_creatable}>
                        <span
                          tabIndex={0}
                          className="inline-flex items-center gap-1 text-xs text-muted-foreground"
                          aria-label={`${MESSAGES.superuserOnly}: ${e.not_creatable}`}
                        >
                          <Lock aria-hidden className="size-3.5" />
                          {MESSAGES.superuserOnly}
                        </span>
                      </Tooltip>
                    ) : (
                      canWrite && (
                        <Button
                          size="sm"
                          variant="primary"
                          onClick={() => setEnabling(e)}
                          aria-label={MESSAGES.enable(e.name)}
                        >
                          Enable
                        </Button>
                      )
                    )}
                  </Td>
                </Tr>
              ))}
            </TBody>
          </Table>
        )}
      </ListPage>
      {enabling && <EnablePanel projectRef={projectRef} extension={enabling} onClose={() => setEnabling(null)} />}
      {disabling && <DisableDialog projectRef={projectRef} extension={disabling} onClose={() => setDisabling(null)} />}
    </>
  )
}

/** A schema that cannot take it (42501: no CREATE on it; 3F000: missing). */
const EXTENSION_FIELDS: FieldOfError<string> = { '42501': 'schema', '3F000': 'schema', '42704': 'cascade' }

function EnablePanel({
  projectRef,
  extension,
  onClose,
}: {
  projectRef: string
  extension: DatabaseExtension
  onClose: () => void
}) {
  const enable = useEnableExtension(projectRef)
  const [schema, setSchema] = useState('extensions')
  const [cascade, setCascade] = useState(extension.requires.length > 0)
  const prepare = () => {
    const body: EnableExtensionBody = { name: extension.name, schema, cascade }
    return {
      body,
      sql: createExtensionStatements(enableExtensionBodySchema.parse(body))
        .map((s) => s.sql)
        .join('\n'),
    }
  }
  return (
    <ChangePanel
      title={MESSAGES.enableTitle(extension.name)}
      onClose={onClose}
      mutation={enable}
      prepare={prepare}
      fields={EXTENSION_FIELDS}
      onDone={() => {
        toast.success(MESSAGES.enabled(extension.name))
        onClose()
      }}
    >
      {(refused) => (
        <>
          <p className="text-sm text-muted-foreground">{extension.comment}</p>
          <SchemaSelect projectRef={projectRef} value={schema} onChange={setSchema} />
          {refused('schema') && (
            <p role="alert" className="text-xs text-destructive">
              {refused('schema')}
            </p>
          )}
          {extension.requires.length > 0 && (
            <label className="flex items-center gap-2 text-sm">
              <input type="checkbox" checked={cascade} onChange={(e) => setCascade(e.target.checked)} />
              {MESSAGES.cascade} — {extension.requires.join(', ')}
            </label>
          )}
          {refused('cascade') && (
            <p role="alert" className="text-xs text-destructive">
              {refused('cascade')}
            </p>
          )}
        </>
      )}
    </ChangePanel>
  )
}

function DisableDialog({
  projectRef,
  extension,
  onClose,
}: {
  projectRef: string
  extension: DatabaseExtension
  onClose: () => void
}) {
  return (
    <DropDialog
      title={MESSAGES.disableTitle(extension.name)}
      name={extension.name}
      confirmLabel="Disable"
      dependents={useExtensionDependents(projectRef, extension.name)}
      mutation={useDisableExtension(projectRef)}
      variables={(cascade) => ({ name: extension.name, cascade })}
      sql={(cascade) => buildDropExtension(extension.name, cascade)}
      done={MESSAGES.disabled(extension.name)}
      onClose={onClose}
    />
  )
}
