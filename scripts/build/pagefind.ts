import { rm } from "node:fs/promises";
import * as pagefind from "pagefind";
import type { Doc } from "@/lib/content/types";

/**
 * The static index behind the search page's in-browser enhancement (Pagefind UI), built
 * from the same documents as the server's index. The JSON API never uses it.
 */
export async function writePagefind(docs: Doc[], outputPath: string): Promise<string> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: "en" });
  if (!index) throw new Error(`pagefind: ${errors.join("; ")}`);
  try {
    for (const d of docs) {
      const added = await index.addCustomRecord({
        url: d.url,
        content: `${d.title}\n${d.description}\n${d.text}`,
        language: "en",
        meta: { title: d.title },
        filters: { kind: [d.kind] },
      });
      if (added.errors.length) throw new Error(`pagefind: ${d.url}: ${added.errors.join("; ")}`);
    }
    await rm(outputPath, { recursive: true, force: true });
    const written = await index.writeFiles({ outputPath });
    if (written.errors.length) throw new Error(`pagefind: ${written.errors.join("; ")}`);
    return `${docs.length} records`;
  } finally {
    await index.deleteIndex();
    await pagefind.close();
  }
}
