/** The types of onnx-runtime.mjs (plain JavaScript: see there why). */
import type { ConvertedNetwork } from './tflite-to-onnx.mjs';

export declare const ONNX_RUNTIME_PACKAGE: string;

/** The onnxruntime-node package, or the first line of why it cannot load here (`name`: for tests). */
export function loadOnnxRuntime(name?: string): { ort: typeof import('onnxruntime-node') } | { problem: string };

/** A session for the converted network on the calling thread. */
export function loadOnnxModel(network: ConvertedNetwork): Promise<{ classify(rgb: Uint8Array): Promise<Uint8Array>; dispose(): Promise<void> }>;
