/** The image types a photo's file name stands for, for a file the browser gives no type. */
const IMAGE_TYPE_BY_EXTENSION: Record<string, string> = {
  heic: 'image/heic',
  heif: 'image/heif',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
};

/**
 * The chosen file as an image, or null when it is not one. Spec section 5 takes any image type and the processor
 * reads iPhones' HEIC, but a browser on a system with no viewer for a format (Windows without its HEIF extension)
 * gives such a photo no type at all; the payload's data URL must say `image/...`, so the name supplies the type.
 */
export function asImageFile(file: File): File | null {
  if (file.type.startsWith('image/')) return file;
  if (file.type !== '' && file.type !== 'application/octet-stream') return null;
  const type = IMAGE_TYPE_BY_EXTENSION[file.name.split('.').pop()?.toLowerCase() ?? ''];
  return type ? new File([file], file.name, { type, lastModified: file.lastModified }) : null;
}
