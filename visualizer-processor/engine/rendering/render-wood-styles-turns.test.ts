import { afterEach, describe, expect, it, vi } from 'vitest';

// What happens on the thread around each style's planks: the planks themselves are replaced by a marker, and the
// first one schedules the next turn of the event loop, as the job runner's heartbeat timer would be waiting.
const order: string[] = [];
vi.mock('./lay-planks.ts', () => ({
  layPlanks: (_scene: unknown, _look: unknown, _boards: unknown, _seed: number, output: Buffer) => {
    order.push('planks');
    if (order.length === 1) setImmediate(() => order.push('event loop'));
    return output;
  },
}));

const { prepareWoodStyles, renderWoodStyles } = await import('./render-wood-styles.ts');

afterEach(() => {
  order.length = 0;
});

describe('renderWoodStyles and the thread it runs on', () => {
  it('lets the event loop turn between one style and the next, so no block holds more than one style', async () => {
    // A grey room whose lower half is floor: what the planks are laid on does not matter here.
    const [width, height] = [160, 120];
    const photo = { pixels: Buffer.alloc(width * height * 3, 128), width, height };
    const floor = { width, height, mask: Buffer.alloc(width * height).fill(255, (width * height) / 2) };

    const renders = await renderWoodStyles(photo, floor, ['hickory', 'honey-oak', 'walnut']);

    expect(renders.map((render) => render.style)).toEqual(['hickory', 'honey-oak', 'walnut']);
    expect(order.slice(0, 3)).toEqual(['planks', 'event loop', 'planks']);
  });
});

describe('renderWoodStyles and the pixels it keeps', () => {
  it('gives a render its raw pixels only where no later style is laid into their buffer', async () => {
    const [width, height] = [160, 120];
    const photo = { pixels: Buffer.alloc(width * height * 3, 128), width, height };
    const floor = { width, height, mask: Buffer.alloc(width * height).fill(255, (width * height) / 2) };

    const renders = await renderWoodStyles(photo, floor, ['hickory', 'honey-oak', 'walnut']);

    // Three styles, two buffers in turn: the first style's buffer takes the third's planks, so it keeps none.
    expect(renders.map((render) => render.raw !== undefined)).toEqual([false, true, true]);
    for (const { raw } of renders.slice(1))
      expect([raw!.width, raw!.height, raw!.pixels.length]).toEqual([width, height, width * height * 3]);
    expect(renders[1]!.raw!.pixels).not.toBe(renders[2]!.raw!.pixels);
    const [alone] = await renderWoodStyles(photo, floor, ['walnut']);
    expect(alone!.raw).toBeDefined();
  });
});

describe('more styles of a prepared floor, handed on one by one (decision 049)', () => {
  it('gives each style to onRender in the order asked, the first before the third is laid, not all at the end', async () => {
    const [width, height] = [160, 120];
    const photo = { pixels: Buffer.alloc(width * height * 3, 128), width, height };
    const floor = { width, height, mask: Buffer.alloc(width * height).fill(255, (width * height) / 2) };
    const prepared = await prepareWoodStyles(photo, floor);
    order.length = 0;

    const renders = await prepared.render(['hickory', 'honey-oak', 'walnut', 'grey-washed-oak'], 1, (render) => {
      order.push(`handed on ${render.style}`);
      expect(render.image.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]));
    });

    expect(renders.map((render) => render.style)).toEqual(['hickory', 'honey-oak', 'walnut', 'grey-washed-oak']);
    const handedOn = order.filter((step) => step.startsWith('handed on '));
    expect(handedOn).toEqual([
      'handed on hickory',
      'handed on honey-oak',
      'handed on walnut',
      'handed on grey-washed-oak',
    ]);
    // The planks are laid two buffers in turn: the first picture is out before the third style's planks.
    const planks = order.flatMap((step, index) => (step === 'planks' ? [index] : []));
    expect(order.indexOf('handed on hickory')).toBeLessThan(planks[2]!);
  });
});
