import { useEffect, useRef, useState } from 'react';
import type { PlacedEdge, PlacedNode, Statechart as StatechartLayout } from '~/lib/flows/layout';
import { Button } from '~/components/ui/Button';

/**
 * Draws a laid-out statechart as SVG: rounded state boxes (compound ones containing their
 * children), the initial marker, final states with a double border, regions of parallel
 * states dashed, arrows with their event, guard and action labels, and the current
 * state(s) highlighted. Starts fitted to the width (scrolling down a tall machine); "Fit
 * screen" shows all of it at once, "100%" scrolls both ways.
 */
type Zoom = 'width' | 'screen' | 'actual';
const ZOOMS: Array<{ zoom: Zoom; label: string }> = [
  { zoom: 'width', label: 'Fit width' },
  { zoom: 'screen', label: 'Fit screen' },
  { zoom: 'actual', label: '100%' },
];

export function Statechart({ chart, active, title }: { chart: StatechartLayout; active: ReadonlySet<string>; title: string }) {
  const [zoom, setZoom] = useState<Zoom>('width');
  const viewport = useRef<HTMLDivElement>(null);
  useScrollToActive(viewport, active, zoom);
  const byDepth = [...chart.nodes].sort((a, b) => a.depth - b.depth);
  return (
    <figure className="statechart">
      <div className="statechart-toolbar">
        {ZOOMS.map((option) => (
          <Button key={option.zoom} onClick={() => setZoom(option.zoom)} aria-pressed={zoom === option.zoom} variant="secondary">
            {option.label}
          </Button>
        ))}
      </div>
      <div ref={viewport} className={`statechart-viewport statechart-zoom-${zoom}`}>
        <svg
          role="img"
          aria-label={`Statechart of ${title}`}
          viewBox={`0 0 ${chart.width} ${chart.height}`}
          width={zoom === 'actual' ? chart.width : undefined}
          height={zoom === 'actual' ? chart.height : undefined}
          // Fitting never enlarges past 100%: a small machine stays at its natural size.
          style={zoom === 'actual' ? undefined : { maxWidth: chart.width, maxHeight: zoom === 'screen' ? undefined : 'none' }}
        >
          <defs>
            <marker id="statechart-arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
              <path d="M 0 0 L 10 5 L 0 10 z" className="statechart-arrowhead" />
            </marker>
          </defs>
          {byDepth.map((node) => (
            <StateBox key={node.id} node={node} active={active.has(node.id)} />
          ))}
          {chart.edges.map((edge) => (
            <Transition key={edge.id} edge={edge} />
          ))}
          {byDepth
            .filter((node) => node.initial)
            .map((node) => (
              <InitialMarker key={`initial:${node.id}`} node={node} />
            ))}
        </svg>
      </div>
    </figure>
  );
}

/** Keeps the deepest current state in view inside the diagram, never scrolling the page. */
function useScrollToActive(viewport: React.RefObject<HTMLDivElement>, active: ReadonlySet<string>, zoom: Zoom) {
  useEffect(() => {
    const container = viewport.current;
    const targets = container?.querySelectorAll<SVGGElement>('.statechart-state.is-active');
    const target = targets?.[targets.length - 1];
    if (!container || !target) return;
    const box = target.getBoundingClientRect();
    const frame = container.getBoundingClientRect();
    if (box.top < frame.top || box.bottom > frame.bottom) {
      container.scrollTop += box.top - frame.top - (frame.height - box.height) / 2;
    }
    if (box.left < frame.left || box.right > frame.right) {
      container.scrollLeft += box.left - frame.left - (frame.width - box.width) / 2;
    }
  }, [viewport, active, zoom]);
}

function StateBox({ node, active }: { node: PlacedNode; active: boolean }) {
  const container = node.type === 'compound' || node.type === 'parallel';
  const classes = [
    'statechart-state',
    `statechart-${node.type}`,
    node.parentType === 'parallel' ? 'statechart-region' : '',
    node.depth === 0 ? 'statechart-root' : '',
    active ? 'is-active' : '',
  ].filter(Boolean);
  const labelY = container ? node.y + 20 : node.y + node.height / 2 - node.invokes.length * 8 + 4;
  const labelX = container ? node.x + 12 : node.x + node.width / 2;
  return (
    <g className={classes.join(' ')} data-state-id={node.id} data-active={active ? 'true' : 'false'}>
      <title>{node.id}</title>
      <rect x={node.x} y={node.y} width={node.width} height={node.height} rx={container ? 12 : 8} />
      {node.type === 'final' ? (
        <rect className="statechart-final-inner" x={node.x + 4} y={node.y + 4} width={node.width - 8} height={node.height - 8} rx={5} />
      ) : null}
      <text x={labelX} y={labelY} textAnchor={container ? 'start' : 'middle'} className="statechart-state-label">
        {node.label}
        {node.type === 'parallel' ? ' ∥' : ''}
        {node.type === 'history' ? ' (H)' : ''}
      </text>
      {node.invokes.map((invoke, index) => (
        <text key={invoke.id} x={labelX} y={labelY + 16 * (index + 1)} textAnchor={container ? 'start' : 'middle'} className="statechart-invoke">
          ▸ invoke {invoke.src}
        </text>
      ))}
    </g>
  );
}

function Transition({ edge }: { edge: PlacedEdge }) {
  if (edge.points.length < 2) return null;
  const [start, ...rest] = edge.points;
  const path = `M ${start.x} ${start.y} ${rest.map((point) => `L ${point.x} ${point.y}`).join(' ')}`;
  const label = edge.label;
  return (
    <g className={`statechart-edge statechart-edge-${edge.kind}`} data-edge-id={edge.id}>
      <path d={path} markerEnd="url(#statechart-arrow)" />
      {label ? (
        <g className="statechart-edge-label">
          <rect x={label.x - 2} y={label.y} width={label.width + 4} height={label.height} rx={4} />
          {edge.lines.map((line, index) => (
            <text key={index} x={label.x + 2} y={label.y + 13 + index * 14} className={index === 0 ? 'statechart-event' : 'statechart-detail'}>
              {line}
            </text>
          ))}
        </g>
      ) : null}
    </g>
  );
}

/** A dot with a short arrow into the state entered by default. */
function InitialMarker({ node }: { node: PlacedNode }) {
  const x = node.x + 14;
  return (
    <g className="statechart-initial" aria-hidden="true">
      <circle cx={x} cy={node.y - 14} r={4} />
      <path d={`M ${x} ${node.y - 10} L ${x} ${node.y - 1}`} markerEnd="url(#statechart-arrow)" />
    </g>
  );
}
