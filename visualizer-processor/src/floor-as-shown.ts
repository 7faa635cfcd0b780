import type { RugChoice } from '../../contracts/visualizer-webhook.ts';
import type { DecodedPhoto, FindFloorOptions, FloorMask, FloorTap } from '../engine/floor-engine.ts';
import { defaultRugChoice, describeRugCovering } from './default-rug-choice.ts';

/** The floor a render lays wood on; with the replaced rugs chosen, `keptRugsMask` is the other choice's. */
export type ChosenFloor = FloorMask & { keptRugsMask?: Buffer };

export interface FloorAsShown {
  floor: ChosenFloor;
  rugs: RugChoice;
}

/**
 * The floor the visitor's page shows for a photo: the first render's (no taps), with the photo's default rug
 * choice (default-rug-choice.ts), or after the visitor's taps in their order, with the rug choice the row holds
 * (`rugs`: a fix keeps the choice shown before it). The render job and `npm run floor-mask` / `npm run visualize`
 * both go through here, so the commands show what the page shows. A fix without a recorded choice takes the one
 * its first render showed, which is found from the floor without the taps.
 *
 * Null when the engine gives one floor only (no `rugsReplacedMask` or no scene: the HTTP adapter); its caller then
 * lets the engine find its own floor.
 */
export async function floorAsShown(
  findFloor: (photo: DecodedPhoto, options: FindFloorOptions) => Promise<FloorMask>,
  photo: DecodedPhoto,
  request: { taps?: readonly FloorTap[]; rugs?: RugChoice } = {},
): Promise<FloorAsShown | null> {
  const taps = request.taps?.length ? request.taps : undefined;
  const found = await findFloor(photo, { taps, withRugsReplaced: true });
  if (!found.rugsReplacedMask || !found.scene) return null;
  let rugs = request.rugs;
  if (!rugs) {
    const firstRender = taps ? await findFloor(photo, { withRugsReplaced: true }) : found;
    rugs = defaultRugChoice(describeRugCovering(firstRender));
  }
  const floor: ChosenFloor = rugs === 'replace' ? { ...found, mask: found.rugsReplacedMask, keptRugsMask: found.mask } : found;
  return { floor, rugs };
}
