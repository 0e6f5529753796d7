import Link from "next/link";
import { siteConfig } from "@/site.config";

export function SiteHeader() {
  return (
    <header className="site-header">
      <div className="shell">
        <Link href="/" className="site-name">
          {siteConfig.name}
        </Link>
        <nav className="site-nav" aria-label="Main">
          <ul>
            {siteConfig.nav.map((item) => (
              <li key={item.href}>
                <a href={item.href}>{item.label}</a>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
