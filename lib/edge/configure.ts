import { envIssues, parseEnv, rawEnv, shareWithApp, type Env } from "@/lib/env";
import { bakedSiteUrl, canonicalSiteUrl } from "@/lib/site/baked-url";
import { deadlines, type Deadlines } from "./limits";
import { newStamp } from "./stamp";

/** What `npm start` is started with, checked before Next loads, and what the edge tells the app. */
export interface EdgeConfig {
  env: Env;
  port: number;
  hostname: string;
  stamp: string;
  deadlines: Deadlines;
  /** Only the edge's decisions are checked against it; the app reads its own copy of the environment. */
  endpointsViaNext: boolean;
}

/** Why the server cannot start as configured, in the owner's words; or the messages to log and the config. */
export type Startup = { refuse: string } | { config: EdgeConfig; notes: string[] };

/**
 * Checks the environment and the build against each other. Prerendered pages hold the
 * absolute URLs of the address the build was made for (canonical links, og:url, JSON-LD,
 * the sitemap): serving them under another SITE_URL would send crawlers and share cards to
 * the wrong host, so that is refused, with the fix.
 */
export function startup(source: Record<string, string | undefined>, baked: string | null): Startup {
  if (source.SITE_URL?.trim()) {
    const runtime = canonicalSiteUrl(source.SITE_URL.trim());
    // The rule is lib/env.ts's (an http(s) origin), which the build enforces; named here as the owner wrote it.
    if (!/^https?:\/\/[^/?#]+$/.test(runtime))
      return { refuse: `SITE_URL is ${source.SITE_URL}: it must be the site's address, scheme and host only, such as https://example.com` };
    if (baked && runtime !== baked)
      return {
        refuse:
          `This build's pages carry absolute URLs for ${baked}, but SITE_URL is ${runtime}.\n` +
          `Build again with the address the site is served at: SITE_URL=${runtime} npm run build`,
      };
  }
  const issues = envIssues(source);
  if (issues.length) return { refuse: `The environment cannot be used as set:\n  ${issues.join("\n  ")}` };
  const env = parseEnv(source);
  const notes: string[] = [];
  // Without SITE_URL, pages rendered per request name the build's address too (lib/env.ts
  // siteUrl), so every page's canonical link, og:url, JSON-LD and the sitemap agree; API
  // answers and twins follow the request's host. Said at start, since that address may not be this one.
  if (!env.SITE_URL && baked) {
    const local = /^https?:\/\/(localhost|127\.|\[::1\])/.test(baked);
    notes.push(
      `> SITE_URL is not set: pages name ${baked} (the build's address) in canonical links, share cards and the sitemap;` +
        ` the API and Markdown twins use each request's host. ` +
        (local ? "For a public site, build and start with SITE_URL=https://…" : `Start with SITE_URL=${baked} to use it everywhere.`),
    );
  }
  return {
    config: {
      env,
      port: env.PORT,
      hostname: env.HOSTNAME,
      stamp: newStamp(),
      deadlines: deadlines(env),
      endpointsViaNext: env.ENDPOINTS_VIA_NEXT === "1",
    },
    notes,
  };
}

/** `startup` for this process: exits with the owner's message when it cannot start, else tells the app what only the edge knows. */
export function configure(distDir = ".next"): EdgeConfig {
  const baked = bakedSiteUrl(distDir);
  const result = startup(rawEnv(), baked);
  if ("refuse" in result) {
    console.error(result.refuse);
    process.exit(1);
  }
  for (const note of result.notes) console.log(note);
  const { config } = result;
  shareWithApp({ SITE_SERVER_STAMP: config.stamp, SITE_BUILT_URL: config.env.SITE_URL ? undefined : (baked ?? undefined) });
  return config;
}
