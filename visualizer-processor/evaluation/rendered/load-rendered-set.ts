import type { RugPolicy } from '../rasterise-label.ts';
import type { EvaluationCase } from '../score-floor-masks.ts';
import { RENDERED_ROOMS } from './rendered-room-scenes.ts';
import { renderRoomScene, type RenderedScene } from './room-ray-tracer.ts';

/** Renders the rendered set (a few seconds a room) and returns it as evaluation cases with exact masks. */
export function loadRenderedSet(options: { rugs?: RugPolicy } = {}): EvaluationCase[] {
  return RENDERED_ROOMS.map((room) => renderedCase(room.id, renderRoomScene(room.scene), options.rugs ?? 'keep-rugs'));
}

export function renderedCase(id: string, rendered: RenderedScene, rugs: RugPolicy): EvaluationCase {
  const truth = Buffer.from(rendered.floorMask);
  if (rugs === 'replace-rugs') for (let i = 0; i < truth.length; i++) if (rendered.rugMask[i]) truth[i] = 255;
  return {
    id,
    set: 'rendered',
    photo: { pixels: rendered.rgb, width: rendered.width, height: rendered.height },
    truth: { width: rendered.width, height: rendered.height, mask: truth },
  };
}
