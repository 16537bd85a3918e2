import ELK from 'elkjs/lib/elk.bundled.js';
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk-api';
import type { EdgeKind, GraphEdge, GraphNode, MachineGraph, StateKind } from './graph';

/**
 * Places a machine graph with ELK's layered algorithm, compound states containing their
 * children. The bundled build runs in-process (no worker), so the server lays out once
 * per machine and the browser only draws (decision 040). Every coordinate returned is
 * absolute (relative to the drawing's top-left corner).
 */

export interface PlacedNode {
  id: string;
  label: string;
  type: StateKind;
  initial: boolean;
  /** The parent's type, so regions of a parallel state can be drawn dashed. */
  parentType: StateKind | null;
  depth: number;
  invokes: GraphNode['invokes'];
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PlacedEdge {
  id: string;
  kind: EdgeKind;
  source: string;
  target: string;
  lines: string[];
  points: Array<{ x: number; y: number }>;
  label?: { x: number; y: number; width: number; height: number };
}

export interface Statechart {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
}

const CHAR_WIDTH_PX = 7.4;
const LABEL_CHAR_WIDTH_PX = 6.3;
const LINE_HEIGHT_PX = 14;
const HEADER_HEIGHT_PX = 30;
const INVOKE_LINE_PX = 16;

/** The lines printed on an edge: event (or delay), [guard], / actions. */
function edgeLines(edge: GraphEdge): string[] {
  const lines = [edge.label];
  if (edge.guard) lines.push(`[${edge.guard}]`);
  if (edge.actions.length) lines.push(`/ ${edge.actions.join(', ')}`);
  return lines;
}

function textWidth(lines: string[], charWidth: number): number {
  return Math.ceil(Math.max(...lines.map((line) => line.length)) * charWidth);
}

function invokeLines(node: GraphNode): string[] {
  return node.invokes.map((invoke) => `invoke ${invoke.src}`);
}

const LAYERED_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.edgeNode': '14',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.edgeLabels.placement': 'CENTER',
  // States are declared in the order a user meets them: keep that order top to bottom and
  // let a depth-first walk from the initial state decide which arrows point back (back,
  // retry, cancel). MODEL_ORDER would say it better but crashes ELK 0.12 on nested graphs.
  // Network simplex keeps a chain of steps in one column instead of a staircase.
  'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
};

function toElkNode(node: GraphNode, byId: Map<string, GraphNode>, options: Record<string, string>): ElkNode {
  const header = [node.key, ...invokeLines(node)];
  const headerHeight = HEADER_HEIGHT_PX + node.invokes.length * INVOKE_LINE_PX;
  if (node.children.length > 0) {
    return {
      id: node.id,
      // ELK options are not inherited: every compound node carries the layered settings.
      layoutOptions: {
        ...options,
        // Room under the header for the initial marker of the first child.
        'elk.padding': `[top=${headerHeight + 20},left=16,bottom=16,right=16]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${textWidth(header, CHAR_WIDTH_PX) + 40}, ${headerHeight + 20})`,
      },
      children: node.children.map((id) => toElkNode(byId.get(id) as GraphNode, byId, options)),
    };
  }
  return {
    id: node.id,
    width: Math.max(96, textWidth(header, CHAR_WIDTH_PX) + 32),
    height: headerHeight + 8,
  };
}

function toElkEdges(edge: GraphEdge): ElkExtendedEdge[] {
  const lines = edgeLines(edge);
  const label: ElkLabel = {
    text: lines.join('\n'),
    width: textWidth(lines, LABEL_CHAR_WIDTH_PX) + 8,
    height: lines.length * LINE_HEIGHT_PX + 4,
  };
  // A targetless transition only runs actions: drawn as a loop on its state.
  const targets = edge.targets.length ? edge.targets : [edge.source];
  return targets.map((target, index) => ({
    id: `${edge.id}>${index}`,
    sources: [edge.source],
    targets: [target],
    // One label per transition, on its first arrow.
    labels: index === 0 ? [{ ...label, id: `${edge.id}>${index}:label` }] : [],
  }));
}

let elk: InstanceType<typeof ELK> | undefined;

/** Tuning that suits most machines but that ELK may trip over; dropped on a retry. */
const TUNED_KEYS = ['elk.layered.cycleBreaking.strategy', 'elk.layered.nodePlacement.strategy'];

export async function layoutStatechart(graph: MachineGraph): Promise<Statechart> {
  try {
    return await runLayout(graph, LAYERED_OPTIONS);
  } catch {
    const plain = Object.fromEntries(Object.entries(LAYERED_OPTIONS).filter(([key]) => !TUNED_KEYS.includes(key)));
    return runLayout(graph, plain);
  }
}

async function runLayout(graph: MachineGraph, options: Record<string, string>): Promise<Statechart> {
  elk ??= new ELK();
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const root = byId.get(graph.rootId) as GraphNode;
  const canvas: ElkNode = {
    id: '__canvas',
    layoutOptions: { ...options, 'elk.padding': '[top=24,left=12,bottom=12,right=12]' },
    children: [toElkNode(root, byId, options)],
    edges: graph.edges.flatMap(toElkEdges),
  };
  const laidOut = await elk.layout(canvas);
  return {
    width: Math.ceil(laidOut.width ?? 0),
    height: Math.ceil(laidOut.height ?? 0),
    nodes: placedNodes(laidOut, byId),
    edges: placedEdges(laidOut, graph),
  };
}

function placedNodes(canvas: ElkNode, byId: Map<string, GraphNode>): PlacedNode[] {
  const placed: PlacedNode[] = [];
  const visit = (elkNode: ElkNode, depth: number) => {
    const node = byId.get(elkNode.id) as GraphNode;
    const parent = node.parent ? byId.get(node.parent) : undefined;
    placed.push({
      id: node.id,
      label: node.key,
      type: node.type,
      initial: node.initial,
      parentType: parent?.type ?? null,
      depth,
      invokes: node.invokes,
      x: elkNode.x ?? 0,
      y: elkNode.y ?? 0,
      width: elkNode.width ?? 0,
      height: elkNode.height ?? 0,
    });
    for (const child of elkNode.children ?? []) visit(child, depth + 1);
  };
  for (const child of canvas.children ?? []) visit(child, 0);
  return placed;
}

function collectEdges(node: ElkNode): ElkExtendedEdge[] {
  return [...(node.edges ?? []), ...(node.children ?? []).flatMap(collectEdges)];
}

function placedEdges(canvas: ElkNode, graph: MachineGraph): PlacedEdge[] {
  const byId = new Map(graph.edges.map((edge) => [edge.id, edge]));
  return collectEdges(canvas).map((elkEdge) => {
    const edge = byId.get(elkEdge.id.slice(0, elkEdge.id.lastIndexOf('>'))) as GraphEdge;
    const points = (elkEdge.sections ?? []).flatMap((section) => [section.startPoint, ...(section.bendPoints ?? []), section.endPoint]);
    const label = elkEdge.labels?.[0];
    return {
      id: elkEdge.id,
      kind: edge.kind,
      source: elkEdge.sources[0],
      target: elkEdge.targets[0],
      lines: label ? edgeLines(edge) : [],
      points,
      label: label ? { x: label.x ?? 0, y: label.y ?? 0, width: label.width ?? 0, height: label.height ?? 0 } : undefined,
    };
  });
}
