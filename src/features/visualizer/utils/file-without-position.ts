/**
 * A photo this browser cannot decode (HEIC/HEIF outside Safari, a camera's TIFF outside Safari) with the place it was taken blanked,
 * without decoding the picture (decision 025, session 25). Such a file is sent as chosen, so its EXIF GPS position
 * would reach the processor; here the GPS part of its EXIF is overwritten with zeros in place: every other byte and
 * every byte offset stays as it was, so the file decodes exactly as before (the picture, its rotation, its colour
 * profile) and the time and camera still go with it, as the privacy notice says.
 *
 * HEIF (ISO/IEC 23008-12) keeps EXIF as an item: `meta` > `iinf` names the item `Exif`, `meta` > `iloc` says where its
 * bytes are (in the file, or in `meta` > `idat`). In the item, after a 4-byte offset, is a TIFF structure whose first
 * directory (IFD0) points to the GPS directory (tag 0x8825). That directory and the values it points to become
 * zeros: a directory of no entries, which every reader takes as no position. When an Exif item cannot be followed
 * that far (its TIFF is not what it should be), its whole payload becomes zeros instead: no EXIF at all, still no
 * position. XMP (a `mime` item of RDF/XML), which can hold the position too, becomes spaces.
 *
 * No npm library does this in the browser: the EXIF readers (exifr, exifreader) only read, and the writers
 * (piexifjs, exif-be-gone) handle JPEG only, or are an ExifTool compiled to WebAssembly of megabytes.
 *
 * Any other file this browser cannot decode (a JPEG with a coding it lacks) has the GPS of each EXIF block found by its
 * "Exif\0\0" header blanked the same way.
 *
 * Pure byte work with no DOM, so a unit test can read the result back with the processor's own HEIF reader.
 */

type Blanked = { bytes: Uint8Array<ArrayBuffer>; positions: number };

const GPS_POINTER = 0x8825;
/** Bytes per value of each TIFF field type (1 BYTE .. 13 IFD); unknown types count as 1 byte. */
const TYPE_SIZES = [0, 1, 1, 2, 4, 8, 1, 1, 2, 4, 8, 4, 8, 4];

class Unreadable extends Error {}

/**
 * The file with its GPS position blanked. `positions` counts the EXIF blocks whose position (or whole payload) was
 * blanked, and the XMP blocks blanked; 0 when the file has none this code can find (then the bytes are the file's own).
 */
export function fileWithoutPosition(input: Uint8Array): Blanked {
  const bytes = new Uint8Array(input); // a copy: the chosen file itself stays as chosen
  if (isTiff(bytes, 0)) {
    // A TIFF photo is its EXIF: one that cannot be followed is left as it is (zeroing it would zero the picture).
    try {
      return { bytes, positions: blankGps(bytes, 0, bytes.length) ? 1 : 0 };
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
      return { bytes: new Uint8Array(input), positions: 0 };
    }
  }
  if (isIsoBmff(bytes)) {
    try {
      return { bytes, positions: blankHeifMetadata(bytes) };
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
    }
  }
  // Any other file (a JPEG this browser cannot decode), or a HEIF whose boxes this reader cannot follow: every EXIF
  // block found by its "Exif\0\0" + TIFF header has its GPS blanked.
  return { bytes, positions: blankEveryExifHeader(bytes) };
}

function fourCc(bytes: Uint8Array, at: number): string {
  return String.fromCharCode(bytes[at]!, bytes[at + 1]!, bytes[at + 2]!, bytes[at + 3]!);
}

function isIsoBmff(bytes: Uint8Array): boolean {
  return bytes.length >= 12 && fourCc(bytes, 4) === 'ftyp';
}

function isTiff(bytes: Uint8Array, at: number): boolean {
  if (at + 8 > bytes.length) return false;
  const order = fourCc(bytes, at);
  return order === 'II*\0' || order === 'MM\0*';
}

/** A reader of big-endian numbers within [start, end) that throws Unreadable past the end. */
class Reader {
  constructor(
    readonly bytes: Uint8Array,
    public at: number,
    readonly end: number,
  ) {}
  private need(count: number): number {
    if (this.at + count > this.end) throw new Unreadable('past the end');
    const at = this.at;
    this.at += count;
    return at;
  }
  u8(): number {
    return this.bytes[this.need(1)]!;
  }
  u16(): number {
    const at = this.need(2);
    return (this.bytes[at]! << 8) | this.bytes[at + 1]!;
  }
  u32(): number {
    const at = this.need(4);
    return (
      ((this.bytes[at]! << 24) >>> 0) + (this.bytes[at + 1]! << 16) + (this.bytes[at + 2]! << 8) + this.bytes[at + 3]!
    );
  }
  /** An unsigned number of 0, 4 or 8 bytes (iloc's sizes). */
  sized(size: number): number {
    if (size === 0) return 0;
    if (size === 4) return this.u32();
    if (size === 8) return this.u32() * 2 ** 32 + this.u32();
    throw new Unreadable(`a ${size}-byte field`);
  }
  string(): string {
    let text = '';
    for (let byte = this.u8(); byte !== 0; byte = this.u8()) text += String.fromCharCode(byte);
    return text;
  }
}

