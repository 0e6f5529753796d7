import { createHash } from "node:crypto";
import { access, readFile, rm } from "node:fs/promises";
import { readdirSync } from "node:fs";
import path from "node:path";
import { buildDoc, ContentError, readSources, sortDocs, strayContent } from "@/lib/content/load";
import { generatedTwins } from "@/lib/content/twins";
import { atomFeed, jsonFeed } from "@/lib/content/feeds";
import { firmListProblems } from "@/lib/around/firms";
import { resumeMarkdown, resumeProblems, type Resume } from "@/lib/content/resume";
import { buildIndex } from "@/lib/search/engine";
import type { Corpus, Doc } from "@/lib/content/types";
import { reservedTopLevel } from "@/lib/site/reserved";
import { PAGES, ownTwinRoutes, publishedPages, type PageDeclaration } from "@/lib/site/pages";
import { siteConfig } from "@/site.config";
import { demoLeftovers, siteConfigProblems } from "@/lib/site/config-schema";
import { demoFlagProblems } from "./demo";
import { env, siteUrl } from "@/lib/env";
import { APP_PAGE_CARDS } from "@/lib/site/og";
import { resultLabel } from "@/lib/search/present";
import { stageCache, stageKey } from "./stage-cache";
import { writeAtomic } from "./write";
import { readManifest, standingSources } from "./standing";
import { FONT_SUBSETS, siteCharacters, writeFontSubsets } from "./fonts";
import { renderMarkdown } from "@/lib/content/markdown";
import { TAGS_PATH, tagFeature, tagPath, taggedDocs } from "@/lib/content/tags";
import { galleryLookup } from "@/lib/photos/embed";
import { BRITISH_TO_AMERICAN, otherVariantWords, variantOf } from "@/lib/content/spelling";
import { standingDocs } from "@/lib/content/standing";
import { parseQuestionBank, QUESTION_BANK_FILE } from "@/lib/content/question-bank";
import type { Card } from "./og-images";
import { undrawable } from "./font-coverage";
import { CARD_STYLE, cardCoverage } from "./og-images";
import { loadPageIndex } from "@/lib/site/page-index";
import { linksServed, servedPaths } from "@/lib/surface/served-paths";
import { unlistedPages } from "@/lib/surface/chrome-links";
import { endpoints, readableApiPaths } from "@/lib/surface/endpoints";
import { resumeJson, resumeMd, resumePdf } from "@/lib/resume/endpoints";
import { appMetadataFiles, documentIds, fileLinks, linkWarnings, publicFiles, type SiteLink } from "./link-check";
import { FEATURES_FILE, featureRefusals, featureStates, offNames, settingsOf, stateLines, type FeatureName } from "@/lib/features";
import { sitePathOf } from "@/lib/surface/served-paths";

/** The project's app/: its icons are served at the site's root. */
const APP_DIR = path.resolve(import.meta.dirname, "../../app");

export interface BuildOptions {
  contentDir: string;
  /** Server-side artifacts (`.site`). */
  outDir: string;
  /** Files served as static assets (`public/generated`). */
  publicDir: string;
  /** The folder served at the site's root (`public`): a body may link or embed its files. */
  staticDir?: string;
  /** Stages that need optional tools can be left out (tests of the fixture corpus). */
  pdf?: boolean;
  /**
   * `false` leaves the /ask model out, for tests of the fixture corpus that do not read it: training
   * is the build's longest stage, and tests/content-build.test.ts rebuilds its corpus dozens of times.
   */
  askModel?: boolean;
  /**
   * Builds the photos once the content is valid (nothing is written before that) and
   * returns the manifest's path, so each photo page is searchable.
   */
  photos?: () => Promise<string>;
  /** Host printed on the share cards (default: SITE_URL's). */
  host?: string;
  /** The photos folder, only to say whether it is still the demo's (`demo: true`, ./demo.ts). */
  photosDir?: string;
  log?: (line: string) => void;
}

export interface StageReport {
  name: string;
  ms: number;
  skipped: boolean;
  detail?: string;
}

