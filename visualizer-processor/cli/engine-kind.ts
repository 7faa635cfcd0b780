import { FLOOR_ENGINE_KINDS, type FloorEngineKind } from '../engine/create-floor-engine.ts';
import { fail } from './command-files.ts';

/** The engine the commands use: VISUALIZER_ENGINE, as for the processor; the offline engine by default. */
export function engineKindFromEnvironment(): FloorEngineKind {
  const kind = process.env.VISUALIZER_ENGINE ?? 'offline';
  if (!(FLOOR_ENGINE_KINDS as readonly string[]).includes(kind)) {
    fail(`VISUALIZER_ENGINE must be one of ${FLOOR_ENGINE_KINDS.join(', ')}, not "${kind}"`);
  }
  return kind as FloorEngineKind;
}
