import type { SchemaDiagram } from '@basalt/contracts'

/**
 * The schema diagram's geometry, kept out of the components: each table's box (its size from its columns),
 * laid out by ELK's layered algorithm (foreign keys left to right), and the diagram as an SVG document for
 * export. The React Flow view and the exported SVG/PNG draw the same boxes at the same places.
 */

export const BOX_WIDTH = 260
export const HEADER_HEIGHT = 34
export const ROW_HEIGHT = 22

export interface PlacedTable {
  id: string
  table: SchemaDiagram['tables'][number]
  x: number
  y: number
  width: number
  height: number
}

export interface DiagramEdge {
  id: string
  source: string
  target: string
  label: string
}

export const boxHeight = (columns: number) => HEADER_HEIGHT + Math.max(columns, 1) * ROW_HEIGHT + 8

/** The edges between tables drawn in this diagram (foreign keys to other schemas have no box). */
export function diagramEdges(diagram: SchemaDiagram): DiagramEdge[] {
  const drawn = new Set(diagram.tables.map((t) => t.id))
  return diagram.foreign_keys
    .filter((k) => drawn.has(k.target_id) && drawn.has(k.table_id))
    .map((k) => ({
      id: `${k.table_id}-${k.name}`,
      source: String(k.table_id),
      target: String(k.target_id),
      label: `${k.columns.join(', ')} → ${k.target_columns.join(', ')}`,
    }))
}

/** Minimal shape of an ELK instance (elkjs): lay out a graph, answer positions. */
export interface Layouter {
  layout(graph: {
    id: string
    layoutOptions: Record<string, string>
    children: Array<{ id: string; width: number; height: number }>
    edges: Array<{ id: string; sources: string[]; targets: string[] }>
  }): Promise<{ children?: Array<{ id: string; x?: number; y?: number }> }>
}

/** Places every table with ELK's layered layout, foreign keys running left to right. */
export async function layoutDiagram(diagram: SchemaDiagram, elk: Layouter): Promise<PlacedTable[]> {
  const edges = diagramEdges(diagram)
  const laid = await elk.layout({
    id: 'schema',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.spacing.nodeNode': '40',
      'elk.layered.spacing.nodeNodeBetweenLayers': '80',
      'elk.separateConnectedComponents': 'true',
    },
    children: diagram.tables.map((t) => ({ id: String(t.id), width: BOX_WIDTH, height: boxHeight(t.columns.length) })),
    edges: edges.map((e) => ({ id: e.id, sources: [e.source], targets: [e.target] })),
  })
  const at = new Map((laid.children ?? []).map((c) => [c.id, c]))
  return diagram.tables.map((table) => {
    const place = at.get(String(table.id))
    return {
      id: String(table.id),
      table,
      x: place?.x ?? 0,
      y: place?.y ?? 0,
      width: BOX_WIDTH,
      height: boxHeight(table.columns.length),
    }
  })
}

const escapeXml = (text: string) =>
  text.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)

/** The diagram as a standalone SVG document: boxes, their columns, and the foreign keys as arrows. */
export function diagramSvg(schema: string, placed: readonly PlacedTable[], edges: readonly DiagramEdge[]): string {
  const pad = 20
  const width = Math.max(...placed.map((p) => p.x + p.width), 0) + pad * 2
  const height = Math.max(...placed.map((p) => p.y + p.height), 0) + pad * 2
  const byId = new Map(placed.map((p) => [p.id, p]))
  const lines = edges.flatMap((e) => {
    const from = byId.get(e.source)
    const to = byId.get(e.target)
    if (!from || !to) return []
    const x1 = from.x + from.width + pad
    const y1 = from.y + HEADER_HEIGHT / 2 + pad
    const x2 = to.x + pad
    const y2 = to.y + HEADER_HEIGHT / 2 + pad
    return [
      `<path d="M${x1},${y1} C${x1 + 40},${y1} ${x2 - 40},${y2} ${x2},${y2}" fill="none" stroke="#64748b" stroke-width="1.5" marker-end="url(#arrow)"><title>${escapeXml(e.label)}</title></path>`,
    ]
  })
  const boxes = placed.map((p) => {
    const x = p.x + pad
    const y = p.y + pad
    const rows = p.table.columns.map((c, i) => {
      const ty = y + HEADER_HEIGHT + ROW_HEIGHT * i + 16
      const mark = c.primary ? '🔑 ' : ''
      return (
        `<text x="${x + 10}" y="${ty}" font-size="12">${escapeXml(mark + c.name)}</text>` +
        `<text x="${x + p.width - 10}" y="${ty}" font-size="11" fill="#64748b" text-anchor="end">${escapeXml(c.type)}${c.nullable ? '' : ' not null'}</text>`
      )
    })
    return (
      `<g><rect x="${x}" y="${y}" width="${p.width}" height="${p.height}" rx="6" fill="#ffffff" stroke="#94a3b8"/>` +
      `<rect x="${x}" y="${y}" width="${p.width}" height="${HEADER_HEIGHT}" rx="6" fill="#f1f5f9" stroke="#94a3b8"/>` +
      `<text x="${x + 10}" y="${y + 22}" font-size="13" font-weight="600">${escapeXml(p.table.name)}</text>${rows.join('')}</g>`
    )
  })
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="ui-sans-serif, system-ui, sans-serif">` +
    `<title>Schema ${escapeXml(schema)}</title>` +
    `<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#64748b"/></marker></defs>` +
    `<rect width="100%" height="100%" fill="#ffffff"/>${lines.join('')}${boxes.join('')}</svg>`
  )
}
