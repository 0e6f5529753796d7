import { readFile } from "node:fs/promises";
import { BASE_TOKEN } from "@/lib/content/base-token";
import { COLLECTIONS } from "@/lib/content/schema";
import { resumeMarkdown, type Resume } from "@/lib/content/resume";
import { twinHead, type StandingSource } from "@/lib/content/standing";
import { photoMarkdown } from "@/lib/photos/markdown";
import type { PhotoManifestFile } from "@/lib/photos/types";
import { LISTING_ALIASES, STANDING_PAGES } from "@/lib/site/standing-pages";
import { guideMarkdown } from "@/lib/surface/developer-guide";
import { buildGuide } from "@/lib/surface/endpoints";
import { siteConfig } from "@/site.config";

/**
 * What the search index and /ask know of the pages that are not content files: the
 * standing pages' own words (lib/site/standing-pages.ts), the resume and the developer
 * guide in full, each photo's twin, and the indexes by their titles and intros (their
 * lists would match every query).
 */
export async function standingSources(o: { resume?: Resume; photosManifest?: string }): Promise<StandingSource[]> {
  const full: Record<string, string | undefined> = {
    "/resume": o.resume ? resumeMarkdown(o.resume) : undefined,
    "/developers": guideMarkdown(buildGuide(BASE_TOKEN)),
  };
  const sources: StandingSource[] = [
    { url: "/", title: siteConfig.name, description: siteConfig.description, aliases: LISTING_ALIASES["/"] },
    ...(["writing", "garage", "documents", "utilities"] as const).map((c) => ({
      url: COLLECTIONS[c].base,
      title: COLLECTIONS[c].label,
      description: siteConfig.intros[c],
      aliases: LISTING_ALIASES[COLLECTIONS[c].base],
    })),
    ...Object.entries(STANDING_PAGES)
      .filter(([url]) => url !== "/resume" || o.resume)
      .map(([url, p]) => ({ url, ...p, markdown: full[url] })),
  ];
  const manifest = o.photosManifest ? await readManifest(o.photosManifest) : undefined;
  for (const photo of manifest?.photos ?? []) {
    const markdown = photoMarkdown(photo, BASE_TOKEN);
    const head = twinHead(markdown);
    sources.push({
      url: `/photos/${photo.stem}`,
      title: head.title ?? photo.stem,
      description: head.summary ?? photo.alt ?? "",
      markdown: withoutAddresses(markdown),
    });
  }
  return sources;
}

/** Image embeds and file addresses are not words a visitor asks with. */
function withoutAddresses(markdown: string): string {
  return markdown
    .split("\n")
    .filter((l) => !l.includes(BASE_TOKEN))
    .join("\n");
}

async function readManifest(file: string): Promise<PhotoManifestFile | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as PhotoManifestFile;
  } catch {
    return undefined;
  }
}
