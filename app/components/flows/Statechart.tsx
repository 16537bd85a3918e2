import { useEffect, useRef, useState } from 'react';
import type { ChartActivity, EdgeActivity } from '~/lib/flows/activity-chart';
import type { PlacedEdge, PlacedNode, Statechart as StatechartLayout } from '~/lib/flows/layout';
import { Button } from '~/components/ui/Button';

/**
 * Draws a laid-out statechart as SVG: rounded state boxes (compound ones containing their
 * children), the initial marker, final states with a double border, regions of parallel
 * states dashed, arrows with their event, guard and action labels, and the current
 * state(s) highlighted. Starts fitted to the width (scrolling down a tall machine); "Fit
 * screen" shows all of it at once, "100%" scrolls both ways.
 *
 * With `activity`, each state carries the runs that reached it and each arrow taken the times it
 * was taken and its share of the way out of its state, drawn as heavy as its share (an arrow never
 * taken is faded, without a count, so a busy chart shows where riders went); with
 * `live`, the states the staff member's own tabs are in and the arrows they just took are marked.
 */
type Zoom = 'width' | 'screen' | 'actual';
const ZOOMS: Array<{ zoom: Zoom; label: string }> = [
  { zoom: 'width', label: 'Fit width' },
  { zoom: 'screen', label: 'Fit screen' },
  { zoom: 'actual', label: '100%' },
];

interface LiveMarks {
  active: ReadonlySet<string>;
  took: ReadonlySet<string>;
}

interface StatechartProps {
  chart: StatechartLayout;
  active: ReadonlySet<string>;
  title: string;
  activity?: ChartActivity;
  live?: LiveMarks;
}

const NO_MARKS: LiveMarks = { active: new Set(), took: new Set() };
const counted = new Intl.NumberFormat('en-US');

export function Statechart({ chart, active, title, activity, live = NO_MARKS }: StatechartProps) {
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
      {/* Focusable: a chart taller or wider than its frame scrolls with the keyboard too. */}
      <div ref={viewport} className={`statechart-viewport statechart-zoom-${zoom}`} tabIndex={0} role="region" aria-label={`${title}: statechart`}>
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
            {/* Sized in the drawing's units, not the stroke's: an arrow weighted by its share keeps its head. */}
            <marker
              id="statechart-arrow"
              viewBox="0 0 10 10"
              refX="9"
              refY="5"
              markerUnits="userSpaceOnUse"
              markerWidth="10"
              markerHeight="10"
              orient="auto-start-reverse"
            >
              <path d="M 0 0 L 10 5 L 0 10 z" className="statechart-arrowhead" />
            </marker>
          </defs>
          {byDepth.map((node) => (
            <StateBox key={node.id} node={node} active={active.has(node.id)} live={live.active.has(node.id)} runs={activity?.states[node.id]} />
          ))}
          {chart.edges.map((edge) => (
            <Transition
              key={edge.id}
              edge={edge}
              activity={activity ? (activity.edges[graphEdgeOf(edge)] ?? null) : undefined}
              live={live.took.has(graphEdgeOf(edge))}
            />
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

/** The graph edge a placed arrow draws (a transition with several targets has one arrow each). */
const graphEdgeOf = (edge: PlacedEdge) => edge.id.slice(0, edge.id.lastIndexOf('>'));

function StateBox({ node, active, live, runs }: { node: PlacedNode; active: boolean; live: boolean; runs?: number }) {
  const container = node.type === 'compound' || node.type === 'parallel';
  const classes = [
    'statechart-state',
    `statechart-${node.type}`,
    node.parentType === 'parallel' ? 'statechart-region' : '',
    node.depth === 0 ? 'statechart-root' : '',
    active ? 'is-active' : '',
    live ? 'is-live' : '',
  ].filter(Boolean);
  const labelY = container ? node.y + 20 : node.y + node.height / 2 - node.invokes.length * 8 + 4;
  const labelX = container ? node.x + 12 : node.x + node.width / 2;
  return (
    <g
      className={classes.join(' ')}
      data-state-id={node.id}
      data-active={active ? 'true' : 'false'}
      data-live={live ? 'true' : 'false'}
      data-runs={runs === undefined ? undefined : runs}
    >
      <title>{runs === undefined ? node.id : `${node.id}: ${counted.format(runs)} ${node.depth === 0 ? 'runs started' : 'runs reached it'}`}</title>
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
      {runs === undefined ? null : <CountBadge x={node.x + node.width} y={node.y} text={counted.format(runs)} anchor="end" />}
    </g>
  );
}

const BADGE_CHAR_PX = 6.6;

/** A count in a small pill: on a state's top-right corner, or under an arrow's label. */
function CountBadge({ x, y, text, anchor }: { x: number; y: number; text: string; anchor: 'start' | 'end' }) {
  const width = Math.ceil(text.length * BADGE_CHAR_PX) + 10;
  const left = anchor === 'end' ? x - width + 4 : x;
  return (
    <g className="statechart-count">
      <rect x={left} y={y - 8} width={width} height={16} rx={8} />
      <text x={left + width / 2} y={y + 4} textAnchor="middle">
        {text}
      </text>
    </g>
  );
}

/**
 * `activity`: undefined when no counts are shown; null for a duplicate of another arrow's way
 * (same state, event and target), whose count that arrow carries.
 */
function Transition({ edge, activity, live }: { edge: PlacedEdge; activity?: EdgeActivity | null; live: boolean }) {
  if (edge.points.length < 2) return null;
  const [start, ...rest] = edge.points;
  const path = `M ${start.x} ${start.y} ${rest.map((point) => `L ${point.x} ${point.y}`).join(' ')}`;
  const label = edge.label;
  const classes = ['statechart-edge', `statechart-edge-${edge.kind}`, activity?.times === 0 ? 'is-untaken' : '', live ? 'is-live' : ''].filter(Boolean);
  // Weighted by its share of the way out of its state: 1.4 px for none up to 7.4 px for all.
  const weight = activity && activity.times > 0 ? { strokeWidth: 1.4 + activity.share * 6 } : undefined;
  return (
    <g className={classes.join(' ')} data-edge-id={edge.id} data-times={activity ? activity.times : undefined} data-live={live ? 'true' : 'false'}>
      <path d={path} markerEnd="url(#statechart-arrow)" style={weight} />
      {label ? (
        <g className="statechart-edge-label">
          <rect x={label.x - 2} y={label.y} width={label.width + 4} height={label.height} rx={4} />
          {edge.lines.map((line, index) => (
            <text key={index} x={label.x + 2} y={label.y + 13 + index * 14} className={index === 0 ? 'statechart-event' : 'statechart-detail'}>
              {line}
            </text>
          ))}
          {activity && activity.times > 0 ? (
            <CountBadge
              x={label.x - 2}
              y={label.y + label.height + 8}
              text={`${counted.format(activity.times)} · ${Math.round(activity.share * 100)}%`}
              anchor="start"
            />
          ) : null}
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
