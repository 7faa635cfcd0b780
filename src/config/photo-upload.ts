/**
 * What the visualizer page sends of a visitor's photo (issue 35, decision 025). The page decodes the chosen photo
 * in the browser, turns it upright, scales it down to `longestSidePx` and encodes it again as `format` at
 * `quality`; only those pixels leave the phone, so the camera's EXIF (GPS position, camera, time) and every other
 * piece of metadata stay behind. A photo in one of the `sentAsStored` formats that is already upright and within
 * `storedLongestSidePx` and `targetBytes` is sent as its own compressed picture with its metadata left out
 * (photo-without-metadata.ts): the same pixels, without a second round of JPEG loss. The privacy notice quotes these values, and a browser test holds the
 * page to them.
 */
export const photoUpload = {
  /**
   * Longest side of the page's copy, in pixels, for a photo it redraws (a camera's photo always is). The result step
   * shows at most a 1280 px copy of each picture (decision 026), so the render needs little more; every pixel beyond
   * is bytes on a phone's slowest line, its upload: a 12 MP photo's body is 0.28 MB at 1600 against 0.45 MB at 2048,
   * about 1.8 s less on slow 4G (decision 025, session 18), and at 1440 0.172 MB against 0.212 at 1600 (JPEG 0.70),
   * its last byte at the processor about 0.4 s sooner, and a 12 MP JPEG decoded at 3/8 of its size instead of 1/2
   * (decision 025, session 28). "Download result" is the render at this size. A smaller photo is redrawn at its own
   * size, never enlarged.
   */
  longestSidePx: 1440,
  /**
   * The shortest side the page's copy keeps: the processor refuses a photo shorter than this as too small to show a
   * floor (MIN_PHOTO_SHORT_SIDE, decode-photo.ts). A phone's panorama wider than 8:1 would be under it at
   * `longestSidePx` (15360×1440 -> 1600×150) and be refused for a size the visitor's photo never had, so its copy is
   * made this tall instead, and longer (2133×200). A photo shorter than this is sent at its own size, as before.
   */
  shortestSidePx: 200,
  /**
   * A JPEG or WebP already upright and at most this long on its longest side (and within `targetBytes`) is sent as
   * its own picture instead of redrawn: the processor works on up to 2048 px (MAX_WORKING_SIDE), and those pixels
   * give the very floor the file gives, where a redraw at 1600 moved the floor of 4 of the 10 such tuning photos by
   * more than 0.01 precision (decision 025, session 18).
   */
  storedLongestSidePx: 2048,
  /** The format sent: JPEG, the one every browser encodes (Safari's canvas gives no WebP). */
  format: 'image/jpeg',
  /**
   * Formats whose own picture is sent, its metadata left out, when the photo needs no turning and is within
   * `storedLongestSidePx` and `targetBytes`: a redraw would only lose detail (the engine's floor moved by up to 0.17
   * IoU on a small photo encoded again; decision 025).
   */
  sentAsStored: ['image/jpeg', 'image/webp'] as readonly string[],
  /**
   * Encoder quality, 0..1: at 0.80 no photo of the real set lost believability to the redraw (0.85 lost one) and a
   * 12 MP photo's body was 17 % smaller than at 0.85 (decision 025); at 0.70 a 12 MP photo's body is 24 % smaller
   * again (0.214 against 0.280 MB, its last byte out 1.2 s sooner on slow 4G), no photo loses believability, and the
   * result a visitor sees keeps its detail (decision 025, session 22).
   */
  quality: 0.7,
  /**
   * A photo whose JPEG is larger than this (a very detailed scene) is encoded again at `fallbackQuality`, so the
   * webhook's body (base64, a third larger) stays near 1.2 MB on a phone's connection.
   */
  targetBytes: 850 * 1024,
  fallbackQuality: 0.6,
  /** The photo sent carries no EXIF or other metadata: no location, no camera, no time taken. */
  sendsMetadata: false,
  /**
   * A photo this browser cannot decode (HEIC outside Safari, say) is sent as chosen, within the spec's 10 MB, but
   * for its GPS position, blanked in the file (file-without-position.ts; the camera and time stay): the processor
   * decodes it and keeps only its pixels (decode-photo.ts), and the file as uploaded is deleted once its render is
   * done (src/config/data-retention.ts).
   */
  undecodableSentAsChosen: true,
} as const;

export type PhotoUpload = typeof photoUpload;
