import { describe, expect, it } from 'vitest';
import { SCENE_CLASS, SCENE_CLASS_NAMES, floorClassIds } from './scene-classes.ts';

const named = (ids: number[]) => ids.map((id) => SCENE_CLASS_NAMES[id]).sort();

describe('what the engine reads as floor', () => {
  it('is the floor, and ground the network named after the outdoors (road, sidewalk); never grass, earth or field', () => {
    expect(named(floorClassIds({ keepRugs: true }))).toEqual(['floor', 'road', 'sidewalk']);
    for (const outdoors of ['grass', 'earth', 'field', 'water'] as const)
      expect(floorClassIds({ keepRugs: true })).not.toContain(SCENE_CLASS[outdoors]);
  });

  it('takes in rugs only when they are to be replaced', () => {
    expect(floorClassIds({ keepRugs: true })).not.toContain(SCENE_CLASS.rug);
    expect(named(floorClassIds({ keepRugs: false }))).toEqual(['floor', 'road', 'rug', 'sidewalk']);
  });
});
