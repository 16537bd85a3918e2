import { describe, expect, it } from 'vitest';
import { signupMachine } from '../../../tests/fixtures/flows/machines';
import { extractGraph } from './graph';
import { layoutStatechart } from './layout';

describe('layoutStatechart', () => {
  it('places every state inside its parent and routes every arrow with its label', async () => {
    const graph = extractGraph(signupMachine);
    const chart = await layoutStatechart(graph);
    expect(chart.nodes.map((node) => node.id).sort()).toEqual(graph.nodes.map((node) => node.id).sort());
    const byId = new Map(chart.nodes.map((node) => [node.id, node]));
    for (const node of graph.nodes) {
      const placed = byId.get(node.id)!;
      expect(placed.width).toBeGreaterThan(0);
      expect(placed.x + placed.width).toBeLessThanOrEqual(chart.width);
      if (!node.parent) continue;
      const parent = byId.get(node.parent)!;
      expect(placed.x).toBeGreaterThanOrEqual(parent.x);
      expect(placed.y).toBeGreaterThanOrEqual(parent.y);
      expect(placed.x + placed.width).toBeLessThanOrEqual(parent.x + parent.width);
      expect(placed.y + placed.height).toBeLessThanOrEqual(parent.y + parent.height);
    }
    expect(chart.edges).toHaveLength(graph.edges.length);
    for (const edge of chart.edges) {
      expect(edge.points.length).toBeGreaterThanOrEqual(2);
      expect(edge.label).toBeDefined();
    }
    const guarded = chart.edges.find((edge) => edge.id.startsWith('signup.form.editing:SUBMIT#0'));
    expect(guarded?.lines).toEqual(['SUBMIT', '[emailLooksValid]', '/ rememberEmail']);
  });
});
