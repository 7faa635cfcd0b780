import { FLOOR_ENGINE_KINDS, type FloorEngineKind } from '../engine/create-floor-engine.ts';
import { floorModelProblem } from '../engine/segmentation/floor-model.mjs';
import { fail } from './command-files.ts';

/**
 * The engine the commands use: VISUALIZER_ENGINE, as for the processor; the offline engine by default. The
 * offline engine's model is checked here, so a missing or wrong one is the install step's line, not a runtime error.
 */
export function engineKindFromEnvironment(): FloorEngineKind {
  const kind = process.env.VISUALIZER_ENGINE ?? 'offline';
  if (!(FLOOR_ENGINE_KINDS as readonly string[]).includes(kind)) {
    fail(`VISUALIZER_ENGINE must be one of ${FLOOR_ENGINE_KINDS.join(', ')}, not "${kind}"`);
  }
  const modelProblem = kind === 'offline' ? floorModelProblem() : null;
  if (modelProblem) fail(modelProblem);
  return kind as FloorEngineKind;
}
