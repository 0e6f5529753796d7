import { siteConfig } from "@/site.config";
import { siteUrl } from "@/lib/env";
import { docsIn } from "@/lib/content/corpus";
import { pageMetadata } from "@/lib/site/metadata";
import { JsonLd } from "@/components/json-ld";
import { DocList } from "@/components/doc-list";

export const metadata = pageMetadata({ path: "/", title: siteConfig.title, description: siteConfig.description });

export default function HomePage() {
  const base = siteUrl();
  const writing = docsIn("writing").slice(0, 4);
  const garage = docsIn("garage").slice(0, 3);
  const utilities = docsIn("utilities");
  return (
    <>
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
      {siteConfig.demo ? (
        <p className="demo-note">
          This is demo content about a fictional owner. Replace <code>site.config.ts</code>, <code>content/</code> and <code>photos/</code>{" "}
          to make the site yours.
        </p>
      ) : null}
      <h1>Hello, I’m {siteConfig.author.name}.</h1>
      <p className="lede">{siteConfig.description}</p>
      <p>
        I review APIs, make websites fast, and help teams make their sites legible to machines. More <a href="/about">about me</a>, what I’m
        doing <a href="/now">now</a>, or <a href="/contact">get in touch</a>.
      </p>

      <h2>
        <a href="/writing">Writing</a>
      </h2>
      <DocList docs={writing} />

      <h2>
        <a href="/garage">From the garage</a>
      </h2>
      <DocList docs={garage} />

      <h2>For machines</h2>
      <p>
        Every page has a Markdown twin, and the site doubles as a keyless, read-only JSON API described in one{" "}
        <a href="/openapi.json">OpenAPI document</a>.
      </p>
      <ul className="cards">
        <li>
          <strong>
            <a href="/developers">Developer guide</a>
          </strong>
          Every endpoint with its parameters, limits, errors and a curl example.
        </li>
        <li>
          <strong>
            <a href="/utilities">Utilities</a>
          </strong>
          {utilities.length} things the API can do, described for people.
        </li>
        <li>
          <strong>
            <a href="/llms.txt">llms.txt</a>
          </strong>
          A map of the site for language models, with every page as Markdown.
        </li>
        <li>
          <strong>
            <a href="/.well-known/api-catalog">API catalog</a>
          </strong>
          An RFC 9727 linkset pointing agents at the description and the docs.
        </li>
      </ul>
    </>
  );
}
