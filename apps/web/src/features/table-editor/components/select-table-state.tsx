import { Table2 } from 'lucide-react'
import { EmptyState } from '../../../ui/empty-state'
import { TABLE_EDITOR_MESSAGES } from '../messages'

/** /project/{ref}/editor with no table chosen. */
export function SelectTableState() {
  return (
    <div className="flex flex-1 items-center justify-center p-8">
      <EmptyState
        icon={<Table2 aria-hidden className="size-6" />}
        title={TABLE_EDITOR_MESSAGES.selectTableTitle}
        description={TABLE_EDITOR_MESSAGES.selectTableDescription}
        className="w-full max-w-md"
      />
    </div>
  )
}
