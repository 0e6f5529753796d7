import { siteConfig } from "@/site.config";
import { siteUrl } from "@/lib/env";
import { docsIn } from "@/lib/content/corpus";
import { getPhotos } from "@/lib/photos/manifest";
import { pageMetadata } from "@/lib/site/metadata";
import { JsonLd } from "@/components/json-ld";
import { DatedList } from "@/components/dated-list";
import { PhotoStrip } from "@/components/photo-strip";

export const metadata = pageMetadata({ path: "/", title: siteConfig.title, description: siteConfig.description });

/** Who the owner is, what they wrote and photographed lately, and a quiet pointer for machines. */
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
          {siteConfig.author.jobTitle}. I review APIs, make websites fast, and help teams make their sites legible to machines.
        </p>
        <p>
          More <a href="/about">about me</a>, what I’m doing <a href="/now">now</a>, or <a href="/contact">get in touch</a>.
        </p>
        {siteConfig.demo ? (
          <p className="demo-note">
            Demo content about a fictional owner: replace <code>site.config.ts</code>, <code>content/</code> and <code>photos/</code> to
            make the site yours.
          </p>
        ) : null}
      </section>

      <div className="home-columns">
        <section aria-labelledby="home-writing">
          <h2 id="home-writing" className="section-label">
            Writing
          </h2>
          <DatedList docs={writing} />
          <p className="more">
            <a href="/writing">All writing →</a>
          </p>
        </section>
        <section aria-labelledby="home-garage">
          <h2 id="home-garage" className="section-label">
            From the garage
          </h2>
          <DatedList docs={garage} />
          <p className="more">
            <a href="/garage">All garage notes →</a>
          </p>
        </section>
      </div>

      {photos.length ? (
        <section aria-labelledby="home-photos">
          <h2 id="home-photos" className="section-label">
            Recent photos
          </h2>
          <PhotoStrip photos={photos} />
          <p className="more">
            <a href="/photos">All photos →</a>
          </p>
        </section>
      ) : null}

      <section aria-labelledby="home-machines" className="for-machines">
        <h2 id="home-machines" className="section-label">
          For machines
        </h2>
        <p>
          Every page has a Markdown twin, and the site doubles as a keyless, read-only JSON API: see the <a href="/developers">API guide</a>
          , the <a href="/openapi.json">OpenAPI document</a>, <a href="/llms.txt">llms.txt</a> and the{" "}
          <a href="/mcp/server-card">MCP server</a>.
        </p>
      </section>
    </div>
  );
}
