import { createContext, useContext } from 'react'

/** Shared by the editor's sidebar and its pages: which schema the entity list shows. */
export interface TableEditorContextValue {
  projectRef: string
  schema: string
  setSchema: (schema: string) => void
}

export const TableEditorContext = createContext<TableEditorContextValue | null>(null)

export function useTableEditorContext(): TableEditorContextValue | null {
  return useContext(TableEditorContext)
}
