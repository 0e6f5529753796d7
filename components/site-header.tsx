import { siteConfig } from "@/site.config";
import { NavLink } from "./nav-link";

/** `nav`: the menu links this build serves (the layout filters site.config.ts's). */
export function SiteHeader({ nav }: { nav: readonly { label: string; href: string }[] }) {
  return (
    <header className="site-header">
      <div className="shell">
        <div className="site-id">
          {/* A plain link like every other on the site: next/link prefetched the home page's RSC payload
              (two requests, 8 KB) on every page's first load. */}
          <a href="/" className="site-name">
            {siteConfig.name}
          </a>
          <p className="site-role">{siteConfig.author.jobTitle}</p>
        </div>
        <nav className="site-nav" aria-label="Main">
          <ul>
            {nav.map((item) => (
              <li key={item.href}>
                <NavLink href={item.href}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </header>
  );
}
