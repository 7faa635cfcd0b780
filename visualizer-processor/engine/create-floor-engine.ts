import type { FloorEngine } from './floor-engine.ts';
import { createHttpFloorEngine } from './http/http-floor-engine.ts';
import { createProceduralFloorEngine } from './procedural/procedural-floor-engine.ts';

export type FloorEngineKind = 'procedural' | 'http';

export interface FloorEngineSettings {
  kind: FloorEngineKind;
  /** Required for `http`. */
  url?: string;
  apiKey?: string;
}

/** Picks the engine named by configuration (VISUALIZER_ENGINE / VISUALIZER_ENGINE_URL). */
export function createFloorEngine(settings: FloorEngineSettings): FloorEngine {
  if (settings.kind === 'http') {
    if (!settings.url) throw new Error('VISUALIZER_ENGINE=http needs VISUALIZER_ENGINE_URL');
    return createHttpFloorEngine({ url: settings.url, apiKey: settings.apiKey });
  }
  return createProceduralFloorEngine();
}
