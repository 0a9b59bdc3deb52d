import { Download } from 'lucide-react'
import { toast } from 'sonner'
import type { SqlResult } from '@basalt/contracts'
import { Button } from '../../../../ui/button'
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '../../../../ui/dropdown-menu'
import { copyToClipboard } from '../../../../ui/data-grid/clipboard'
import { saveFile } from '../../../../lib/api-client'
import {
  EXPORT_FORMAT_LABELS,
  EXPORT_FORMATS,
  exportFile,
  exportText,
  isEmptyResult,
  type ExportFormat,
} from '../../state/result-export'
import { RESULTS_MESSAGES as M } from './results-messages'

/**
 * Export one result set: download it as CSV, JSON or Markdown (named from the project ref and the snippet
 * name), or copy it to the clipboard in the same formats. A result without rows says 'results is empty'.
 */
export function ExportMenu({
  result,
  name,
}: {
  result: SqlResult
  name: { projectRef: string; snippetName: string; resultNumber?: number }
}) {
  const ifRows = (action: () => void | Promise<void>) => () => {
    if (isEmptyResult(result)) toast.error(M.resultsEmpty)
    else void action()
  }
  const download = (format: ExportFormat) => ifRows(() => saveFile(exportFile(result, format, name)))
  const copy = (format: ExportFormat) =>
    ifRows(async () => {
      if (await copyToClipboard(exportText(result, format))) toast.success(M.copied(EXPORT_FORMAT_LABELS[format]))
    })
  return (
    <DropdownMenu
      label={M.export}
      trigger={
        <Button size="sm" variant="ghost">
          <Download aria-hidden className="size-3.5" />
          {M.export}
        </Button>
      }
    >
      {EXPORT_FORMATS.map((format) => (
        <DropdownMenuItem key={`download-${format}`} onSelect={download(format)}>
          {M.download(EXPORT_FORMAT_LABELS[format])}
        </DropdownMenuItem>
      ))}
      <DropdownMenuSeparator />
      <DropdownMenuLabel>Clipboard</DropdownMenuLabel>
      {EXPORT_FORMATS.map((format) => (
        <DropdownMenuItem key={`copy-${format}`} onSelect={copy(format)}>
          {M.copyAs(EXPORT_FORMAT_LABELS[format])}
        </DropdownMenuItem>
      ))}
    </DropdownMenu>
  )
}
