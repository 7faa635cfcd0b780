import { photoUpload } from '@/config/photo-upload';
import { fileWithoutPosition } from './file-without-position';
import { jpegWithoutMetadata, pictureSentAsStored } from './photo-without-metadata';
import { readFileAsDataUrl } from './read-file-as-data-url';

/**
 * The photo as the webhook gets it: a data URL, and whether it is free of the file's metadata (the page's own copy)
 * or the chosen file as it is.
 */
export type PreparedPhoto = { dataUrl: string; reencoded: boolean };

/**
 * Decoded pixels to draw: `width`×`height` is the photo's own size the right way up (the copy's size is worked out
 * from it), whatever the size the pixels were decoded at; `orientation` is the EXIF orientation still to apply when
 * drawing (1: `source` is already upright).
 */
type Drawable = { source: CanvasImageSource; width: number; height: number; orientation: number; release(): void };

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
  const decoded = (await decodeJpegNearCopySize(file)) ?? (await decodeUpright(file));
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
      return {
        source: bitmap,
        width: bitmap.width,
        height: bitmap.height,
        orientation: 1,
        release: () => bitmap.close(),
      };
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
      orientation: 1,
      release: () => URL.revokeObjectURL(url),
    };
  } catch {
    URL.revokeObjectURL(url);
    return null;
  }
}

/**
 * A camera's JPEG decoded at about the size of the copy rather than at its own (decision 043): a JPEG decoder can
 * give the picture at 1/8, 2/8 ... of its size for much less work than the whole (libjpeg's scaled IDCT; only the
 * entropy decoding stays the whole file's), where a full decode of a 12 MP photo was half the page's preparation of
 * it and holds 48 MB of pixels (192 MB for 48 MP). The WebCodecs ImageDecoder is asked with `desiredWidth` and
 * `desiredHeight` (Chromium gives the largest eighth within them) for the smallest eighth that still covers the copy,
 * so the copy is scaled down from it as before and never enlarged. The picture goes to the decoder without its
 * metadata (the ICC profile kept), so no decoder turns it: the EXIF orientation is read here and applied when the
 * copy is drawn, the same in every browser. Null (the whole decode below) without ImageDecoder (not every browser
 * has it), for anything but a JPEG this reader follows, when half the photo is smaller than the copy, or when the
 * decoder gives less than the copy needs.
 */
async function decodeJpegNearCopySize(file: File): Promise<Drawable | null> {
  if (typeof ImageDecoder !== 'function' || typeof createImageBitmap !== 'function') return null;
  let picture: ReturnType<typeof jpegWithoutMetadata>;
  try {
    picture = jpegWithoutMetadata(new Uint8Array(await file.arrayBuffer()));
  } catch {
    return null;
  }
  if (!picture) return null;
  const { width, height } = picture.facts;
  const orientation = picture.facts.orientation >= 1 && picture.facts.orientation <= 8 ? picture.facts.orientation : 1;
  const sideways = orientation >= 5;
  const copy = copySize(sideways ? height : width, sideways ? width : height);
  // The copy's size as the picture is stored (before it is turned).
  const needed = sideways ? { width: copy.height, height: copy.width } : copy;
  // Half the photo at most: a camera's (3200 px and more; a 12 MP phone's is 4032). Between, the decode saves less
  // (its entropy decoding is the photo's whole size either way) and the copy's new pixels move the engine's floor
  // for little: two photos of the real set at 5/8 (2846 and 3024 px) gave other floors, one of them (a shag rug) no
  // longer believable (decision 043).
  const eighths = [1, 2, 3, 4].find(
    (n) => Math.ceil((width * n) / 8) >= needed.width && Math.ceil((height * n) / 8) >= needed.height,
  );
  if (!eighths) return null;
  let decoder: ImageDecoder | undefined;
  try {
    decoder = new ImageDecoder({
      data: picture.jpeg,
      type: 'image/jpeg',
      // One pixel over the eighth's size: Chromium takes the largest eighth whose pixels fit in the size asked for,
      // worked out in floating point, so the eighth's exact size could round to the one below it.
      desiredWidth: Math.ceil((width * eighths) / 8) + 1,
      desiredHeight: Math.ceil((height * eighths) / 8) + 1,
    });
    const { image } = await decoder.decode();
    try {
      const given = { width: image.displayWidth, height: image.displayHeight };
      // Less than the copy needs, or turned or cropped on the way: the full decode, rather than a soft or wrong copy.
      const sameShape = Math.abs(given.width / given.height - width / height) < 0.01;
      if (given.width < needed.width || given.height < needed.height || !sameShape) return null;
      const bitmap = await createImageBitmap(image);
      return {
        source: bitmap,
        width: sideways ? height : width,
        height: sideways ? width : height,
        orientation,
        release: () => bitmap.close(),
      };
    } finally {
      image.close();
    }
  } catch {
    return null; // a JPEG this decoder refuses: the full decode tries it its own way
  } finally {
    decoder?.close();
  }
}

/** The copy's size for a photo this size (upright): see encodeScaled. */
function copySize(photoWidth: number, photoHeight: number): { width: number; height: number } {
  const longest = Math.max(photoWidth, photoHeight);
  const shortest = Math.min(photoWidth, photoHeight);
  const scale = Math.min(1, Math.max(photoUpload.longestSidePx / longest, photoUpload.shortestSidePx / shortest));
  return { width: Math.max(1, Math.round(photoWidth * scale)), height: Math.max(1, Math.round(photoHeight * scale)) };
}

/**
 * Draws the picture upright over the whole canvas (`width`×`height`, the upright copy): the EXIF orientation's turn
 * and mirror as a transform (the pictures a decoder gave upright have orientation 1 and are drawn as they are).
 */
function drawUpright(
  context: CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D,
  decoded: Drawable,
  width: number,
  height: number,
): void {
  // Where the stored picture's x and y axes go on the upright canvas, per EXIF orientation 2..8 (TIFF 6.0's table).
  const transforms: Record<number, [number, number, number, number, number, number]> = {
    2: [-1, 0, 0, 1, width, 0],
    3: [-1, 0, 0, -1, width, height],
    4: [1, 0, 0, -1, 0, height],
    5: [0, 1, 1, 0, 0, 0],
    6: [0, 1, -1, 0, width, 0],
    7: [0, -1, -1, 0, width, height],
    8: [0, -1, 1, 0, 0, height],
  };
  const transform = transforms[decoded.orientation];
  if (!transform) {
    context.drawImage(decoded.source, 0, 0, width, height);
    return;
  }
  context.setTransform(...transform);
  // Sideways (5..8) the stored picture is the copy's height wide and its width tall.
  if (decoded.orientation >= 5) context.drawImage(decoded.source, 0, 0, height, width);
  else context.drawImage(decoded.source, 0, 0, width, height);
  context.setTransform(1, 0, 0, 1, 0, 0);
}

/**
 * The pixels scaled to fit `longestSidePx`, but no shorter than `shortestSidePx` (a very wide panorama), never
 * enlarged, and encoded, or null when the browser gives no JPEG.
 */
async function encodeScaled(decoded: Drawable): Promise<Blob | null> {
  const { width, height } = copySize(decoded.width, decoded.height);
  const canvas = drawingCanvas(width, height);
  if (!canvas) return null;
  const { context } = canvas;
  // A transparent PNG comes out on white, as the processor flattens it; JPEG has no transparency to keep.
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.imageSmoothingEnabled = true;
  context.imageSmoothingQuality = 'high';
  drawUpright(context, decoded, width, height);
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
