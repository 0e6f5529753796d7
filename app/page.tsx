import { Fragment, type ReactNode } from "react";
import { siteConfig } from "@/site.config";
import { siteUrl } from "@/lib/env";
import { docsIn } from "@/lib/content/corpus";
import { getPhotos } from "@/lib/photos/manifest";
import { pageMetadata } from "@/lib/site/metadata";
import { JsonLd } from "@/components/json-ld";
import { DatedList } from "@/components/dated-list";
import { PhotoStrip } from "@/components/photo-strip";
import { PhotoPicture } from "@/components/photo-picture";
import { photoTitle } from "@/lib/photos/display";
import type { PhotoEntry } from "@/lib/photos/types";
import { isSitePage } from "@/lib/site/paths";
import { aboutParts } from "@/lib/site/about-links";
import { PAGES, PAGE_PATHS } from "@/lib/site/pages";

export const metadata = pageMetadata({ path: "/", title: siteConfig.title, description: siteConfig.description });
// "Live on this site" lists the live features that are on: prerendered with the build's decision (lib/features); a server deciding otherwise renders it itself (cache-handler.mjs).

/**
 * For people first: who the owner is (said once: the header leaves the name and role to
 * this page's heading, globals.css "Home") beside one of their photographs, what they wrote
 * and photographed lately, the live pages, and one quiet line for machines. Every block
 * ends at one right edge.
 */
export default function HomePage() {
  const base = siteUrl();
  const writing = docsIn("writing").slice(0, 5);
  const garage = docsIn("garage").slice(0, 5);
  const all = getPhotos().manifest.photos;
  const anchor = heroPhoto(all);
  const photos = all.filter((p) => p !== anchor).slice(0, 4);
  return (
    <div className="home wide">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "WebSite",
          "@id": `${base}/#website`,
          url: `${base}/`,
          name: siteConfig.name,
          description: siteConfig.description,
          author: { "@type": "Person", name: siteConfig.author.name, jobTitle: siteConfig.author.jobTitle, url: `${base}/about` },
          potentialAction: { "@type": "SearchAction", target: `${base}/search?q={query}`, "query-input": "required name=query" },
        }}
      />
      <section className={anchor ? "home-intro home-hero" : "home-intro"} aria-labelledby="hello">
        <div className="home-hero-text">
          <h1 id="hello">{siteConfig.author.name}</h1>
          <p className="lede">
            {siteConfig.author.jobTitle}. {siteConfig.author.intro}
          </p>
          <AboutLinks />
        </div>
        {anchor ? (
          <figure className="home-hero-photo">
            <a href={`/photos/${anchor.stem}`}>
              <PhotoPicture photo={anchor} box="4 / 3" priority sizes="(max-width: 960px) 100vw, 420px" />
            </a>
            <figcaption className="meta-line">{photoTitle(anchor)}</figcaption>
          </figure>
        ) : null}
      </section>

      <div className="home-columns">
        <HomeSection
          id="home-writing"
          label="Writing"
          more={{ href: "/writing", text: "All writing" }}
          also={{ href: "/tags", text: "By tag" }}
        >
          <DatedList docs={writing} />
        </HomeSection>
        <HomeSection id="home-garage" label="From the garage" more={{ href: "/garage", text: "All garage notes" }}>
          <DatedList docs={garage} />
        </HomeSection>
      </div>

      {photos.length ? (
        <HomeSection id="home-photos" label="Recent photos" more={{ href: "/photos", text: "All photos" }}>
          <PhotoStrip photos={photos} />
        </HomeSection>
      ) : null}

      <LivePages />

      {/* For machines, one quiet line: every page has a Markdown twin and the site is a keyless, read-only JSON API. */}
      <p className="for-machines">
        For machines: the <a href="/developers">API guide</a>, <a href="/openapi.json">OpenAPI</a>,{" "}
        <a href="/.well-known/api-catalog">API catalog</a>, <a href="/llms.txt">llms.txt</a>, <a href="/mcp/server-card">MCP</a>,{" "}
        <a href="/feed.xml">Atom</a> and <a href="/feed.json">JSON Feed</a>.
      </p>
    </div>
  );
}

/** The home page's photograph: the latest landscape one (a portrait would tower over the text beside it), else the latest. */
function heroPhoto(photos: readonly PhotoEntry[]): PhotoEntry | undefined {
  return photos.find((p) => p.sizes.jpg.width > p.sizes.jpg.height) ?? photos[0];
}

/** A labelled block of the home page with a link to the whole of what it samples. */
function HomeSection({
  id,
  label,
  more,
  also,
  children,
}: {
  id: string;
  label: string;
  more: { href: string; text: string };
  /** A second way into the same things (the writing by tag). */
  also?: { href: string; text: string };
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="section-label">
        {label}
      </h2>
      {children}
      <p className="more">
        <a href={more.href}>{more.text} →</a>
        {also ? (
          <>
            {" ·\u00a0"}
            <a href={also.href}>{also.text} →</a>
          </>
        ) : null}
      </p>
    </section>
  );
}

/**
 * The live pages the menu does not list (now playing, coffee, the crawls, lens), from the
 * page list, each with its own description: only those this server serves (a feature that is
 * off has no page).
 */
function LivePages() {
  const inMenu = new Set<string>(siteConfig.nav.map((l) => l.href));
  const live = PAGE_PATHS.filter((p) => PAGES[p].twin === "live" && !inMenu.has(p) && p.split("/").length === 2 && isSitePage(p));
  if (!live.length) return null;
  return (
    <section aria-labelledby="home-live" className="home-live">
      <h2 id="home-live" className="section-label">
        Live on this site
      </h2>
      <ul>
        {live.map((p) => (
          <li key={p}>
            <a href={p}>{PAGES[p].title}</a>: {PAGES[p].description}
          </li>
        ))}
      </ul>
    </section>
  );
}

/** "More about me, what I’m doing now, or get in touch.", with the pages this build has. */
function AboutLinks() {
  const parts = aboutParts(isSitePage);
  if (!parts.length) return null;
  return (
    <p>
      {parts.map((p) => (
        <Fragment key={p.href}>
          {p.before}
          <a href={p.href}>{p.text}</a>
        </Fragment>
      ))}
      .
    </p>
  );
}
