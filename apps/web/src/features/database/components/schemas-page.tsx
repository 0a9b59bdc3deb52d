import { useCallback, useRef, useState } from 'react'
import { Download, Network, Plus, Trash2 } from 'lucide-react'
import { toast } from 'sonner'
import type { PgSchema } from '@basalt/contracts'
import { buildCreateSchema, buildDropSchema } from '@basalt/sql'
import { useSchemas } from '../../../project/pg-meta/get-schemas'
import { usePermission } from '../../../project/use-permission'
import { Button } from '../../../ui/button'
import { EmptyState, ErrorState } from '../../../ui/empty-state'
import { FormField } from '../../../ui/form-field'
import { Input } from '../../../ui/input'
import { PageHeader } from '../../../ui/page-header'
import { Skeleton } from '../../../ui/skeleton'
import { useCreateSchema, useDropSchema, useSchemaDependents, useSchemaDiagram } from '../api/schemas'
import { SCHEMA_MESSAGES as MESSAGES } from '../messages'
import { diagramEdges, diagramSvg, type PlacedTable } from '../state/schema-diagram'
import { ChangePanel, type FieldOfError } from './change-panel'
import { DropDialog } from './drop-dialog'
import { ReadOnlyNote, SchemaSelect, Toolbar, useListParams, useSchemaLocked } from './page-toolbar'
import { SchemaDiagramView } from './schema-diagram'

/** Hands a file to the browser to save. */
function save(name: string, blob: Blob) {
  const url = URL.createObjectURL(blob)
  const a = document.createElement('a')
  a.href = url
  a.download = name
  a.click()
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** The SVG drawn on a canvas at twice its size, as PNG. */
async function svgToPng(svg: string): Promise<Blob> {
  const image = new Image()
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }))
  try {
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve()
      image.onerror = () => reject(new Error('The diagram could not be drawn'))
      image.src = url
    })
    const canvas = document.createElement('canvas')
    canvas.width = image.width * 2
    canvas.height = image.height * 2
    const context = canvas.getContext('2d')!
    context.scale(2, 2)
    context.drawImage(image, 0, 0)
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The diagram is too large for a PNG'))),
        'image/png',
      ),
    )
  } finally {
    URL.revokeObjectURL(url)
  }
}

/**
 * Database › Schema visualizer: a schema's tables, columns, keys and foreign keys as a diagram laid out by
 * ELK, with pan, zoom and click-through to the table editor; export as SVG or PNG; create a schema, and drop
 * one with what it holds shown and its name typed.
 */
export function SchemasPage({ projectRef }: { projectRef: string }) {
  const { schema, setSchema } = useListParams()
  const schemas = useSchemas(projectRef)
  const diagram = useSchemaDiagram(projectRef, schema)
  const locked = useSchemaLocked(projectRef, schema)
  const canWrite = usePermission('tenant_sql:write')
  const [creating, setCreating] = useState(false)
  const [dropping, setDropping] = useState<PgSchema | null>(null)
  const placed = useRef<PlacedTable[]>([])
  const onPlaced = useCallback((p: PlacedTable[]) => {
    placed.current = p
  }, [])
  const current = schemas.data?.find((s) => s.name === schema)
  const svg = () => diagramSvg(schema, placed.current, diagram.data ? diagramEdges(diagram.data) : [])

  return (
    <div className="mx-auto w-full max-w-7xl px-6 py-8">
      <PageHeader title={MESSAGES.title} description={MESSAGES.description} />
      <Toolbar
        actions={
          <>
            <Button
              size="sm"
              disabled={!diagram.data || diagram.data.tables.length === 0}
              onClick={() => save(`${schema}.svg`, new Blob([svg()], { type: 'image/svg+xml' }))}
            >
              <Download aria-hidden className="size-4" />
              {MESSAGES.exportSvg}
            </Button>
            <Button
              size="sm"
              disabled={!diagram.data || diagram.data.tables.length === 0}
              onClick={() =>
                svgToPng(svg()).then(
                  (png) => save(`${schema}.png`, png),
                  (error: Error) => toast.error(error.message),
                )
              }
            >
              <Download aria-hidden className="size-4" />
              {MESSAGES.exportPng}
            </Button>
            {canWrite && current && !locked && (
              <Button size="sm" onClick={() => setDropping(current)}>
                <Trash2 aria-hidden className="size-4" />
                {MESSAGES.remove(schema)}
              </Button>
            )}
            {canWrite && (
              <Button variant="primary" size="sm" onClick={() => setCreating(true)}>
                <Plus aria-hidden className="size-4" />
                {MESSAGES.create}
              </Button>
            )}
          </>
        }
      >
        <SchemaSelect projectRef={projectRef} value={schema} onChange={setSchema} />
      </Toolbar>
      <ReadOnlyNote schema={schema} locked={locked} canWrite={canWrite} />
      {diagram.error ? (
        <ErrorState title={MESSAGES.loadError} error={diagram.error} />
      ) : diagram.isPending ? (
        <Skeleton className="h-[70vh] w-full" />
      ) : diagram.data.tables.length === 0 ? (
        <EmptyState icon={<Network aria-hidden className="size-6" />} title={MESSAGES.empty} />
      ) : (
        <SchemaDiagramView projectRef={projectRef} schema={schema} diagram={diagram.data} onPlaced={onPlaced} />
      )}
      {creating && (
        <CreateSchemaPanel projectRef={projectRef} onCreated={setSchema} onClose={() => setCreating(false)} />
      )}
      {dropping && (
        <DropSchemaDialog
          projectRef={projectRef}
          schema={dropping}
          onClose={() => setDropping(null)}
          onDropped={() => setSchema('public')}
        />
      )}
    </div>
  )
}

const SCHEMA_FIELDS: FieldOfError<string> = { '42P06': 'name', '42939': 'name', '42501': 'name' }

function CreateSchemaPanel({
  projectRef,
  onCreated,
  onClose,
}: {
  projectRef: string
  onCreated: (name: string) => void
  onClose: () => void
}) {
  const create = useCreateSchema(projectRef)
  const [name, setName] = useState('')
  const [error, setError] = useState<string | undefined>()
  return (
    <ChangePanel
      title={MESSAGES.createTitle}
      onClose={onClose}
      mutation={create}
      fields={SCHEMA_FIELDS}
      prepare={() => {
        if (name.trim() === '') {
          setError(MESSAGES.nameRequired)
          return null
        }
        setError(undefined)
        return { body: { name: name.trim() }, sql: buildCreateSchema(name.trim()) }
      }}
      onDone={(created) => {
        toast.success(MESSAGES.created(created.name))
        onCreated(created.name)
        onClose()
      }}
    >
      {(refused) => (
        <FormField label="Name" error={error ?? refused('name')}>
          <Input value={name} onChange={(e) => setName(e.target.value)} spellCheck={false} />
        </FormField>
      )}
    </ChangePanel>
  )
}

function DropSchemaDialog({
  projectRef,
  schema,
  onClose,
  onDropped,
}: {
  projectRef: string
  schema: PgSchema
  onClose: () => void
  onDropped: () => void
}) {
  return (
    <DropDialog
      title={MESSAGES.deleteTitle(schema.name)}
      name={schema.name}
      dependents={useSchemaDependents(projectRef, schema.id)}
      mutation={useDropSchema(projectRef)}
      variables={(cascade) => ({ id: schema.id, cascade })}
      sql={(cascade) => buildDropSchema(schema.name, cascade)}
      done={MESSAGES.deleted(schema.name)}
      onDropped={onDropped}
      onClose={onClose}
    />
  )
}