type Box = { type: string; start: number; body: number; end: number };

/** The boxes one after the other in [start, end). */
function boxes(bytes: Uint8Array, start: number, end: number): Box[] {
  const found: Box[] = [];
  const reader = new Reader(bytes, start, end);
  while (reader.at + 8 <= end) {
    const boxStart = reader.at;
    let size = reader.u32();
    const type = fourCc(bytes, reader.at);
    reader.at += 4;
    if (size === 1) size = reader.sized(8);
    else if (size === 0) size = end - boxStart; // to the end of the file
    if (size < reader.at - boxStart || boxStart + size > end) throw new Unreadable(`box ${type}`);
    found.push({ type, start: boxStart, body: reader.at, end: boxStart + size });
    reader.at = boxStart + size;
  }
  return found;
}

type Item = { type: string; contentType: string };
type Extent = { offset: number; length: number };

/** Blanks the position in every Exif item (and every XMP item) of the file's `meta`; returns how many items. */
function blankHeifMetadata(bytes: Uint8Array): number {
  const meta = boxes(bytes, 0, bytes.length).find((box) => box.type === 'meta');
  if (!meta) return 0; // no items, so no EXIF item (an ISOBMFF video is not a photo the processor takes)
  const children = boxes(bytes, meta.body + 4, meta.end); // meta is a full box: 4 bytes of version and flags
  const iinf = children.find((box) => box.type === 'iinf');
  const iloc = children.find((box) => box.type === 'iloc');
  const idat = children.find((box) => box.type === 'idat');
  if (!iinf) return 0;
  const items = itemInfo(bytes, iinf);
  const metadata = [...items].filter(([, item]) => item.type === 'Exif' || isXmp(item));
  if (metadata.length === 0) return 0;
  if (!iloc) throw new Unreadable('metadata items with no iloc');
  const locations = itemLocations(bytes, iloc, idat);
  let positions = 0;
  for (const [id, item] of metadata) {
    const extents = locations.get(id);
    if (!extents) throw new Unreadable(`item ${id} has no location`);
    if (isXmp(item)) {
      for (const { offset, length } of extents) bytes.fill(0x20, offset, offset + length);
      positions += 1;
      continue;
    }
    positions += 1;
    const only = extents.length === 1 ? extents[0]! : null;
    // The item's payload: a 4-byte offset to the TIFF header (after "Exif\0\0" as a rule), then the TIFF.
    const tiff =
      only && only.length >= 4 ? only.offset + 4 + new Reader(bytes, only.offset, only.offset + 4).u32() : -1;
    if (only && tiff >= 0 && isTiff(bytes, tiff) && tiff < only.offset + only.length) {
      blankTiffOrWhole(bytes, tiff, only.offset + only.length, only.offset);
    } else {
      // Several extents, or no TIFF where the offset says: the whole payload, wherever it lies.
      for (const { offset, length } of extents) bytes.fill(0, offset, offset + length);
    }
  }
  return positions;
}

function isXmp(item: Item): boolean {
  return item.type === 'mime' && /rdf\+xml|xmp/i.test(item.contentType);
}

/** iinf's items by id: their type, and a `mime` item's content type. */
function itemInfo(bytes: Uint8Array, iinf: Box): Map<number, Item> {
  const reader = new Reader(bytes, iinf.body, iinf.end);
  const version = reader.u8();
  reader.at += 3;
  reader.at += version === 0 ? 2 : 4; // entry count: the boxes that follow say it
  const items = new Map<number, Item>();
  for (const infe of boxes(bytes, reader.at, iinf.end)) {
    if (infe.type !== 'infe') continue;
    const entry = new Reader(bytes, infe.body, infe.end);
    const infeVersion = entry.u8();
    entry.at += 3;
    if (infeVersion < 2) continue; // versions 0 and 1 carry no item type (no HEIF writer uses them)
    const id = infeVersion === 2 ? entry.u16() : entry.u32();
    entry.u16(); // item_protection_index
    const type = fourCc(bytes, entry.at);
    entry.at += 4;
    let contentType = '';
    if (type === 'mime') {
      entry.string(); // item_name
      contentType = entry.string();
    }
    items.set(id, { type, contentType });
  }
  return items;
}

