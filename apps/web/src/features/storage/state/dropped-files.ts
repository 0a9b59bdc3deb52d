/** A file to upload and its path relative to the folder it is dropped on (`photos/2024/a.png`). */
export interface PickedFile {
  file: File
  relativePath: string
}

/** What the browser gives for a dropped folder (the File and Directory Entries API, WebKit-prefixed). */
interface Entry {
  isFile: boolean
  isDirectory: boolean
  name: string
  file?: (ok: (file: File) => void, fail: (error: unknown) => void) => void
  createReader?: () => { readEntries: (ok: (entries: Entry[]) => void, fail: (error: unknown) => void) => void }
}

async function readEntry(entry: Entry, base: string, out: PickedFile[]): Promise<void> {
  const path = base ? `${base}/${entry.name}` : entry.name
  if (entry.isFile && entry.file) {
    const file = await new Promise<File>((ok, fail) => entry.file!(ok, fail))
    out.push({ file, relativePath: path })
  } else if (entry.isDirectory && entry.createReader) {
    const reader = entry.createReader()
    // readEntries answers in batches (100 in Chromium) until it answers none.
    for (;;) {
      const batch = await new Promise<Entry[]>((ok, fail) => reader.readEntries(ok, fail))
      if (batch.length === 0) break
      for (const child of batch) await readEntry(child, path, out)
    }
  }
}

/** A picked or dropped file's path: its folder's when it came with one (a folder input, a dropped folder). */
export const relativePathOf = (file: File) => file.webkitRelativePath || file.name

/**
 * The files of a drop, whole folders walked: every file with its path under the drop target. The entries
 * must be taken during the drop event, before any await, or the browser empties the DataTransfer.
 */
export async function droppedFiles(data: DataTransfer): Promise<PickedFile[]> {
  const entries: Array<Entry | null> = []
  const plain: File[] = []
  for (const item of Array.from(data.items ?? [])) {
    if (item.kind !== 'file') continue
    const entry = (item as DataTransferItem & { webkitGetAsEntry?: () => Entry | null }).webkitGetAsEntry?.() ?? null
    const file = item.getAsFile()
    // A file that knows its folder (from a folder picker) keeps it; a dropped folder is walked by its entry.
    if (file && (file.webkitRelativePath || !entry)) plain.push(file)
    else if (entry) entries.push(entry)
  }
  if (entries.length === 0 && plain.length === 0) plain.push(...Array.from(data.files ?? []))
  const out: PickedFile[] = plain.map((file) => ({ file, relativePath: relativePathOf(file) }))
  for (const entry of entries) if (entry) await readEntry(entry, '', out)
  return out
}
