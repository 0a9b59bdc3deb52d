import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { Database } from 'lucide-react'
import { RadioGroup } from 'radix-ui'
import type { ProjectDatabase } from '@basalt/contracts'
import { cn } from '../../../lib/cn'
import { errorMessage } from '../../../lib/format'
import { useProjectDatabases } from '../../../project/get-project-databases'
import { Button } from '../../../ui/button'
import { Spinner } from '../../../ui/spinner'
import { ToolbarPopover } from '../../../ui/toolbar-popover'
import { EDITOR_MESSAGES } from './messages'

/** Entries shown before the list scrolls (issue 12: it scrolls beyond 7). */
export const SOURCE_LIST_VISIBLE_ENTRIES = 7
const ENTRY_HEIGHT_PX = 36

export const databaseLabel = (database: ProjectDatabase) =>
  database.type === 'primary' ? EDITOR_MESSAGES.primary : EDITOR_MESSAGES.readReplica(database.identifier)

/**
 * Which database runs the editor's SQL (spec 2 §7): the primary or one of its read replicas, sent as the
 * `x-connection-encrypted` header. `value` is the chosen database's `connectionId`, undefined for the primary.
 */
export function DatabaseSourcePicker({
  projectRef,
  value,
  onChange,
}: {
  projectRef: string
  value: string | undefined
  onChange: (connectionId: string | undefined) => void
}) {
  const [open, setOpen] = useState(false)
  const databases = useProjectDatabases(projectRef)
  const chosen = databases.data?.find((d) => d.type !== 'primary' && d.connectionId === value)
  const label = chosen ? databaseLabel(chosen) : EDITOR_MESSAGES.primary
  const primaryId = databases.data?.find((d) => d.type === 'primary')?.connectionId
  // A replica removed meanwhile (or not up) can run nothing: the runs go back to the primary.
  const gone = value !== undefined && databases.data !== undefined && chosen?.status !== 'active'
  useEffect(() => {
    if (gone) onChange(undefined)
  }, [gone, onChange])
  return (
    <ToolbarPopover
      label={EDITOR_MESSAGES.sourceTitle}
      open={open}
      onOpenChange={setOpen}
      className="w-80"
      trigger={
        <Button
          size="sm"
          variant={chosen ? 'default' : 'ghost'}
          aria-label={`${EDITOR_MESSAGES.sourceLabel}: ${label}`}
        >
          <Database aria-hidden className="size-3.5 text-muted-foreground" />
          <span className={cn('max-w-48 truncate', chosen && 'text-brand')}>{label}</span>
        </Button>
      }
    >
      <div className="space-y-2 p-3">
        <h3 className="text-sm font-semibold">{EDITOR_MESSAGES.sourceTitle}</h3>
        {databases.isPending ? (
          <div className="flex justify-center p-3 text-muted-foreground">
            <Spinner label="Loading databases" />
          </div>
        ) : databases.error ? (
          <div role="alert" className="text-sm">
            <p className="font-medium">{EDITOR_MESSAGES.sourcesError}</p>
            <p className="text-xs text-muted-foreground">{errorMessage(databases.error)}</p>
          </div>
        ) : (
          <RadioGroup.Root
            aria-label={EDITOR_MESSAGES.sourceTitle}
            value={chosen?.connectionId ?? primaryId ?? ''}
            onValueChange={(next) => {
              onChange(next === primaryId ? undefined : next)
              setOpen(false)
            }}
            className="overflow-y-auto rounded-md border border-border"
            style={{ maxHeight: SOURCE_LIST_VISIBLE_ENTRIES * ENTRY_HEIGHT_PX }}
          >
            {databases.data.map((database) => {
              const ready = database.status === 'active'
              return (
                <RadioGroup.Item
                  key={database.connectionId}
                  value={database.connectionId}
                  disabled={!ready}
                  className="flex w-full items-center gap-2 px-3 text-left text-sm hover:bg-muted focus-visible:bg-muted focus-visible:outline-none disabled:opacity-50 data-[state=checked]:font-medium"
                  style={{ height: ENTRY_HEIGHT_PX }}
                >
                  <span className="flex size-3.5 shrink-0 items-center justify-center rounded-full border border-input">
                    <RadioGroup.Indicator className="size-1.5 rounded-full bg-brand" />
                  </span>
                  <span className="truncate">{databaseLabel(database)}</span>
                  {!ready && <span className="ml-auto text-xs text-muted-foreground">{EDITOR_MESSAGES.comingUp}</span>}
                </RadioGroup.Item>
              )
            })}
          </RadioGroup.Root>
        )}
        <Link
          to={`/project/${projectRef}/settings/infrastructure`}
          className="block text-xs text-brand underline-offset-4 hover:underline"
        >
          {EDITOR_MESSAGES.manageReplicas}
        </Link>
      </div>
    </ToolbarPopover>
  )
}
