/**
 * A minimum s-t cut by Boykov and Kolmogorov's augmenting-path algorithm ("An experimental comparison of
 * min-cut/max-flow algorithms for energy minimization in vision", 2004): two search trees, one from the source
 * and one from the sink, grow until they touch, the path found is augmented, and the nodes cut off are re-adopted
 * instead of growing the trees anew. On image grids it beats push-relabel and plain augmenting paths by far.
 * No npm package offers a maintained one (decision 012's log, issue 34 session 5), so it is written here.
 *
 * Nodes are 0..n-1. Terminal links are given as one signed residual per node (positive: towards the source,
 * negative: towards the sink); arcs come in pairs, an arc and its sister (index ^ 1) in the other direction.
 *
 * Capacities are held in whole multiples of `CAPACITY_STEP` (1/1024), at most `CAPACITY_MOST`: every residual is then
 * a sum of whole steps, exact in doubles, so a saturated arc is exactly 0 and each augmentation carries at least one
 * step, and the search ends. With raw fractions a residual of 1e-17 kept an arc open, and one beside a residual of 1
 * or more is lost in its rounding, so such crumbs can be pushed round forever without any arc saturating for good:
 * a "this is floor" tap's band cut searched for minutes (decision 012's log, session 27; `min-cut.test.ts`).
 */

/** The unit capacities are counted in: a power of two, so whole multiples of it add exactly. */
export const CAPACITY_STEP = 1 / 1024;
/**
 * The largest capacity kept (2^40: "held", against costs of a few units per pixel). A residual is at most an arc's two
 * capacities, or a node's terminal costs, summed; below 2^43 whole steps of 1/1024 are still exact in doubles.
 */
export const CAPACITY_MOST = 2 ** 40;

/** `cost` in whole steps, within 0..CAPACITY_MOST. */
function inSteps(cost: number): number {
  return Math.min(CAPACITY_MOST, Math.max(0, Math.round(cost / CAPACITY_STEP) * CAPACITY_STEP));
}

const NONE = -1;
const TERMINAL = -2;
const ORPHAN = -3;

export class MinCutGraph {
  readonly nodeCount: number;
  private readonly terminal: Float64Array;
  private readonly firstArc: Int32Array;
  private arcHead: Int32Array;
  private arcNext: Int32Array;
  private arcCap: Float64Array;
  private arcCount = 0;
  private readonly parent: Int32Array;
  private readonly inSink: Uint8Array;
  private readonly stamp: Int32Array;
  private readonly dist: Int32Array;
  private flow = 0;

  constructor(nodeCount: number, arcPairsHint = 4 * nodeCount) {
    this.nodeCount = nodeCount;
    this.terminal = new Float64Array(nodeCount);
    this.firstArc = new Int32Array(nodeCount).fill(-1);
    this.arcHead = new Int32Array(2 * arcPairsHint);
    this.arcNext = new Int32Array(2 * arcPairsHint);
    this.arcCap = new Float64Array(2 * arcPairsHint);
    this.parent = new Int32Array(nodeCount);
    this.inSink = new Uint8Array(nodeCount);
    this.stamp = new Int32Array(nodeCount);
    this.dist = new Int32Array(nodeCount);
  }

  /** Costs of cutting `node` from the source and from the sink (both >= 0). */
  addTerminal(node: number, fromSource: number, toSink: number): void {
    fromSource = inSteps(fromSource);
    toSink = inSteps(toSink);
    const least = Math.min(fromSource, toSink);
    this.flow += least;
    this.terminal[node]! += fromSource - toSink;
  }

  /** An arc from `a` to `b` with capacity `ab`, and back with `ba`. */
  addEdge(a: number, b: number, ab: number, ba: number): void {
    if (this.arcCount + 2 > this.arcHead.length) this.growArcs();
    ab = inSteps(ab);
    ba = inSteps(ba);
    const forward = this.arcCount++;
    const backward = this.arcCount++;
    this.arcHead[forward] = b;
    this.arcCap[forward] = ab;
    this.arcNext[forward] = this.firstArc[a]!;
    this.firstArc[a] = forward;
    this.arcHead[backward] = a;
    this.arcCap[backward] = ba;
    this.arcNext[backward] = this.firstArc[b]!;
    this.firstArc[b] = backward;
  }

