/**
 * The classes of the segmentation network (model/README.md): 0 is "anything else", 1..31 are
 * ADE20K's first 31 classes in ADE20K's own order. `FloorScene.classes` holds these ids.
 */
export const SCENE_CLASS_NAMES = [
  'other',
  'wall',
  'building',
  'sky',
  'floor',
  'tree',
  'ceiling',
  'road',
  'bed',
  'windowpane',
  'grass',
  'cabinet',
  'sidewalk',
  'person',
  'earth',
  'door',
  'table',
  'mountain',
  'plant',
  'curtain',
  'chair',
  'car',
  'water',
  'painting',
  'sofa',
  'shelf',
  'house',
  'sea',
  'mirror',
  'rug',
  'field',
  'armchair',
] as const;

export type SceneClassName = (typeof SCENE_CLASS_NAMES)[number];

/** Class id by name: `SCENE_CLASS.floor` is 4. */
export const SCENE_CLASS = Object.fromEntries(SCENE_CLASS_NAMES.map((name, id) => [name, id])) as {
  readonly [Name in SceneClassName]: number;
};

/**
 * The classes the engine reads as floor. The network learned outdoor scenes as well as rooms, and now and then
 * it names a room's floor after the ground it resembles outside: the dark wood floor of a kitchen at night
 * came out as road (decision 004). In a photo of a room, such ground is its floor, and it is held to the same
 * rules as floor the network named (grounded at the bottom of the frame, rugs kept in front). With rugs
 * replaced, a rug is floor too.
 */
export function floorClassIds(options: { keepRugs: boolean }): number[] {
  const ground = [SCENE_CLASS.floor, SCENE_CLASS.road, SCENE_CLASS.sidewalk];
  return options.keepRugs ? ground : [...ground, SCENE_CLASS.rug];
}
