import { describe, expect, it } from 'vitest';
import { RENDERED_ROOMS } from './rendered-room-scenes.ts';
import { projectToPixel, renderRoomScene, type RoomSceneSpec } from './room-ray-tracer.ts';

function small(scene: RoomSceneSpec): RoomSceneSpec {
  return { ...scene, width: 320, height: 240 };
}

describe('the rendered rooms', () => {
  it('are at least eight, with distinct ids', () => {
    expect(RENDERED_ROOMS.length).toBeGreaterThanOrEqual(8);
    expect(new Set(RENDERED_ROOMS.map((room) => room.id)).size).toBe(RENDERED_ROOMS.length);
  });

  it('leave a thin table leg out of the floor and the floor beside it in', () => {
    const scene = small(RENDERED_ROOMS.find((room) => room.id === 'rendered-dining-oak-table')!.scene);
    const rendered = renderRoomScene(scene);
    const leg = scene.objects.find((object) => object.kind === 'cylinder' && object.radius === 0.025);
    if (leg?.kind !== 'cylinder') throw new Error('the dining room has no table leg');
    const onLeg = projectToPixel(scene, [leg.x, 0.05, leg.z - leg.radius]);
    const row = Math.floor(onLeg.y) * 320;
    const column = Math.floor(onLeg.x);
    expect(rendered.floorMask[row + column]).toBe(0);
    // The leg is a sliver a few pixels wide: floor on both sides of it within 8 pixels.
    const near = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => rendered.floorMask[row + from + k]);
    expect(near(column - 8, column)).toContain(255);
    expect(near(column + 1, column + 9)).toContain(255);
  });

  it('keep the rug out of the floor mask and in the rug mask', () => {
    const scene = small(RENDERED_ROOMS.find((room) => room.id === 'rendered-living-rug')!.scene);
    const rendered = renderRoomScene(scene);
    const rug = scene.rugs[0]!;
    const onRug = projectToPixel(scene, [rug.x0 + 0.2, 0.015, rug.z0 + 0.15]);
    const index = Math.floor(onRug.y) * 320 + Math.floor(onRug.x);
    expect(rendered.floorMask[index]).toBe(0);
    expect(rendered.rugMask[index]).toBe(255);
  });
});
