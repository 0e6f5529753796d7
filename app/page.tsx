import { siteConfig } from "@/site.config";
import { siteUrl } from "@/lib/env";
import { JsonLd } from "@/components/json-ld";

export default function HomePage() {
  const base = siteUrl();
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
          author: { "@type": "Person", name: siteConfig.author.name, jobTitle: siteConfig.author.jobTitle },
        }}
      />
      {siteConfig.demo ? (
        <p className="demo-note">
          This is demo content about a fictional owner. Replace <code>site.config.ts</code>, <code>content/</code> and{" "}
          <code>photos/</code> to make the site yours.
        </p>
      ) : null}
      <h1>Hello, I’m {siteConfig.author.name}.</h1>
      <p className="lede">{siteConfig.description}</p>
      <p>
        Everything here is meant to be read by people and by machines alike. Every page has a Markdown twin, and the site
        doubles as a small public API: keyless, read-only and free, described in one{" "}
        <a href="/openapi.json">OpenAPI document</a>.
      </p>
      <h2>For machines</h2>
      <ul className="cards">
        <li>
          <strong>
            <a href="/developers">Developer guide</a>
          </strong>
          Every endpoint with its parameters, limits, errors and a curl example.
        </li>
        <li>
          <strong>
            <a href="/openapi.json">OpenAPI 3.1</a>
          </strong>
          The one description the server, the docs and the tools are generated from.
        </li>
        <li>
          <strong>
            <a href="/.well-known/api-catalog">API catalog</a>
          </strong>
          An RFC 9727 linkset pointing agents at the description and the docs.
        </li>
        <li>
          <strong>
            <a href="/health.json">Health</a>
          </strong>
          Whether the service and its store are up.
        </li>
      </ul>
    </>
  );
}
