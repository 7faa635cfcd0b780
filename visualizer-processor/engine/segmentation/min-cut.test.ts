import { describe, expect, it } from 'vitest';
import { MinCutGraph } from './min-cut.ts';

/** A small random graph: terminal costs and arcs, as plain lists, so a brute force can price every cut. */
function randomGraph(seed: number, nodes: number) {
  let state = seed;
  const random = () => ((state = (state * 1103515245 + 12345) % 2147483648) / 2147483648);
  const terminals = Array.from({ length: nodes }, () => [Math.floor(random() * 10), Math.floor(random() * 10)] as const);
  const edges: [number, number, number, number][] = [];
  for (let a = 0; a < nodes; a++) {
    for (let b = a + 1; b < nodes; b++) if (random() < 0.5) edges.push([a, b, Math.floor(random() * 8), Math.floor(random() * 8)]);
  }
  return { terminals, edges };
}

/** The cheapest cut's cost over every way to put the nodes on the source's or the sink's side. */
function cheapestCut({ terminals, edges }: ReturnType<typeof randomGraph>): number {
  let best = Infinity;
  for (let sides = 0; sides < 1 << terminals.length; sides++) {
    const source = (n: number) => (sides >> n) & 1;
    let cost = 0;
    terminals.forEach(([fromSource, toSink], n) => (cost += source(n) ? toSink : fromSource));
    for (const [a, b, ab, ba] of edges) {
      if (source(a) && !source(b)) cost += ab;
      if (source(b) && !source(a)) cost += ba;
    }
    best = Math.min(best, cost);
  }
  return best;
}

describe('the minimum cut', () => {
  it('finds the cheapest cut of small random graphs, and its sides price at that cost', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const built = randomGraph(seed, 9);
      const graph = new MinCutGraph(9, 4);
      built.terminals.forEach(([fromSource, toSink], n) => graph.addTerminal(n, fromSource, toSink));
      for (const [a, b, ab, ba] of built.edges) graph.addEdge(a, b, ab, ba);
      const flow = graph.maxFlow();
      expect(flow).toBe(cheapestCut(built));
      let cost = 0;
      built.terminals.forEach(([fromSource, toSink], n) => (cost += graph.onSourceSide(n) ? toSink : fromSource));
      for (const [a, b, ab, ba] of built.edges) {
        if (graph.onSourceSide(a) && !graph.onSourceSide(b)) cost += ab;
        if (graph.onSourceSide(b) && !graph.onSourceSide(a)) cost += ba;
      }
      expect(cost).toBe(flow);
    }
  });

  it('parts a grid along its weakest seam', () => {
    // 6 × 4 grid, the left column held to the source and the right to the sink; the seam between columns 3 and 4
    // is cheap, every other link dear.
    const graph = new MinCutGraph(24);
    for (let y = 0; y < 4; y++) {
      graph.addTerminal(y * 6, 100, 0);
      graph.addTerminal(y * 6 + 5, 0, 100);
      for (let x = 0; x < 5; x++) graph.addEdge(y * 6 + x, y * 6 + x + 1, x === 3 ? 1 : 20, x === 3 ? 1 : 20);
      if (y < 3) for (let x = 0; x < 6; x++) graph.addEdge(y * 6 + x, (y + 1) * 6 + x, 5, 5);
    }
    expect(graph.maxFlow()).toBe(4);
    for (let y = 0; y < 4; y++) for (let x = 0; x < 6; x++) expect(graph.onSourceSide(y * 6 + x)).toBe(x <= 3);
  });
});
