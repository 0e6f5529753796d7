import { Fragment, type ReactNode } from "react";
import { siteConfig } from "@/site.config";
import { siteUrl } from "@/lib/env";
import { docsIn } from "@/lib/content/corpus";
import { getPhotos } from "@/lib/photos/manifest";
import { pageMetadata } from "@/lib/site/metadata";
import { JsonLd } from "@/components/json-ld";
import { DatedList } from "@/components/dated-list";
import { PhotoStrip } from "@/components/photo-strip";
import { isSitePage } from "@/lib/site/paths";
import { aboutParts } from "@/lib/site/about-links";
import { PAGES, PAGE_PATHS } from "@/lib/site/pages";

export const metadata = pageMetadata({ path: "/", title: siteConfig.title, description: siteConfig.description });
// "Live on this site" lists the live features that are on, which the server decides when it starts (lib/features).
export const dynamic = "force-dynamic";

/**
 * Who the owner is (said once: the header leaves the name and role to this page's heading,
 * globals.css "Home"), what they wrote and photographed lately, the live pages, a quiet
 * pointer for machines, and last the demo notice. Every block ends at one right edge.
 */
export default function HomePage() {
  const base = siteUrl();
  const writing = docsIn("writing").slice(0, 5);
  const garage = docsIn("garage").slice(0, 5);
  const photos = getPhotos().manifest.photos.slice(0, 5);
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
      <section className="home-intro" aria-labelledby="hello">
        <h1 id="hello">{siteConfig.author.name}</h1>
        <p className="lede">
          {siteConfig.author.jobTitle}. {siteConfig.author.intro}
        </p>
        <AboutLinks />
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

      <section aria-labelledby="home-machines" className="for-machines">
        <h2 id="home-machines" className="section-label">
          For machines
        </h2>
        <p>
          Every page has a Markdown twin, and the site doubles as a keyless, read-only JSON API: see the <a href="/developers">API guide</a>
          , the <a href="/openapi.json">OpenAPI document</a>, the <a href="/.well-known/api-catalog">API catalog</a>,{" "}
          <a href="/llms.txt">llms.txt</a> and the <a href="/mcp/server-card">MCP server</a>. New writing comes as an{" "}
          <a href="/feed.xml">Atom feed</a> and a <a href="/feed.json">JSON Feed</a>.
        </p>
      </section>
      {/* Last, for whoever runs a copy: a visitor meets the owner first, not the template. */}
      {siteConfig.demo ? (
        <p className="demo-note">
          Demo content about a fictional owner: replace <code>site.config.ts</code>, <code>content/</code> and <code>photos/</code> to make
          the site yours.
        </p>
      ) : null}
    </div>
  );
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
            {" · "}
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
