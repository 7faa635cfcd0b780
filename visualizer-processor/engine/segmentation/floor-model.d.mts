/** The types of floor-model.mjs (plain JavaScript: see there why). */
export declare const FLOOR_MODEL: { file: string; bytes: number; sha256: string; url: string };
export declare const FLOOR_MODEL_PATH: string;
export declare const INSTALL_FLOOR_MODEL: string;
export function sha256Of(bytes: Uint8Array): string;
/** Null when `file` (by default FLOOR_MODEL_PATH) is the pinned model; else one line saying what is wrong and what to run. */
export function floorModelProblem(file?: string): string | null;
