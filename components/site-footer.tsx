import { siteConfig } from "@/site.config";

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="shell">
        <span>© {siteConfig.name}</span>
        <a href="/developers">Developers</a>
        <a href="/openapi.json">OpenAPI</a>
        <a href="/.well-known/api-catalog">API catalog</a>
        <a href="/lens">Lens</a>
        <a href="/around">Around</a>
        <a href="/ledger">Crawler ledger</a>
        <a href="/rn">Now playing</a>
        <a href="/coffee">Coffee</a>
        {siteConfig.links.map((l) => (
          <a key={l.href} href={l.href} rel="me">
            {l.label}
          </a>
        ))}
        {siteConfig.demo ? <span>Demo content: a fictional owner.</span> : null}
      </div>
    </footer>
  );
}
