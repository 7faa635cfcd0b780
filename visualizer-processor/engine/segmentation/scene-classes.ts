/**
 * The classes of the vendored segmentation network (model/README.md): 0 is "anything else", 1..31 are
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