/** A content file this large is named in the build log: about 40 times a long essay. */
export const LARGE_FILE_BYTES = 512 * 1024;
/** Whether a body may place a gallery photo: a cheap first look before rendering it again. */
const PLACES_PHOTO = /\]\(\s*<?\/photos\//;
/** The first photo a body places: `![alt](/photos/<stem>)`, its stem. */
const PLACED_PHOTO = /!\[[^\]]*\]\(\s*<?\/photos\/([\w.-]+?)>?\s*\)/;
/** Bump when a stage's output format changes, so caches built by older code are not reused. */
const BUILD_VERSION = "19";
/** A content file as last built: its document, and its site links for the link check (./link-check.ts). */
type CacheEntry = { hash: string; version: string; doc?: Doc; links?: SiteLink[] };
const sha = (s: string | Buffer) => createHash("sha256").update(s).digest("hex");
const exists = (f: string) =>
  access(f).then(
    () => true,
    () => false,
  );
const readJson = async <T>(f: string, fallback: T): Promise<T> => {
  try {
    return JSON.parse(await readFile(f, "utf8")) as T;
  } catch {
    return fallback;
  }
};

/**
 * content/ → .site/ and public/generated/. Everything (site.config.ts first) is validated before anything is
 * written, so a bad file fails the build with `file: field: reason` and leaves the last
 * good build in place. A content-hash cache skips unchanged files and unchanged stages.
 */
