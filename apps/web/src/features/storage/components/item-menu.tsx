import { MoreHorizontal } from 'lucide-react'
import type { StorageItem } from '@basalt/contracts'
import { Button } from '../../../ui/button'
import { DropdownMenu, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator } from '../../../ui/dropdown-menu'
import { STORAGE_MESSAGES as M } from '../messages'
import { SHARE_LINK_UI } from '../share-link-messages'
import { EXPIRY_PRESETS } from '../state/expiry'
import { itemStatus } from '../state/items'
import { useExplorer } from './explorer-context'

/**
 * An item's menu (spec 3 §2): Rename, Move, Download, Delete, Copy URL with the expiry presets and 'Custom
 * expiry' (a public bucket's URL needs none). Without storage write the writes are not offered (spec 3 §6);
 * reading — download, links — stays. A corrupted file can be neither downloaded nor linked. 'Create share link'
 * (issue 25 point 7) is a write: it makes a link that anyone may use.
 */
export function ItemMenu({ item }: { item: StorageItem }) {
  const x = useExplorer()
  const corrupted = itemStatus(item) === 'corrupted'
  const folder = item.kind === 'folder'
  return (
    <DropdownMenu
      label={M.itemActions(item.name)}
      trigger={
        <Button variant="ghost" size="icon" aria-label={M.itemActions(item.name)} className="size-7 shrink-0">
          <MoreHorizontal aria-hidden className="size-4" />
        </Button>
      }
    >
      {x.canWrite && <DropdownMenuItem onSelect={() => x.startRename(item)}>{M.rename}</DropdownMenuItem>}
      {x.canWrite && <DropdownMenuItem onSelect={() => x.requestMove([item])}>{M.move}</DropdownMenuItem>}
      {!corrupted && <DropdownMenuItem onSelect={() => x.download([item])}>{M.download}</DropdownMenuItem>}
      {folder && <DropdownMenuItem onSelect={() => x.copyFolderPath(item)}>{M.copyPath}</DropdownMenuItem>}
      {!folder && !corrupted && (
        <>
          <DropdownMenuSeparator />
          {x.bucket.public ? (
            <DropdownMenuItem onSelect={() => x.copyUrl(item, null)}>{M.copyUrl}</DropdownMenuItem>
          ) : (
            <>
              <DropdownMenuLabel>{M.copyUrl}</DropdownMenuLabel>
              {EXPIRY_PRESETS.map((preset) => (
                <DropdownMenuItem key={preset.seconds} onSelect={() => x.copyUrl(item, preset.seconds)}>
                  {preset.label}
                </DropdownMenuItem>
              ))}
              <DropdownMenuItem onSelect={() => x.requestCustomExpiry(item)}>{M.customExpiry}</DropdownMenuItem>
            </>
          )}
          {x.canWrite && (
            <DropdownMenuItem onSelect={() => x.requestShareLink(item)}>
              {SHARE_LINK_UI.createMenuItem}
            </DropdownMenuItem>
          )}
        </>
      )}
      {x.canWrite && (
        <>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => x.requestDelete([item])} className="text-destructive">
            {M.delete}
          </DropdownMenuItem>
        </>
      )}
    </DropdownMenu>
  )
}
