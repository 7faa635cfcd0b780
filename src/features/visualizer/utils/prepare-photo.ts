import { photoUpload } from '@/config/photo-upload';
import { fileWithoutPosition } from './file-without-position';
import { pictureSentAsStored } from './photo-without-metadata';
import { readFileAsDataUrl } from './read-file-as-data-url';

/**
 * The photo as the webhook gets it: a data URL, and whether it is free of the file's metadata (the page's own copy)
 * or the chosen file as it is.
 */
export type PreparedPhoto = { dataUrl: string; reencoded: boolean };

type Drawable = { source: CanvasImageSource; width: number; height: number; release(): void };

/**
 * The photo the render needs, not the camera's file (issue 35, src/config/photo-upload.ts): decoded here, upright,
 * at most `longestSidePx` on its longest side, encoded again as JPEG. Only pixels go into the canvas, so nothing of
 * the file's metadata (EXIF: GPS position, camera, time) is in what is sent. A JPEG or WebP that is already upright,
 * small enough and light enough is sent as its own compressed picture with the metadata left out instead
 * (`photoUpload.sentAsStored`): the same pixels, with no second round of JPEG loss. A photo this browser cannot decode
 * (HEIC outside Safari) is sent as chosen but for the place it was taken, its EXIF GPS position blanked in the file
 * (file-without-position.ts), and the processor decodes it as before.
 */
export async function preparePhoto(file: File): Promise<PreparedPhoto> {
  const stored = await storedPictureIfFit(file);
  if (stored) return { dataUrl: await readFileAsDataUrl(stored), reencoded: true };
  const decoded = await decodeUpright(file);
  if (decoded) {
    try {
      const encoded = await encodeScaled(decoded);
      if (encoded) return { dataUrl: await readFileAsDataUrl(encoded), reencoded: true };
    } finally {
      decoded.release();
    }
  }
  return { dataUrl: await readFileAsDataUrl(await withoutPosition(file)), reencoded: false };
}

/** The chosen file with its GPS position blanked, or the file itself when it has none (or cannot be read here). */
async function withoutPosition(file: File): Promise<Blob> {
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return file; // unreadable here: reading it as a data URL says so the page's usual way
  }
  const blanked = fileWithoutPosition(bytes);
  return blanked.positions > 0 ? new Blob([blanked.bytes], { type: file.type }) : file;
}

/** The photo's own picture without its metadata when nothing else needs doing to it, or null. */
async function storedPictureIfFit(file: File): Promise<Blob | null> {
  if (file.size > photoUpload.targetBytes * 2) return null; // a camera-sized file: it will be redrawn anyway
  let bytes: Uint8Array;
  try {
    bytes = new Uint8Array(await file.arrayBuffer());
  } catch {
    return null; // unreadable here: the redraw below reads it its own way, or sends it as chosen
  }
  const picture = pictureSentAsStored(bytes);
  return picture && new Blob([picture.bytes], { type: picture.type });
}

/** The photo's pixels the right way up (the EXIF orientation applied), or null when this browser cannot decode it. */
async function decodeUpright(file: File): Promise<Drawable | null> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
    } catch {
      // Some browsers decode in <img> what createImageBitmap refuses (Safari and HEIC): try that next.
    }
  }
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function') return null;
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.src = url;
  try {
    // An <img> applies the EXIF orientation itself (CSS image-orientation: from-image is the default).
    await image.decode();
    if (!image.naturalWidth || !image.naturalHeight) throw new Error('no pixels');
    return {
      source: image,
      width: image.naturalWidth,
      height: image.naturalHeight,
      release: () => URL.revokeObjectURL(url),
    };
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
}

/**
 * The pixels scaled to fit `longestSidePx`, but no shorter than `shortestSidePx` (a very wide panorama), never
 * enlarged, and encoded, or null when the browser gives no JPEG.
 */
async function encodeScaled(decoded: Drawable): Promise<Blob | null> {
  const longest = Math.max(decoded.width, decoded.height);
  const shortest = Math.min(decoded.width, decoded.height);
  const scale = Math.min(1, Math.max(photoUpload.longestSidePx / longest, photoUpload.shortestSidePx / shortest));
  const width = Math.max(1, Math.round(decoded.width * scale));
  const height = Math.max(1, Math.round(decoded.height * scale));
  const canvas = drawingCanvas(width, height);
  if (!canvas) return null;
  const { context } = canvas;
  // A transparent PNG comes out on white, as the processor flattens it; JPEG has no transparency to keep.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  context.drawImage(decoded.source, 0, 0, width, height);
  try {
    const first = await canvas.encode(photoUpload.quality);
    if (!first || first.type !== photoUpload.format) return null;
    if (first.size <= photoUpload.targetBytes) return first;
    const smaller = await canvas.encode(photoUpload.fallbackQuality);
    return smaller && smaller.type === photoUpload.format && smaller.size < first.size ? smaller : first;
  } finally {
    // Frees the canvas's pixels at once (a phone holds few of these 16 MB buffers).
    canvas.release();
  }
}

type DrawingCanvas = {
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
  encode(quality: number): Promise<Blob | null>;
  release(): void;
};

/**
 * A 2D canvas of this size: the page's own `<canvas>`, or in a worker (prepare-photo-ahead.ts), where there is no
 * document, an OffscreenCanvas. Both are the browser's same drawing and JPEG encoding, so both give the same bytes.
 */
function drawingCanvas(width: number, height: number): DrawingCanvas | null {
  if (typeof document !== 'undefined') {
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) return null;
    return {
      context,
      encode: (quality) => toBlob(canvas, quality),
      release: () => void (canvas.width = canvas.height = 0),
    };
  }
  if (typeof OffscreenCanvas !== 'function') return null;
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) return null;
  return {
    context,
    encode: (quality) => canvas.convertToBlob({ type: photoUpload.format, quality }).catch(() => null),
    release: () => void (canvas.width = canvas.height = 0),
  };
}

function toBlob(canvas: HTMLCanvasElement, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => {
    try {
      canvas.toBlob(resolve, photoUpload.format, quality);
    } catch {
      resolve(null);
    }
  });
}
