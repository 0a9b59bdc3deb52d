import ELK from 'elkjs/lib/elk.bundled.js'
import { describe, expect, it } from 'vitest'
import type { SchemaDiagram } from '@basalt/contracts'
import { boxHeight, diagramEdges, diagramSvg, layoutDiagram } from './schema-diagram'

const column = (name: string, primary = false) => ({
  name,
  type: 'integer',
  nullable: !primary,
  primary,
  unique: false,
})

function chain(count: number): SchemaDiagram {
  return {
    tables: Array.from({ length: count }, (_, i) => ({
      id: i + 1,
      name: `t${i + 1}`,
      kind: 'table' as const,
      columns: [column('id', true), column('parent')],
    })),
    foreign_keys: Array.from({ length: count - 1 }, (_, i) => ({
      name: `t${i + 2}_parent_fkey`,
      table_id: i + 2,
      columns: ['parent'],
      target_id: i + 1,
      target_schema: 'public',
      target_table: `t${i + 1}`,
      target_columns: ['id'],
    })),
  }
}

describe('schema diagram', () => {
  it('lays out 200 tables without overlapping boxes, foreign keys left to right', async () => {
    const diagram = chain(200)
    const placed = await layoutDiagram(diagram, new ELK())
    expect(placed).toHaveLength(200)
    const overlaps = placed.some((a, i) =>
      placed.some(
        (b, j) => i < j && a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height,
      ),
    )
    expect(overlaps).toBe(false)
    // t2 references t1: the referencing table sits left of the one it references, or right — but in another layer.
    expect(placed[0]!.x).not.toBe(placed[1]!.x)
    expect(placed[0]!.height).toBe(boxHeight(2))
    // ELK on a loaded CI machine: a budget beyond the default 5 s.
  }, 60_000)

  it('draws only edges between tables of the diagram, and exports boxes, columns and arrows as SVG', async () => {
    const diagram = chain(2)
    diagram.foreign_keys.push({
      ...diagram.foreign_keys[0]!,
      name: 'outside',
      target_id: 99,
      target_table: 'elsewhere',
    })
    const edges = diagramEdges(diagram)
    expect(edges.map((e) => e.label)).toEqual(['parent → id'])
    const svg = diagramSvg('public', await layoutDiagram(diagram, new ELK()), edges)
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg.match(/<g>/g)).toHaveLength(2)
    expect(svg).toContain('>t1</text>')
    expect(svg).toContain('🔑 id')
    expect(svg.match(/marker-end="url\(#arrow\)"/g)).toHaveLength(1)
    expect(new DOMParser().parseFromString(svg, 'image/svg+xml').querySelector('parsererror')).toBeNull()
  })
})