export async function buildSite(opts: BuildOptions): Promise<{ docs: number; stages: StageReport[] }> {
  // Every stage reads site.config.ts, and tsx runs this without type checking: a mistake
  // there would stop a stage midway, after the ones before it had written their files.
  const configProblems = siteConfigProblems(siteConfig);
  if (configProblems.length) throw new ContentError(configProblems);
  const log = opts.log ?? (() => {});
  for (const line of demoLeftovers(siteConfig)) log(`  ${line}`);
  for (const line of demoFlagProblems(siteConfig, { contentDir: opts.contentDir, photosDir: opts.photosDir })) log(`  ${line}`);
  // The pages of every feature are built; which are shown is decided again when the server
  // starts (lib/features), from the same settings and its own environment. `next build`
  // prerenders with this decision (the home page's live list, the tag pages, /utilities, the
  // sitemap); a server deciding otherwise renders them itself (cache-handler.mjs). A feature the
  // owner turned on (`true`) that cannot work here stops the build as it would stop the server.
  const settings = settingsOf(siteConfig.features);
  const states = featureStates(settings, env());
  const refusals = featureRefusals(states);
  if (refusals.length) throw new ContentError(refusals);
  log('  features (the server decides the "auto" ones again when it starts, from its own environment):');
  for (const line of stateLines(states)) log(`  ${line}`);
  const stages: StageReport[] = [];
  const stage = async (name: string, run: () => Promise<{ skipped?: boolean; detail?: string } | void>) => {
    const t = performance.now();
    const r = (await run()) ?? {};
    const report = { name, ms: Math.round(performance.now() - t), skipped: Boolean(r.skipped), detail: r.detail };
    stages.push(report);
    log(
      `  ${name.padEnd(12)} ${String(report.ms).padStart(6)} ms${report.skipped ? "  (unchanged, skipped)" : ""}${report.detail ? `  ${report.detail}` : ""}`,
    );
  };
  const cacheDir = path.join(opts.outDir, "cache");
  const stageHashes = await readJson<Record<string, string>>(path.join(cacheDir, "stages.json"), {});
  const newHashes: Record<string, string> = {};

  let docs: Doc[] = [];
  let resume: Resume | undefined;
  let firms: unknown;
  let rendered = 0;
  const links: { source: string; links: SiteLink[] }[] = [];

  await stage("content", async () => {
    const sources = await readSources(opts.contentDir);
    for (const line of await strayContent(opts.contentDir)) log(`  ${line}`);
    // Not refused (a long essay is the owner's call), but the page, both feeds and llms-full.txt carry it whole.
    for (const f of sources.filter((x) => Buffer.byteLength(x.raw) > LARGE_FILE_BYTES))
      log(
        `  content/${f.relPath}: ${(Buffer.byteLength(f.raw) / 1024).toFixed(0)} KB of Markdown: its page, both feeds and llms-full.txt carry all of it (consider splitting it)`,
      );
    const cache = await readJson<Record<string, CacheEntry>>(path.join(cacheDir, "docs.json"), {});
    const next: Record<string, CacheEntry> = {};
    const problems: string[] = [];
    for (const file of sources) {
      const hit = cache[file.relPath];
      if (hit && hit.hash === file.hash && hit.version === BUILD_VERSION) {
        next[file.relPath] = hit;
        if (hit.doc) {
          docs.push(hit.doc);
          links.push({ source: hit.doc.source, links: (hit.links ??= fileLinks(file.raw, hit.doc.body)) });
        }
        continue;
      }
      const built = await buildDoc(file);
      rendered++;
      problems.push(...built.problems);
      const fileSiteLinks = built.doc ? fileLinks(file.raw, built.doc.body) : undefined;
      next[file.relPath] = { hash: file.hash, version: BUILD_VERSION, ...(built.doc ? { doc: built.doc, links: fileSiteLinks } : {}) };
      if (built.doc) {
        docs.push(built.doc);
        links.push({ source: built.doc.source, links: fileSiteLinks! });
      }
    }
    problems.push(...urlProblems(docs));
    for (const d of docs) {
      const feature = endpointFeature(d.endpoint);
      if (feature) d.feature = feature;
      else delete d.feature;
    }
    problems.push(...chromeFeatureProblems(pageFeatures(docs), settings));

    const resumeFile = path.join(opts.contentDir, "resume.json");
    if (await exists(resumeFile)) {
      try {
        resume = (await readOwnerJson(resumeFile)) as Resume;
        problems.push(...resumeProblems(resume, "content/resume.json"));
      } catch (err) {
        problems.push(`content/resume.json: resume: is not valid JSON (${(err as Error).message})`);
      }
    }
    const firmsFile = path.join(opts.contentDir, "around.json");
    if (await exists(firmsFile)) {
      try {
        firms = await readOwnerJson(firmsFile);
        problems.push(...firmListProblems(firms, "content/around.json"));
      } catch (err) {
        problems.push(`content/around.json: firms: is not valid JSON (${(err as Error).message})`);
      }
    }
    if (problems.length) throw new ContentError(problems);
    docs = sortDocs(docs);
    for (const line of spellingWarnings(docs, siteConfig.locale)) log(`  ${line}`);
    await writeAtomic(path.join(cacheDir, "docs.json"), JSON.stringify(next));
    return { detail: `${docs.length} documents, ${rendered} rendered, ${docs.length - rendered} from cache` };
  });

  const photosManifest = opts.photos ? await opts.photos() : undefined;
  // The photos an essay places (`![alt](/photos/<stem>)`) are shown once the gallery exists:
  // those bodies are rendered again with it (a document's cache entry keeps the first rendering,
  // so a changed photo never leaves a stale figure behind).
  const manifest = photosManifest ? await readManifest(photosManifest) : undefined;
  const gallery = manifest ? galleryLookup(manifest.photos) : undefined;
  if (gallery)
    docs = await Promise.all(
      docs.map(async (d) => (PLACES_PHOTO.test(d.body) ? { ...d, html: (await renderMarkdown(d.body, { photo: gallery })).html } : d)),
    );
  const standing = await standingDocs(await standingSources({ resume, photosManifest, docs }));
  // What search and /ask rank: everything written, and every other page a visitor can reach.
  const answerable = [...docs, ...standing];
  // What /ask chooses among: every page but the tag pages (Doc.listing).
  const askable = answerable.filter((d) => d.listing !== "tag");
  // The question bank joins the pages /ask learns from (not a stage: reading it is no work,
  // and what it changes reaches the corpus and the model through their own cache keys).
  const bankFile = path.join(opts.contentDir, QUESTION_BANK_FILE);
  if (await exists(bankFile)) {
    const bank = parseQuestionBank(await readFile(bankFile, "utf8"), new Set(answerable.map((d) => d.url)));
    if (bank.problems.length) throw new ContentError(bank.problems.map((p) => `content/${QUESTION_BANK_FILE}:${p}`));
    for (const doc of answerable) doc.bank = bank.byUrl.get(doc.url) ?? [];
    const count = [...bank.byUrl.values()].reduce((n, qs) => n + qs.length, 0);
    log(`  question bank: ${count} questions for ${bank.byUrl.size} of ${askable.length} pages`);
  }
  // The site's fonts cut to the characters its pages show (app/fonts.ts preloads these).
  await stage("fonts", async () => {
    const { bytes, skipped } = await writeFontSubsets(siteCharacters(answerable, [JSON.stringify(siteConfig)]), opts.outDir);
    return skipped ? { skipped } : { detail: `${FONT_SUBSETS.length} subsets, ${Math.round(bytes / 1024)} KB` };
  });
  const corpusJson = (() => {
    const twins = generatedTwins(docs, gallery);
    if (resume) twins["/resume"] = resumeMarkdown(resume);
    const corpus: Corpus = { builtAt: "", docs, standing, twins };
    return JSON.stringify(corpus);
  })();
  const inputHash = sha(`${BUILD_VERSION}\n${JSON.stringify(siteConfig)}\n${corpusJson}\n${JSON.stringify(resume ?? null)}`);

  /** Runs `work` unless its inputs (the content, and `code`: what else the stage's output depends on) and outputs are what the last build left. */
  const cached = (name: string, outputs: string[], work: () => Promise<string | void>, code = "") =>
    stage(name, async () => {
      const hash = code ? sha(`${inputHash}\n${code}`) : inputHash;
      newHashes[name] = hash;
      if (stageHashes[name] === hash && (await Promise.all(outputs.map(exists))).every(Boolean)) return { skipped: true };
      return { detail: (await work()) ?? undefined };
    });

  const corpus = JSON.parse(corpusJson) as Corpus;
  await cached(
    "corpus",
    [path.join(opts.outDir, "corpus.json"), path.join(opts.outDir, "paths.json")],
    async () => {
      corpus.builtAt = new Date().toISOString();
      await writeAtomic(path.join(opts.outDir, "corpus.json"), JSON.stringify(corpus));
      const published = publishedPages({ resume: resume !== undefined });
      const pages = [...new Set([...Object.keys(corpus.twins), ...published])].sort();
      const features = pageFeatures(docs);
      const paths = {
        pages,
        twins: ownTwinRoutes(published),
        docs: docs.map((d) => d.url),
        // Which feature each of its pages belongs to: the server leaves out those of features that are off.
        features: Object.fromEntries(pages.flatMap((p) => (features.has(p) ? [[p, features.get(p)!]] : []))),
        // The paths a route handler of its own answers (every method, OPTIONS included): proxy.ts
        // leaves a preflight there to the route, and answers one on any other path itself.
        routes: routePaths(),
      };
      await writeAtomic(path.join(opts.outDir, "paths.json"), JSON.stringify(paths));
      return `${Object.keys(corpus.twins).length} twins`;
    },
    // The page list decides which pages are published and where their twins are; the API which paths are routes.
    JSON.stringify([PAGES, routePaths()]),
  );
  // The settings the server decides with, and what this build decided with them: `next build`,
  // run next in the same environment, prerenders its pages with that (lib/features).
  await writeAtomic(path.join(opts.outDir, FEATURES_FILE), JSON.stringify({ settings, built: { off: [...offNames(states)].sort() } }));
  // Every page leaves out the menu and footer links to pages this build does not have; say which.
  // (A page of a feature turned off is not one; those of "auto" ones may not be listed: chromeFeatureProblems.)
  const turnedOff = new Set(states.filter((s) => s.setting === false).map((s) => s.name));
  const served = servedPaths(loadPageIndex(opts.outDir, turnedOff).pages, readableApiPaths());
  const chrome: [string, readonly { label: string; href: string }[]][] = [
    ["nav", siteConfig.nav],
    ["footer", siteConfig.footer],
  ];
  for (const [where, links] of chrome) {
    const shown = new Set(linksServed(links, served));
    for (const l of links.filter((x) => !shown.has(x)))
      log(`  site.config.ts ${where}: ${l.href} ("${l.label}") is not a page of this build, so no page links to it`);
  }
  for (const l of unlistedPages(docs))
    log(
      `  footer: ${l.href} ("${l.label}") is in neither the menu nor the footer of site.config.ts, so the footer links it after its own links (list it there to place it)`,
    );
  // Share cards (og:image) for every page with a title here: content pages, section
  // indexes, the resume and the app's own pages; photo pages use their photo instead.
  const host = opts.host ?? new URL(siteUrl()).host;
  const cards = shareCards(
    docs,
    corpus.twins,
    manifest?.photos.map((p) => p.thumb.small).filter((t): t is string => Boolean(t)) ?? [],
    opts.publicDir,
    new Map(manifest?.photos.flatMap((p) => (p.thumb.jpg ? [[p.stem, p.thumb.jpg] as const] : [])) ?? []),
  );
  // The cards are drawn in the site's fonts only (scripts/build/og-images.ts): a character they lack is left out.
  const missing = cardsWithoutGlyphs(cards, { name: siteConfig.name, host });
  if (missing.length) {
    const chars = [...new Set(missing.flatMap((c) => c.chars))];
    log(
      `  share cards: the site's font (Source Serif 4) has no glyph for ${chars.slice(0, 12).join(" ")}${chars.length > 12 ? ` (and ${chars.length - 12} more)` : ""}, so ${missing.length === 1 ? "one card leaves them out" : `${missing.length} cards leave them out`} (${missing
        .slice(0, 3)
        .map((c) => c.path)
        .join(", ")}${missing.length > 3 ? ", …" : ""})`,
    );
  }
  await stage("og-images", async () => {
    // The cards' photos are named by content hash, so a changed photo redraws them; so does a change of how cards are drawn.
    const hash = sha(`${inputHash}\n${host}\n${JSON.stringify(cards)}\n${CARD_STYLE}`);
    newHashes["og-images"] = hash;
    const manifest = path.join(opts.outDir, "og.json");
    if (stageHashes["og-images"] === hash && (await exists(manifest)) && (await exists(path.join(opts.publicDir, "og", "index.png"))))
      return { skipped: true };
    const { writeOgImages } = await import("./og-images");
    const bytes = await writeOgImages(cards, opts.publicDir, { name: siteConfig.name, host });
    await writeAtomic(manifest, JSON.stringify({ paths: cards.map((c) => c.path).sort() }));
    return { detail: `${cards.length} cards, ${Math.round(bytes / 1024)} KB` };
  });
  // Every build, cached documents too: a link breaks when its target goes, not only when its own file changes.
  // Here, once the photo renditions and share cards are written, so links to them count as files.
  const resumeFiles = new Set([resumeJson, resumeMd, resumePdf].map((e) => e.http!.path));
  for (const line of linkWarnings(links, {
    docs: new Map(docs.map((d) => [d.url, documentIds(d)])),
    // Without a resume its renditions answer 404, though the API lists them.
    served: new Set([...[...served].filter((p) => resume || !resumeFiles.has(p)), ...appMetadataFiles(APP_DIR)]),
    isFile: publicFiles({ generated: opts.publicDir, root: opts.staticDir }),
    gated: new Map([...pageFeatures(docs)].map(([page, feature]) => [page, { feature, setting: settings[feature] }])),
  }))
    log(`  ${line}`);
  // The index holds folded spellings: a change to the list makes it again.
  await cached(
    "search",
    [path.join(opts.outDir, "search-index.json")],
    async () => {
      await writeAtomic(path.join(opts.outDir, "search-index.json"), JSON.stringify(buildIndex(answerable)));
    },
    JSON.stringify(BRITISH_TO_AMERICAN),
  );
  // llms.txt and llms-full.txt are made by the server from the corpus it shows (lib/content/endpoints.ts): an older build's copies go.
  await rm(path.join(opts.outDir, "llms.txt"), { force: true });
  await rm(path.join(opts.outDir, "llms-full.txt"), { force: true });
  await cached("feeds", [path.join(opts.outDir, "feed.xml"), path.join(opts.outDir, "feed.json")], async () => {
    await writeAtomic(path.join(opts.outDir, "feed.xml"), atomFeed(docs));
    await writeAtomic(path.join(opts.outDir, "feed.json"), JSON.stringify(jsonFeed(docs)));
  });
  if (resume) {
    const resumeOut = resume;
    await cached(
      "resume",
      [path.join(opts.outDir, "resume.json"), ...(opts.pdf === false ? [] : [path.join(opts.outDir, "resume.pdf")])],
      async () => {
        await writeAtomic(path.join(opts.outDir, "resume.json"), JSON.stringify(resumeOut));
        if (opts.pdf === false) return;
        const { renderResumePdf } = await import("./resume-pdf");
        const pdf = await renderResumePdf(resumeOut);
        await writeAtomic(path.join(opts.outDir, "resume.pdf"), pdf);
        return `${Math.round(pdf.length / 1024)} KB PDF`;
      },
    );
  } else {
    // No resume any more: its earlier renditions go too, so an owner who deleted it stops publishing it.
    await rm(path.join(opts.outDir, "resume.json"), { force: true });
    await rm(path.join(opts.outDir, "resume.pdf"), { force: true });
  }
  // The around crawl's firm list (lib/around/firms.ts), validated above; small, so always written.
  if (firms) await writeAtomic(path.join(opts.outDir, "around-firms.json"), JSON.stringify(firms));
  else await rm(path.join(opts.outDir, "around-firms.json"), { force: true });
  const { ENSEMBLE, memberFile } = await import("@/lib/ask/embedded-model");
  const askFiles = [
    // The classifier, one file per member of its ensemble (one: a single model).
    ...Array.from({ length: ENSEMBLE.members }, (_, i) => memberFile(i)),
    "ask-labels.json",
    "ask-lexicon.json",
    "ask-spelling.json",
    "ask-bridge.json",
    "ask-confidence.json",
    // The encoder's unit vectors (lib/ask/encoder.ts), unless ASK_ENCODER=off.
    ...(env().ASK_ENCODER === "off" ? [] : ["ask-vectors.bin"]),
  ].map((f) => path.join(opts.outDir, f));
  if (env().ASK_ENCODER === "off") await rm(path.join(opts.outDir, "ask-vectors.bin"), { force: true });
  // The model takes a minute or more to train: kept in the build cache (./stage-cache.ts) by its inputs
  // and its code, so a clean build or a return to earlier content restores it instead. A new off-topic
  // list or training setting retrains, as does an edit to the code that trains it.
  const askSettings = JSON.stringify(await askModelSettings());
  const askCode = ["lib/ask/embedded-model.ts", "scripts/build/ask-confidence.ts", "scripts/build/ask-vectors.ts"];
  if (opts.askModel !== false)
    await cached(
      "ask-model",
      askFiles,
      async () => {
        const made = await stageCache(
          { stage: "ask-model", inputs: `${inputHash}\n${askSettings}`, code: askCode, outputs: askFiles },
          async () => {
            const { trainEmbeddedModel } = await import("@/lib/ask/embedded-model");
            const { fitAskConfidence } = await import("./ask-confidence");
            const { buildEncoder, UnitStore, writeAskVectors } = await import("./ask-vectors");
            const trained = await trainEmbeddedModel(askable, opts.outDir);
            const encoder = buildEncoder();
            const store = encoder ? await UnitStore.open(encoder) : undefined;
            const vectors = store ? await writeAskVectors(askable, opts.outDir, store) : undefined;
            const fit = await fitAskConfidence(askable, undefined, store);
            await store?.save();
            // `null` when there was nothing to fit on: /ask then never abstains (lib/ask/confidence.ts).
            await writeAtomic(path.join(opts.outDir, "ask-confidence.json"), `${JSON.stringify(fit)}\n`);
            const calibration = fit
              ? `; abstains below ${Math.round(fit.threshold * 100)}% (held out: ${Math.round(fit.fitted.abstainAnswerable * 100)}% of ${fit.fitted.answerable} page questions, ${Math.round(fit.fitted.abstainOffTopic * 100)}% of off-topic)`
              : "; no front-matter questions to calibrate on: never abstains";
            const encoded = vectors
              ? `; encoder ${encoder!.id}: ${vectors.units} units and ${vectors.passages} body passages × ${vectors.dim} (${Math.round(vectors.bytes / 1024)} KB int8), ${vectors.embedded} embedded in ${(vectors.ms / 1000).toFixed(1)} s, the rest from the cache`
              : "; encoder off";
            return `${trained.pages} pages, ${Math.round(trained.bytes / 1024)} KB + ${Math.round(trained.lexiconBytes / 1024)} KB lexicon + ${Math.round(trained.spellingBytes / 1024)} KB spelling, ${trained.bridgeWords} English words bridged${calibration}${encoded}`;
          },
        );
        return made.hit ? `${made.detail ?? ""} (from the build cache)` : made.detail;
      },
      stageKey({ stage: "ask-model", inputs: askSettings, code: askCode }),
    );
  // The in-browser search now asks /search.json; a Pagefind bundle left by an older build is not served stale.
  await rm(path.join(opts.publicDir, "pagefind"), { recursive: true, force: true });
  await writeAtomic(path.join(cacheDir, "stages.json"), JSON.stringify({ ...stageHashes, ...newHashes }));
  return { docs: docs.length, stages };
}

