/**
 * Reader of the raw Fujifilm MakerNote bytes (exifr hands them over untouched with
 * `makerNote: true`). Layout (exiftool MakerNotes.pm and FujiFilm.pm):
 *
 *   "FUJIFILM" (8 bytes) · uint32 LE offset of the IFD (12 so far) · little-endian IFD,
 *   even inside a big-endian EXIF block. Entries are tag u16, type u16, count u32,
 *   value-or-offset u32; values over 4 bytes sit at that offset counted from the start
 *   of the MakerNote, not of the TIFF header.
 *
 * Pure and total: malformed or truncated input never throws, it yields whatever entries
 * could be read in bounds. Only numeric types are decoded; ASCII (type 2) is skipped on
 * purpose, which keeps InternalSerialNumber (0x0010) and other strings out of reach.
 */

export type FujiValue = number | number[];
export type FujiTags = ReadonlyMap<number, FujiValue>;

const HEADER = "FUJIFILM";
const ENTRY_SIZE = 12;

/** Byte width of each numeric TIFF type we decode: 1/7 u8, 3 u16, 4 u32, 8 i16, 9 i32. */
const TYPE_SIZE: Readonly<Record<number, number>> = { 1: 1, 3: 2, 4: 4, 7: 1, 8: 2, 9: 4 };

/** Monochromatic colour WC/MG are written as type 1 (u8) but hold signed steps. */
const SIGNED_BYTE_TAGS = new Set([0x1049, 0x104b]);

/** True when the bytes start with the Fujifilm MakerNote header. */
export function isFujifilmMakerNote(bytes: Uint8Array | null | undefined): boolean {
  if (!bytes || bytes.length < HEADER.length + 4) return false;
  for (let i = 0; i < HEADER.length; i++) if (bytes[i] !== HEADER.charCodeAt(i)) return false;
  return true;
}

/**
 * Tag id → raw value (a number when the entry holds one value, an array otherwise).
 * An empty map means "not a Fujifilm MakerNote" or "nothing readable".
 */
export function decodeFujifilmMakerNote(bytes: Uint8Array): Map<number, FujiValue> {
  const tags = new Map<number, FujiValue>();
  if (!isFujifilmMakerNote(bytes)) return tags;
  // exifr's array is a view into the whole file: honour byteOffset.
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const fits = (at: number, size: number) => at >= 0 && at + size <= view.byteLength;

  const ifd = view.getUint32(HEADER.length, true);
  if (!fits(ifd, 2)) return tags;
  const count = view.getUint16(ifd, true);
  for (let i = 0; i < count; i++) {
    const entry = ifd + 2 + i * ENTRY_SIZE;
    if (!fits(entry, ENTRY_SIZE)) break;
    const tag = view.getUint16(entry, true);
    const value = readEntry(view, entry, tag, fits);
    if (value !== undefined) tags.set(tag, value);
  }
  return tags;
}

function readEntry(view: DataView, entry: number, tag: number, fits: (at: number, size: number) => boolean): FujiValue | undefined {
  const type = view.getUint16(entry + 2, true);
  const count = view.getUint32(entry + 4, true);
  const size = TYPE_SIZE[type];
  if (!size || count === 0) return undefined;
  const total = size * count;
  const at = total <= 4 ? entry + 8 : view.getUint32(entry + 8, true);
  // One bounds check for the whole value also caps `count` at the MakerNote's size.
  if (!fits(at, total)) return undefined;
  const values: number[] = [];
  for (let k = 0; k < count; k++) values.push(readValue(view, at + k * size, type, SIGNED_BYTE_TAGS.has(tag)));
  return count === 1 ? values[0] : values;
}

function readValue(view: DataView, at: number, type: number, signedByte: boolean): number {
  switch (type) {
    case 1:
    case 7:
      return signedByte ? view.getInt8(at) : view.getUint8(at);
    case 3:
      return view.getUint16(at, true);
    case 4:
      return view.getUint32(at, true);
    case 8:
      return view.getInt16(at, true);
    default: // 9, the only other type TYPE_SIZE admits
      return view.getInt32(at, true);
  }
}
