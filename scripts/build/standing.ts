import { readFile } from "node:fs/promises";
import { BASE_TOKEN } from "@/lib/content/base-token";
import { resumeMarkdown, type Resume } from "@/lib/content/resume";
import { twinHead, type StandingSource } from "@/lib/content/standing";
import { photoMarkdown } from "@/lib/photos/markdown";
import { tagDescription, tagFeature, tagLabel, tagPath, tagTitle, taggedDocs } from "@/lib/content/tags";
import type { Doc } from "@/lib/content/types";
import type { PhotoManifestFile } from "@/lib/photos/types";
import { PAGES, publishedPages } from "@/lib/site/pages";
import type { FeatureName } from "@/lib/features/rule";
import { guideMarkdown } from "@/lib/surface/developer-guide";
import { buildGuide } from "@/lib/surface/endpoints";

/**
 * What the search index and /ask know of the pages that are not content files: the
 * declared pages' own words (lib/site/pages.ts), the resume and the developer guide in
 * full, each photo's twin, and the home page, indexes and tag pages by their titles and
 * intros (their lists would match every query).
 */
export async function standingSources(o: { resume?: Resume; photosManifest?: string; docs?: Doc[] }): Promise<StandingSource[]> {
  const full: Record<string, string | undefined> = {
    "/resume": o.resume ? resumeMarkdown(o.resume) : undefined,
    // Every endpoint as documented: the server decides at start which features are on.
    "/developers": guideMarkdown(buildGuide(BASE_TOKEN, () => true)),
  };
  const sources: StandingSource[] = publishedPages({ resume: o.resume !== undefined }).map((url) => {
    const { title, description, aliases, twin } = PAGES[url];
    const feature = (PAGES[url] as { feature?: FeatureName }).feature;
    // The pages whose twin the build writes with the content are the home page and the indexes: lists.
    return {
      url,
      title,
      description,
      aliases,
      markdown: full[url],
      ...(feature ? { feature } : {}),
      ...(twin === "content" ? { listing: "index" as const } : {}),
    };
  });
  // A tag page by its title and what it says it lists, as the indexes are (its list would match every query).
  for (const [tag, list] of taggedDocs(o.docs ?? [])) {
    const feature = tagFeature(list);
    sources.push({
      url: tagPath(tag),
      title: tagTitle(tag),
      description: tagDescription(tag, list),
      aliases: [`${tagLabel(tag)} tag`],
      listing: "tag",
      ...(feature ? { feature } : {}),
    });
  }
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

export async function readManifest(file: string): Promise<PhotoManifestFile | undefined> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as PhotoManifestFile;
  } catch {
    return undefined;
  }
}
