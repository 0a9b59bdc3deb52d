import { ChevronDown, Columns3, FileUp, Rows3 } from 'lucide-react'
import { Button } from '../../../ui/button'
import { DropdownMenu, DropdownMenuItem } from '../../../ui/dropdown-menu'
import { TABLE_EDITOR_MESSAGES as M } from '../messages'

/** The toolbar's Insert menu (spec 1 §2): shown only to members who may write. */
export function InsertMenu({
  onInsertRow,
  onInsertColumn,
  onImportCsv,
}: {
  onInsertRow: () => void
  onInsertColumn: () => void
  onImportCsv: () => void
}) {
  return (
    <DropdownMenu
      align="start"
      label={M.insertMenu}
      trigger={
        <Button size="sm" variant="primary">
          {M.insertMenu}
          <ChevronDown aria-hidden className="size-3.5" />
        </Button>
      }
    >
      <DropdownMenuItem onSelect={onInsertRow}>
        <Rows3 aria-hidden className="size-3.5" />
        {M.insertRow}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={onInsertColumn}>
        <Columns3 aria-hidden className="size-3.5" />
        {M.insertColumn}
      </DropdownMenuItem>
      <DropdownMenuItem onSelect={onImportCsv}>
        <FileUp aria-hidden className="size-3.5" />
        {M.importCsv}
      </DropdownMenuItem>
    </DropdownMenu>
  )
}