/** iloc's items by id: where their bytes lie in the file (construction methods 0, the file, and 1, idat). */
function itemLocations(bytes: Uint8Array, iloc: Box, idat: Box | undefined): Map<number, Extent[]> {
  const reader = new Reader(bytes, iloc.body, iloc.end);
  const version = reader.u8();
  reader.at += 3;
  if (version > 2) throw new Unreadable(`iloc version ${version}`);
  const sizes = reader.u8();
  const offsetSize = sizes >> 4;
  const lengthSize = sizes & 0xf;
  const moreSizes = reader.u8();
  const baseOffsetSize = moreSizes >> 4;
  const indexSize = version === 0 ? 0 : moreSizes & 0xf;
  const itemCount = version < 2 ? reader.u16() : reader.u32();
  const locations = new Map<number, Extent[]>();
  for (let i = 0; i < itemCount; i++) {
    const id = version < 2 ? reader.u16() : reader.u32();
    const method = version === 0 ? 0 : reader.u16() & 0xf;
    const dataReference = reader.u16();
    const base = reader.sized(baseOffsetSize);
    const extentCount = reader.u16();
    const extents: Extent[] = [];
    for (let e = 0; e < extentCount; e++) {
      reader.sized(indexSize);
      const offset = reader.sized(offsetSize);
      const length = reader.sized(lengthSize);
      extents.push({ offset: base + offset, length });
    }
    // Method 2 (bytes of another item) and data in another file hold nothing of this file to blank.
    if (dataReference !== 0 || method === 2) {
      locations.set(id, []);
      continue;
    }
    const origin = method === 1 ? (idat ? idat.body : NaN) : 0;
    const limit = method === 1 ? (idat ? idat.end : NaN) : bytes.length;
    locations.set(
      id,
      extents.map(({ offset, length }) => {
        const start = origin + offset;
        const end = length === 0 ? limit : start + length; // length 0: to the end of the file (or idat)
        if (!(start >= 0 && end <= limit && start <= end)) throw new Unreadable(`item ${id} lies outside the file`);
        return { offset: start, length: end - start };
      }),
    );
  }
  return locations;
}

/**
 * Blanks the GPS directory of the TIFF structure at `tiff` (offsets count from it; it ends by `end`). When the TIFF
 * cannot be followed, blanks everything from `wholeFrom` (the EXIF payload's start) to `end` instead. Returns whether
 * there was a position (or an unreadable EXIF) to blank.
 */
function blankTiffOrWhole(bytes: Uint8Array, tiff: number, end: number, wholeFrom = tiff): boolean {
  try {
    return blankGps(bytes, tiff, end);
  } catch (error) {
    if (!(error instanceof Unreadable)) throw error;
    bytes.fill(0, wholeFrom, end);
    return true;
  }
}

function blankGps(bytes: Uint8Array, tiff: number, end: number): boolean {
  const little = bytes[tiff] === 0x49;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const at = (offset: number, size: number) => {
    if (offset < 0 || tiff + offset + size > end) throw new Unreadable('TIFF offset outside the EXIF');
    return tiff + offset;
  };
  const u16 = (offset: number) => view.getUint16(at(offset, 2), little);
  const u32 = (offset: number) => view.getUint32(at(offset, 4), little);
  const ifd0 = u32(4);
  const entries = u16(ifd0);
  let gps = -1;
  for (let i = 0; i < entries; i++) {
    const entry = ifd0 + 2 + 12 * i;
    if (u16(entry) === GPS_POINTER) gps = u32(entry + 8);
  }
  if (gps < 0) return false;
  const gpsEntries = u16(gps);
  const directoryEnd = gps + 2 + 12 * gpsEntries + 4;
  at(gps, directoryEnd - gps); // the whole directory lies inside the EXIF
  for (let i = 0; i < gpsEntries; i++) {
    const entry = gps + 2 + 12 * i;
    const size = (TYPE_SIZES[u16(entry + 2)] ?? 1) * u32(entry + 4);
    // Values over 4 bytes lie elsewhere (the latitude's and longitude's rationals): blank them where they are.
    if (size > 4) {
      const value = u32(entry + 8);
      bytes.fill(0, at(value, size), tiff + value + size);
    }
  }
  // A directory of no entries and no next directory: IFD0's pointer to it stays valid.
  bytes.fill(0, tiff + gps, tiff + directoryEnd);
  return true;
}

/** For a file whose boxes cannot be followed: blanks the GPS of every "Exif\0\0"-headed TIFF in it. */
function blankEveryExifHeader(bytes: Uint8Array): number {
  let positions = 0;
  for (let i = 0; i + 14 <= bytes.length; i++) {
    if (bytes[i] !== 0x45 || fourCc(bytes, i) !== 'Exif' || bytes[i + 4] !== 0 || bytes[i + 5] !== 0) continue;
    if (!isTiff(bytes, i + 6)) continue;
    // Where this EXIF ends is unknown: its offsets are bounded by the file, and an unreadable one is left alone
    // rather than zeroing to the end of the file (the picture).
    try {
      if (blankGps(bytes, i + 6, bytes.length)) positions += 1;
    } catch (error) {
      if (!(error instanceof Unreadable)) throw error;
    }
  }
  return positions;
}
