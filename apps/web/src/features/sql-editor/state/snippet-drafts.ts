/*
 * What the browser keeps of snippets, per project, in localStorage:
 * - drafts: the text typed and not yet saved, per snippet id (or 'new' for a member who may not save), so work
 *   typed while the server is unreachable survives a reload and is saved when the server answers again;
 * - the last snippet used ('dashboard history', spec 2 §2): where /sql/new goes.
 */

export interface SnippetDraft {
  sql: string
  /** The name the snippet is created with, when it does not exist on the server yet. */
  name: string
  /** False until the server has the snippet: the first save then creates it (with this id). */
  created: boolean
}

const draftKey = (ref: string, id: string) => `basalt-sql-draft:${ref}:${id}`
const lastKey = (ref: string) => `basalt-sql-last:${ref}`

// localStorage may be unavailable (private mode, quota): the text then lives in the page only.
function read(key: string, storage: Storage): string | null {
  try {
    return storage.getItem(key)
  } catch {
    return null
  }
}
function write(key: string, value: string | null, storage: Storage) {
  try {
    if (value === null) storage.removeItem(key)
    else storage.setItem(key, value)
  } catch {
    // Nothing else to do: the page still holds the text and saves it when it can.
  }
}

export function readDraft(ref: string, id: string, storage: Storage = localStorage): SnippetDraft | null {
  const raw = read(draftKey(ref, id), storage)
  if (!raw) return null
  try {
    const draft = JSON.parse(raw) as Partial<SnippetDraft>
    if (typeof draft.sql !== 'string') return null
    return { sql: draft.sql, name: typeof draft.name === 'string' ? draft.name : '', created: draft.created !== false }
  } catch {
    return null
  }
}

export function writeDraft(ref: string, id: string, draft: SnippetDraft, storage: Storage = localStorage) {
  write(draftKey(ref, id), JSON.stringify(draft), storage)
}

export function clearDraft(ref: string, id: string, storage: Storage = localStorage) {
  write(draftKey(ref, id), null, storage)
}

/** The snippet last opened in this project, if any. */
export function readLastSnippet(ref: string, storage: Storage = localStorage): string | null {
  return read(lastKey(ref), storage)
}

export function writeLastSnippet(ref: string, id: string | null, storage: Storage = localStorage) {
  write(lastKey(ref), id, storage)
}

/** Forgets deleted snippets: their drafts, and the last-used entry when it is one of them. */
export function forgetSnippets(ref: string, ids: readonly string[], storage: Storage = localStorage) {
  for (const id of ids) clearDraft(ref, id, storage)
  const last = readLastSnippet(ref, storage)
  if (last && ids.includes(last)) writeLastSnippet(ref, null, storage)
}
