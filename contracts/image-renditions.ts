import { z } from 'zod';

/**
 * The web-sized copies of a result's pictures (issue 35), as the processor writes them into the row's
 * `image_renditions` and the page and the e-mails read them: for the photo (`original`) and each wood style, WebP
 * copies for the page's `srcset` (every current browser takes WebP) and one JPEG, the size of the e-mails' picture
 * at 2x, which is also the page's fallback. The full render stays at `processed_image_url` / `style_image_urls`:
 * the download and the spec's result image.
 */

/** WebP widths: 720 px fills a 360 px phone screen at 2x; 1280 px the result's column on a 1280 px screen. */
export const WEBP_RENDITION_WIDTHS = [720, 1280] as const;

/**
 * The one JPEG: the e-mails' picture is 520 px wide, 1040 px at 2x. Browsers without WebP (none current) get it
 * too; one JPEG instead of one per width saves a third of the encodes (decision 026).
 */
export const JPEG_RENDITION_WIDTH = 1040;

export const renditionFileSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  url: z.string().min(1),
});

/** One picture's copies: never wider than the picture, WebP narrowest first. */
export const pictureRenditionsSchema = z.object({
  webp: z.array(renditionFileSchema).min(1).max(WEBP_RENDITION_WIDTHS.length),
  jpeg: renditionFileSchema,
});

/** `original` and each style id → its copies. */
export const imageRenditionsSchema = z.record(z.string(), pictureRenditionsSchema);

export type RenditionFile = z.infer<typeof renditionFileSchema>;
export type PictureRenditions = z.infer<typeof pictureRenditionsSchema>;
export type ImageRenditions = z.infer<typeof imageRenditionsSchema>;

/** The key of the photo as shown, beside the style ids. */
export const ORIGINAL_RENDITIONS = 'original';