/** What a declared page's share card calls it (lib/site/pages.ts `card`), when it says. */
const declaredCard = (url: string) => (PAGES as Record<string, PageDeclaration>)[url]?.card;

/** The cards with characters the site's fonts do not have, and which. */
function cardsWithoutGlyphs(cards: Card[], site: { name: string; host: string }): { path: string; chars: string[] }[] {
  const coverage = cardCoverage();
  return cards.flatMap((c) => {
    const chars = undrawable(`${c.label.toUpperCase()} ${c.title} ${c.lede ?? ""} ${site.name} ${site.host}`, coverage);
    return chars.length ? [{ path: c.path, chars }] : [];
  });
}

/**
 * The share card of each page: its title, and the section it belongs to. The home page's says
 * who this is and shows the latest photos; the gallery's shows its latest four.
 */
function shareCards(
  docs: Doc[],
  twins: Record<string, string>,
  photos: string[],
  publicDir: string,
  /** Each photo's 1200 px rendition by stem: a page that places a photograph shares it on its card. */
  byStem: ReadonlyMap<string, string> = new Map(),
): Card[] {
  const file = (p: string) => path.join(publicDir, p.replace(/^\/generated\//, ""));
  const files = photos.map(file);
  const placed = (d: Doc): string[] => {
    const stem = PLACED_PHOTO.exec(d.body)?.[1];
    const rendition = stem ? byStem.get(stem) : undefined;
    return rendition ? [file(rendition)] : [];
  };
  const byUrl = new Map(docs.map((d) => [d.url, d]));
  const cards: Card[] = [];
  for (const [url, twin] of Object.entries(twins)) {
    const doc = byUrl.get(url);
    if (url === "/")
      cards.push({
        path: url,
        title: siteConfig.name,
        label: siteConfig.author.jobTitle,
        lede: siteConfig.author.intro,
        photos: files.slice(0, 3),
      });
    else if (url === "/resume")
      cards.push({ path: url, title: `Resume of ${siteConfig.author.name}`, label: declaredCard(url) ?? "Resume" });
    else if (doc) {
      const photo = placed(doc);
      cards.push({ path: url, title: doc.title, label: resultLabel(doc.url, doc.kind), ...(photo.length ? { photos: photo } : {}) });
    }
    // A tag page shares the site's card: a hundred cards of one word each are not worth their megabytes.
    else if (url.startsWith(`${TAGS_PATH}/`)) continue;
    // The home-made lists (the indexes, /tags): their declared card, "Index" by default.
    else cards.push({ path: url, title: /^# (.+)$/m.exec(twin)?.[1] ?? url, label: declaredCard(url) ?? "Index" });
  }
  const seen = new Set(cards.map((c) => c.path));
  for (const c of APP_PAGE_CARDS) if (!seen.has(c.path)) cards.push(c.path === "/photos" ? { ...c, photos: files.slice(0, 4) } : c);
  return cards;
}

/**
 * Words a page spells in the variant the owner's locale does not use (lib/content/spelling.ts):
 * a warning, not a refusal, since a quotation or a name may need the other spelling. The
 * questions and aliases are left alone: they are how visitors ask, in either spelling.
 */
export function spellingWarnings(docs: readonly Doc[], locale: string): string[] {
  const variant = variantOf(locale);
  if (!variant) return [];
  return docs.flatMap((d) => {
    const words = otherVariantWords([d.title, d.description, ...d.headings.map((h) => h.text), d.text].join("\n"), locale);
    return words.length
      ? [
          `content/${d.source}: spelt ${variant === "american" ? "British" : "American"} where the site writes ${locale}: ${words.map(([w, want]) => `${w} → ${want}`).join(", ")}`,
        ]
      : [];
  });
}

/** Two files may not claim one URL, and a page may not shadow a route of the site. */
function urlProblems(docs: Doc[]): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const api = apiPaths();
  const reserved = reservedTopLevel({
    appEntries: readdirSync(APP_DIR, { withFileTypes: true }).map((e) => ({ name: e.name, folder: e.isDirectory() })),
    apiPaths: api,
  });
  for (const d of docs) {
    const other = seen.get(d.url);
    if (other) problems.push(`content/${d.source}: file name: ${d.url} is already taken by content/${other}`);
    seen.set(d.url, d.source);
    if (d.collection === "pages" && reserved.has(d.slug)) {
      problems.push(`content/${d.source}: file name: /${d.slug} is a route of the site; choose another name`);
    }
    // A utility page describes an API capability: its link and JSON-LD would lead to a 404.
    if (d.endpoint && !api.has(d.endpoint.split("?")[0]))
      problems.push(`content/${d.source}: endpoint: ${d.endpoint} is not an API path of this site (see /openapi.json)`);
  }
  return problems;
}

/** An owner's JSON file, parsed; a syntax error says the line and column an editor shows, not JSON.parse's "at position 500". */
async function readOwnerJson(file: string): Promise<unknown> {
  const text = await readFile(file, "utf8");
  try {
    return JSON.parse(text);
  } catch (err) {
    const message = (err as Error).message;
    const m = /at position (\d+)/.exec(message);
    if (!m) throw err;
    const before = text.slice(0, Number(m[1]));
    const column = before.length - before.lastIndexOf("\n");
    throw new Error(`${message.replace(/\s*(in JSON )?at position \d+.*$/, "")} at line ${before.split("\n").length}, column ${column}`);
  }
}

/** The feature of the endpoint a content page documents (`endpoint:`), if it belongs to one. */
function endpointFeature(endpoint: string | undefined): FeatureName | undefined {
  if (!endpoint) return undefined;
  const path = endpoint.split("?")[0];
  return endpoints().find((e) => e.http?.path === path)?.feature?.name;
}

/** Every page that belongs to a feature: the declared ones (lib/site/pages.ts) and the content pages documenting its endpoints. */
function pageFeatures(docs: readonly Doc[]): Map<string, FeatureName> {
  const out = new Map<string, FeatureName>();
  for (const [page, d] of Object.entries(PAGES) as [string, { feature?: FeatureName }][]) if (d.feature) out.set(page, d.feature);
  for (const d of docs) if (d.feature) out.set(d.url, d.feature);
  // A tag page whose every page is one feature's goes and comes with it.
  for (const [tag, list] of taggedDocs(docs)) {
    const only = tagFeature(list);
    if (only) out.set(tagPath(tag), only);
  }
  return out;
}

/**
 * Pages prerendered now carry the menu and the footer, so neither may list a page whose
 * feature is decided only when the server starts (`"auto"`): it would be linked on a server
 * without it, or missing on one with it.
 */
function chromeFeatureProblems(features: ReadonlyMap<string, FeatureName>, settings: Readonly<Record<FeatureName, unknown>>): string[] {
  return (["nav", "footer"] as const).flatMap((where) =>
    siteConfig[where].flatMap((l, i) => {
      const feature = l.href.startsWith("/") ? features.get(sitePathOf(l.href)) : undefined;
      return feature && settings[feature] === "auto"
        ? [
            `site.config.ts: ${where}[${i}].href: ${l.href} is a page of features.${feature}, which is "auto" (on or off when the server starts): set it to true to list the page here, or leave it to the home page, which lists it while it is on`,
          ]
        : [];
    }),
  );
}
/** The paths a registered endpoint's handlers (or the MCP transport) answer, every method. */
const routePaths = () => [...endpoints().flatMap((e) => (e.http ? [e.http.path] : [])), "/mcp"].sort();

/** Every path the API serves, from the full list (lib/surface/endpoints.ts), whatever its methods. */
const apiPaths = () => new Set([...endpoints().flatMap((e) => (e.http ? [e.http.path] : [])), ...readableApiPaths()]);

/** What the /ask model and its confidence fit are made with besides the content. */
async function askModelSettings() {
  const [
    { HYPERPARAMETERS, FUSION, ENSEMBLE },
    { TRAINING },
    { OFF_TOPIC_QUESTIONS },
    { FOLDS, MAX_LOST, MIN_BANK_QUESTIONS },
    { SPELLING_SETTINGS, englishWordsVersion },
    { BRIDGE, bridgeVersion },
  ] = await Promise.all([
    import("@/lib/ask/embedded-model"),
    import("@/lib/ask/training-data"),
    import("@/lib/ask/off-topic"),
    import("./ask-confidence"),
    import("@/lib/ask/spelling"),
    import("@/lib/ask/bridge"),
  ]);
  // An upgraded word list changes which English words are protected: relearn them.
  const wordList = await englishWordsVersion();
  // The bridge (its settings, WordNet's version and whether it is on) changes what questions read as.
  const bridge = { ...BRIDGE, wordnet: bridgeVersion(), on: env().ASK_BRIDGE };
  // Which encoder made the vectors (and whether there are any) and how they are fused.
  const { configuredEncoderId } = await import("@/lib/ask/encoder-runtime");
  const { UNITS, PAGE_SCORE_UNITS } = await import("@/lib/ask/encoder");
  const { ENCODER_FUSION } = await import("@/lib/ask/fusion");
  const encoder = { id: configuredEncoderId(), UNITS, PAGE_SCORE_UNITS, ENCODER_FUSION };
  return {
    HYPERPARAMETERS,
    FUSION,
    ENSEMBLE,
    TRAINING,
    OFF_TOPIC_QUESTIONS,
    FOLDS,
    MAX_LOST,
    MIN_BANK_QUESTIONS,
    SPELLING_SETTINGS,
    wordList,
    bridge,
    encoder,
  };
}