  private growArcs(): void {
    const length = Math.max(16, this.arcHead.length * 2);
    const head = new Int32Array(length);
    const next = new Int32Array(length);
    const cap = new Float64Array(length);
    head.set(this.arcHead);
    next.set(this.arcNext);
    cap.set(this.arcCap);
    this.arcHead = head;
    this.arcNext = next;
    this.arcCap = cap;
  }

  /** Computes the maximum flow, which equals the minimum cut's cost. */
  maxFlow(): number {
    const { nodeCount, terminal, firstArc, parent, inSink, stamp, dist } = this;
    const head = this.arcHead;
    const nextArc = this.arcNext;
    const cap = this.arcCap;
    // Active nodes: a FIFO of node ids; a node may sit in it more than once, which is harmless.
    let active = new Int32Array(Math.max(16, nodeCount * 2));
    let activeHead = 0;
    let activeTail = 0;
    const activate = (node: number) => {
      if (activeTail === active.length) {
        // Keep the slot before the head: the node being grown is put back there when it finds a path. Dropping it
        // left the head at -1, and the search then read no node forever (a floor tap's band cut, session 28).
        const from = Math.max(0, activeHead - 1);
        const kept = active.subarray(from, activeTail);
        const grown = new Int32Array(Math.max(active.length, kept.length * 2 + 16));
        grown.set(kept);
        active = grown;
        activeTail -= from;
        activeHead -= from;
      }
      active[activeTail++] = node;
    };
    let time = 1;
    for (let node = 0; node < nodeCount; node++) {
      if (terminal[node]! > 0) {
        parent[node] = TERMINAL;
        inSink[node] = 0;
      } else if (terminal[node]! < 0) {
        parent[node] = TERMINAL;
        inSink[node] = 1;
      } else {
        parent[node] = NONE;
        continue;
      }
      stamp[node] = time;
      dist[node] = 1;
      activate(node);
    }
    const orphans: number[] = [];

    /** The arc from `from` toward the root; its residual in the tree's direction. */
    const augment = (bridge: number) => {
      // `bridge` runs from a source-tree node to a sink-tree node.
      let bottleneck = cap[bridge]!;
      for (let node = head[bridge ^ 1]!; ; ) {
        const arc = parent[node]!;
        if (arc === TERMINAL) {
          bottleneck = Math.min(bottleneck, terminal[node]!);
          break;
        }
        bottleneck = Math.min(bottleneck, cap[arc ^ 1]!);
        node = head[arc]!;
      }
      for (let node = head[bridge]!; ; ) {
        const arc = parent[node]!;
        if (arc === TERMINAL) {
          bottleneck = Math.min(bottleneck, -terminal[node]!);
          break;
        }
        bottleneck = Math.min(bottleneck, cap[arc]!);
        node = head[arc]!;
      }
      cap[bridge ^ 1]! += bottleneck;
      cap[bridge]! -= bottleneck;
      for (let node = head[bridge ^ 1]!; ; ) {
        const arc = parent[node]!;
        if (arc === TERMINAL) {
          terminal[node]! -= bottleneck;
          if (!terminal[node]) {
            parent[node] = ORPHAN;
            orphans.push(node);
          }
          break;
        }
        cap[arc]! += bottleneck;
        cap[arc ^ 1]! -= bottleneck;
        if (!cap[arc ^ 1]) {
          parent[node] = ORPHAN;
          orphans.push(node);
        }
        node = head[arc]!;
      }
      for (let node = head[bridge]!; ; ) {
        const arc = parent[node]!;
        if (arc === TERMINAL) {
          terminal[node]! += bottleneck;
          if (!terminal[node]) {
            parent[node] = ORPHAN;
            orphans.push(node);
          }
          break;
        }
        cap[arc ^ 1]! += bottleneck;
        cap[arc]! -= bottleneck;
        if (!cap[arc]) {
          parent[node] = ORPHAN;
          orphans.push(node);
        }
        node = head[arc]!;
      }
      this.flow += bottleneck;
    };

    /** A new parent for an orphan, from its own tree, whose path reaches a terminal; or it leaves the tree. */
    const adopt = (node: number) => {
      const sink = inSink[node]!;
      let best = NONE;
      let bestDist = Infinity;
      for (let arc = firstArc[node]!; arc !== -1; arc = nextArc[arc]!) {
        // The residual toward `node` from its would-be parent (source tree) or from `node` to it (sink tree).
        if (!(sink ? cap[arc]! : cap[arc ^ 1]!)) continue;
        const other = head[arc]!;
        if (inSink[other] !== sink || parent[other] === NONE) continue;
        // Walk to the root, unless a node on the way was checked in this round.
        let length = 0;
        let walker = other;
        let valid = true;
        for (;;) {
          if (stamp[walker] === time) {
            length += dist[walker]!;
            break;
          }
          const up = parent[walker]!;
          length++;
          if (up === TERMINAL) {
            stamp[walker] = time;
            dist[walker] = 1;
            break;
          }
          if (up === ORPHAN || up === NONE) {
            valid = false;
            break;
          }
          walker = head[up]!;
        }
        if (!valid) continue;
        if (length < bestDist) {
          best = arc;
          bestDist = length;
        }
        // Mark the path's distances so later walks stop early.
        for (walker = other; stamp[walker] !== time; walker = head[parent[walker]!]!) {
          stamp[walker] = time;
          dist[walker] = length--;
        }
      }
      if (best !== NONE) {
        parent[node] = best;
        stamp[node] = time;
        dist[node] = bestDist + 1;
        return;
      }
      parent[node] = NONE;
      for (let arc = firstArc[node]!; arc !== -1; arc = nextArc[arc]!) {
        const other = head[arc]!;
        if (inSink[other] !== sink || parent[other] === NONE) continue;
        if (sink ? cap[arc]! : cap[arc ^ 1]!) activate(other);
        const up = parent[other]!;
        if (up >= 0 && head[up] === node) {
          parent[other] = ORPHAN;
          orphans.push(other);
        }
      }
    };

    while (activeHead < activeTail) {
      const node = active[activeHead++]!;
      if (parent[node] === NONE) continue;
      let bridge = -1;
      const sink = inSink[node]!;
      for (let arc = firstArc[node]!; arc !== -1; arc = nextArc[arc]!) {
        if (!(sink ? cap[arc ^ 1]! : cap[arc]!)) continue;
        const other = head[arc]!;
        if (parent[other] === NONE) {
          inSink[other] = sink;
          parent[other] = arc ^ 1;
          stamp[other] = stamp[node]!;
          dist[other] = dist[node]! + 1;
          activate(other);
        } else if (inSink[other] !== sink) {
          bridge = sink ? arc ^ 1 : arc;
          break;
        } else if (stamp[other]! <= stamp[node]! && dist[other]! > dist[node]!) {
          // A shorter way to the root for a node of the same tree.
          parent[other] = arc ^ 1;
          stamp[other] = stamp[node]!;
          dist[other] = dist[node]! + 1;
        }
      }
      if (bridge < 0) continue;
      // The node may still touch the other tree: look at it again.
      activeHead--;
      active[activeHead] = node;
      time++;
      augment(bridge);
      while (orphans.length) adopt(orphans.pop()!);
    }
    return this.flow;
  }

  /** After `maxFlow`: whether `node` is on the source's side of the minimum cut. */
  onSourceSide(node: number): boolean {
    return this.parent[node] !== NONE && !this.inSink[node];
  }
}
