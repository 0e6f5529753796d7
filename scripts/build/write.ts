import { mkdir, rename, writeFile } from "node:fs/promises";
import path from "node:path";

/** Write via a temporary file and rename, so a reader never sees half a file. */
export async function writeAtomic(file: string, data: string | Buffer): Promise<void> {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  await writeFile(tmp, data);
  await rename(tmp, file);
}
