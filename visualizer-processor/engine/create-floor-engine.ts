import type { FloorEngine } from './floor-engine.ts';
import { createHttpFloorEngine } from './http/http-floor-engine.ts';
import { createOfflineFloorEngine } from './offline-floor-engine.ts';

export const FLOOR_ENGINE_KINDS = ['offline', 'http'] as const;
export type FloorEngineKind = (typeof FLOOR_ENGINE_KINDS)[number];

export interface FloorEngineSettings {
  kind: FloorEngineKind;
  /** Required for `http`. */
  url?: string;
  apiKey?: string;
  /** `offline`: rehearse once the network is warm and no photo has come (OfflineEngineOptions). */
  rehearse?: boolean;
}

/** Picks the engine named by configuration (VISUALIZER_ENGINE / VISUALIZER_ENGINE_URL). */
export function createFloorEngine(settings: FloorEngineSettings): FloorEngine {
  if (settings.kind === 'http') {
    if (!settings.url) throw new Error('VISUALIZER_ENGINE=http needs VISUALIZER_ENGINE_URL');
    return createHttpFloorEngine({ url: settings.url, apiKey: settings.apiKey });
  }
  return createOfflineFloorEngine(undefined, { rehearse: settings.rehearse });
}
