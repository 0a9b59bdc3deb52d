import { STORAGE_MESSAGES as M } from '../messages'

export type FolderNameCheck =
  | { kind: 'ok'; name: string }
  /** Nothing to do: an empty name removes the new folder's row; a rename to the same or an empty name. */
  | { kind: 'discard' }
  | { kind: 'error'; message: string }

// Letters, digits, underscore, hyphen and whitespace (spec 3 §5 "Folder name"); letters of any script.
const FOLDER_NAME = /^[\p{L}\p{N}_\-\s]+$/u

/** A new folder's name, typed in place of 'Untitled folder' (spec 3 §5). */
export function checkNewFolderName(typed: string, siblings: ReadonlySet<string>): FolderNameCheck {
  const name = typed.trim()
  if (name === '') return { kind: 'discard' }
  if (!FOLDER_NAME.test(name)) return { kind: 'error', message: M.folderInvalidChars }
  if (siblings.has(name)) return { kind: 'error', message: M.folderExists(name) }
  return { kind: 'ok', name }
}

/** A rename of a file or folder (spec 3 §5): no slashes; same or empty name does nothing. */
export function checkRename(
  typed: string,
  original: string,
  siblings: ReadonlySet<string>,
  isFolder: boolean,
): FolderNameCheck {
  const name = typed.trim()
  if (name === '' || name === original) return { kind: 'discard' }
  if (/[/\\]/.test(name)) return { kind: 'error', message: M.folderSlashes }
  if (isFolder && !FOLDER_NAME.test(name)) return { kind: 'error', message: M.folderInvalidChars }
  if (siblings.has(name)) return { kind: 'error', message: M.folderExists(name) }
  return { kind: 'ok', name }
}
