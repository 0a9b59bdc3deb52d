import { createContext, useContext } from 'react'
import type { Bucket, StorageItem } from '@basalt/contracts'
import type { ExplorerPreferences } from '../state/explorer-preferences'
import type { PickedFile } from '../state/dropped-files'
import type { SelectionState } from '../state/selection'

/** What the explorer's columns, rows and menus act through; the explorer page holds the state behind it. */
export interface Explorer {
  projectRef: string
  bucket: Bucket
  canWrite: boolean
  preferences: ExplorerPreferences
  /** The folders open, from the root: column i lists `prefixOf(openPath.slice(0, i))`. */
  openPath: readonly string[]
  previewPath: string | null
  selection: SelectionState
  /** The item whose name is being edited (rename). */
  renaming: string | null
  /** The folder (prefix) showing a new 'Untitled folder' row being named. */
  newFolderIn: string | null
  /** Items with a write running on them (spinner, not clickable). */
  busy: ReadonlySet<string>
  openFolder: (column: number, item: StorageItem) => void
  openFile: (column: number, item: StorageItem) => void
  clickEmpty: (column: number) => void
  toggleSelect: (prefix: string, path: string, order: readonly string[], shift: boolean) => void
  toggleAll: (prefix: string, files: readonly string[]) => void
  startRename: (item: StorageItem) => void
  submitRename: (item: StorageItem, typed: string, siblings: ReadonlySet<string>) => boolean
  cancelRename: () => void
  submitNewFolder: (prefix: string, typed: string, siblings: ReadonlySet<string>) => boolean
  cancelNewFolder: () => void
  requestDelete: (items: StorageItem[]) => void
  requestMove: (items: StorageItem[]) => void
  download: (items: StorageItem[]) => void
  copyUrl: (item: StorageItem, expiresIn: number | null) => void
  requestCustomExpiry: (item: StorageItem) => void
  /** 'Create share link' (issue 25 point 7). */
  requestShareLink: (item: StorageItem) => void
  /** Opens the bucket's 'Share links' view. */
  openShareLinks: () => void
  copyFolderPath: (item: StorageItem) => void
  upload: (prefix: string, files: readonly PickedFile[]) => void
}

export const ExplorerContext = createContext<Explorer | null>(null)

export function useExplorer(): Explorer {
  const explorer = useContext(ExplorerContext)
  if (!explorer) throw new Error('useExplorer is used outside the explorer')
  return explorer
}
