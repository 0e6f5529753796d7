/**
 * `npm run icons`: app/icon.svg → app/favicon.ico (16, 32 and 48 px) and app/apple-icon.png
 * (180 px, square and opaque: iOS rounds the corners itself and fills transparency with
 * black). The outputs are small and committed, so a build does not depend on the fonts of
 * the machine it runs on; run this again after changing the SVG. Next serves both files
 * and links them from every page's head (its file conventions for app/).
 */
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

const APP = path.resolve(import.meta.dirname, "..", "app");

/** An ICO file whose images are PNGs (supported by every browser since Windows Vista's era). */
export function icoFromPngs(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // type: icon
  header.writeUInt16LE(images.length, 4);
  const dir = Buffer.alloc(16 * images.length);
  let offset = header.length + dir.length;
  images.forEach(({ size, png }, i) => {
    const e = i * 16;
    dir.writeUInt8(size >= 256 ? 0 : size, e); // width (0 means 256)
    dir.writeUInt8(size >= 256 ? 0 : size, e + 1); // height
    dir.writeUInt8(0, e + 2); // palette colours
    dir.writeUInt8(0, e + 3); // reserved
    dir.writeUInt16LE(1, e + 4); // colour planes
    dir.writeUInt16LE(32, e + 6); // bits per pixel
    dir.writeUInt32LE(png.length, e + 8);
    dir.writeUInt32LE(offset, e + 12);
    offset += png.length;
  });
  return Buffer.concat([header, dir, ...images.map((i) => i.png)]);
}

export async function writeIcons(appDir = APP): Promise<{ ico: number; apple: number }> {
  const svg = await readFile(path.join(appDir, "icon.svg"));
  const png = (input: Buffer, size: number) =>
    sharp(input, { density: 72 * Math.ceil(size / 64) * 2 })
      .resize(size, size)
      .png({ compressionLevel: 9 })
      .toBuffer();
  const ico = icoFromPngs(await Promise.all([16, 32, 48].map(async (size) => ({ size, png: await png(svg, size) }))));
  // Full-bleed square for the home screen: no rounded corners, no transparency.
  const square = Buffer.from(svg.toString("utf8").replace(/ rx="[\d.]+"/, ""));
  const apple = await sharp(await png(square, 180))
    .flatten({ background: "#9a3412" })
    .png({ compressionLevel: 9 })
    .toBuffer();
  await writeFile(path.join(appDir, "favicon.ico"), ico);
  await writeFile(path.join(appDir, "apple-icon.png"), apple);
  return { ico: ico.length, apple: apple.length };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { ico, apple } = await writeIcons();
  console.log(`app/favicon.ico ${ico} bytes, app/apple-icon.png ${apple} bytes`);
}
