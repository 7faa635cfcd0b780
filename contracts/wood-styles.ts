/**
 * The wood styles the visualizer renders from one upload (issue 8). One list for the page, which names and
 * switches them, and for the processor, which renders and stores one image per style. The first is the
 * default: its image is the request's `processed_image_url` (spec call 9).
 */
export const WOOD_STYLES = [
  { id: 'natural-white-oak', label: 'Natural white oak' },
  { id: 'honey-oak', label: 'Honey oak' },
  { id: 'walnut', label: 'Walnut' },
  { id: 'grey-washed-oak', label: 'Grey-washed oak' },
  { id: 'hickory', label: 'Hickory' },
] as const;

export type WoodStyleId = (typeof WOOD_STYLES)[number]['id'];

export const WOOD_STYLE_IDS: readonly WoodStyleId[] = WOOD_STYLES.map((style) => style.id);

export const DEFAULT_WOOD_STYLE: WoodStyleId = WOOD_STYLES[0].id;

export function isWoodStyleId(value: unknown): value is WoodStyleId {
  return typeof value === 'string' && (WOOD_STYLE_IDS as readonly string[]).includes(value);
}
