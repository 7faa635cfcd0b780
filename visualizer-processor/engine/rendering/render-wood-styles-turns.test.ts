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

const { renderWoodStyles } = await import('./render-wood-styles.ts');
const { renderCameraRoom } = await import('./testing/camera-room.ts');

afterEach(() => {
  order.length = 0;
});

describe('renderWoodStyles and the thread it runs on', () => {
  it('lets the event loop turn between one style and the next, so no block holds more than one style', async () => {
    const room = renderCameraRoom({
      width: 160,
      height: 120,
      focalPerLongSide: 0.72,
      pitchDegrees: 14,
      yawDegrees: 0,
      cameraHeight: 1.4,
      room: { left: -2.2, right: 2.4, far: 7, ceiling: 2.5 },
      floor: 'plain',
      seed: 5,
    });
    const photo = { pixels: room.rgb, width: 160, height: 120 };
    const floor = { width: 160, height: 120, mask: room.floorMask };

    const renders = await renderWoodStyles(photo, floor, ['hickory', 'honey-oak', 'walnut']);

    expect(renders.map((render) => render.style)).toEqual(['hickory', 'honey-oak', 'walnut']);
    expect(order.slice(0, 3)).toEqual(['planks', 'event loop', 'planks']);
  });
});
