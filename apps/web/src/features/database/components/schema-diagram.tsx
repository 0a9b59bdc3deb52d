import { useEffect, useMemo, useState, type CSSProperties } from 'react'
import { Link } from 'react-router'
import {
  Background,
  Controls,
  Handle,
  MiniMap,
  Position,
  ReactFlow,
  type Edge,
  type Node,
  type NodeProps,
} from '@xyflow/react'
import '@xyflow/react/dist/style.css'
import ELK from 'elkjs/lib/elk.bundled.js'
import { KeyRound } from 'lucide-react'
import type { SchemaDiagram as Diagram } from '@basalt/contracts'
import { Skeleton } from '../../../ui/skeleton'
import { SCHEMA_MESSAGES as MESSAGES } from '../messages'
import { diagramEdges, layoutDiagram, type PlacedTable } from '../state/schema-diagram'

type TableNode = Node<{ placed: PlacedTable; projectRef: string }, 'table'>

/** A table's box: its name (a link to the table editor) and its columns with keys, types and nullability. */
function TableBox({ data }: NodeProps<TableNode>) {
  const { table } = data.placed
  return (
    <div className="w-[260px] rounded-md border border-border bg-surface-raised text-xs shadow-sm">
      <Handle type="target" position={Position.Left} className="!bg-muted-foreground" />
      <div className="rounded-t-md border-b border-border bg-muted px-2.5 py-2">
        <Link
          to={`/project/${encodeURIComponent(data.projectRef)}/editor/${table.id}`}
          aria-label={MESSAGES.open(table.name)}
          className="nodrag font-mono text-sm font-semibold text-foreground underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
        >
          {table.name}
        </Link>
        {table.kind !== 'table' && <span className="ml-2 text-muted-foreground">{table.kind}</span>}
      </div>
      <ul className="py-1">
        {table.columns.map((c) => (
          <li key={c.name} className="flex h-[22px] items-center justify-between gap-2 px-2.5">
            <span className="flex items-center gap-1 truncate font-mono">
              {c.primary && <KeyRound aria-label="primary key" className="size-3 shrink-0 text-brand" />}
              {c.name}
            </span>
            <span className="truncate text-muted-foreground">
              {c.type}
              {c.nullable ? '' : ' not null'}
              {c.unique ? ' unique' : ''}
            </span>
          </li>
        ))}
      </ul>
      <Handle type="source" position={Position.Right} className="!bg-muted-foreground" />
    </div>
  )
}

/**
 * React Flow's colours from the theme's tokens, so that the canvas, edges, edge labels, controls and minimap
 * follow light and dark mode (its own defaults are white).
 */
const FLOW_THEME = {
  '--xy-background-color': 'var(--background)',
  '--xy-background-pattern-color': 'var(--border)',
  '--xy-edge-stroke': 'var(--muted-foreground)',
  '--xy-edge-stroke-selected': 'var(--brand)',
  '--xy-edge-label-background-color': 'var(--surface-raised)',
  '--xy-edge-label-color': 'var(--foreground)',
  '--xy-minimap-background-color': 'var(--surface)',
  '--xy-minimap-mask-background-color': 'var(--overlay)',
  '--xy-minimap-mask-stroke-color': 'var(--border)',
  '--xy-minimap-node-background-color': 'var(--muted)',
  '--xy-minimap-node-stroke-color': 'var(--muted-foreground)',
  '--xy-controls-button-background-color': 'var(--surface-raised)',
  '--xy-controls-button-background-color-hover': 'var(--muted)',
  '--xy-controls-button-color': 'var(--foreground)',
  '--xy-controls-button-color-hover': 'var(--foreground)',
  '--xy-controls-button-border-color': 'var(--border)',
} as CSSProperties

const NODE_TYPES = { table: TableBox }

/**
 * The diagram of a schema: boxes placed by ELK (layered, foreign keys left to right), pan and zoom, a minimap;
 * only the boxes in view are rendered, so 200 tables stay usable. `onPlaced` hands the placed boxes to the
 * export buttons, which draw the same diagram as SVG or PNG.
 */
export function SchemaDiagramView({
  projectRef,
  schema,
  diagram,
  onPlaced,
}: {
  projectRef: string
  schema: string
  diagram: Diagram
  onPlaced: (placed: PlacedTable[]) => void
}) {
  const [placed, setPlaced] = useState<PlacedTable[] | null>(null)
  useEffect(() => {
    let current = true
    setPlaced(null)
    void layoutDiagram(diagram, new ELK()).then((result) => {
      if (!current) return
      setPlaced(result)
      onPlaced(result)
    })
    return () => {
      current = false
    }
  }, [diagram, onPlaced])

  const nodes = useMemo<TableNode[]>(
    () =>
      (placed ?? []).map((p) => ({
        id: p.id,
        type: 'table',
        position: { x: p.x, y: p.y },
        data: { placed: p, projectRef },
        width: p.width,
        height: p.height,
      })),
    [placed, projectRef],
  )
  const edges = useMemo<Edge[]>(
    () =>
      diagramEdges(diagram).map((e) => ({
        id: e.id,
        source: e.source,
        target: e.target,
        label: e.label,
        type: 'smoothstep',
        labelStyle: { fontSize: 10 },
      })),
    [diagram],
  )

  if (!placed) {
    return (
      <div role="status" aria-label={MESSAGES.laying} className="h-[70vh]">
        <Skeleton className="h-full w-full" />
      </div>
    )
  }
  return (
    <div className="h-[70vh] rounded-md border border-border" role="figure" aria-label={MESSAGES.diagram(schema)}>
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        fitView
        minZoom={0.05}
        onlyRenderVisibleElements
        nodesConnectable={false}
        proOptions={{ hideAttribution: true }}
        style={FLOW_THEME}
      >
        <Background />
        <Controls showInteractive={false} />
        <MiniMap pannable zoomable ariaLabel="Minimap" nodeBorderRadius={4} />
      </ReactFlow>
    </div>
  )
}
