import { siteConfig } from "@/site.config";
import { NavLink } from "./nav-link";

/**
 * `nav`: the menu links this build serves (the layout filters site.config.ts's). On a wide
 * screen they are the left rail's list; on a phone the header is one row: the name, the
 * search and a "Menu" that opens the rest (a <details>, so it works without JavaScript).
 * Both lists are rendered and CSS shows one (globals.css, "Frame").
 */
export function SiteHeader({ nav }: { nav: readonly { label: string; href: string }[] }) {
  const search = nav.find((l) => l.href === "/search");
  const rest = nav.filter((l) => l !== search);
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
          <ul className="nav-wide">
            {nav.map((item) => (
              <li key={item.href}>
                <NavLink href={item.href}>{item.label}</NavLink>
              </li>
            ))}
          </ul>
          <div className="nav-phone">
            {search ? <NavLink href={search.href}>{search.label}</NavLink> : null}
            <details className="nav-menu">
              <summary>Menu</summary>
              <ul>
                {rest.map((item) => (
                  <li key={item.href}>
                    <NavLink href={item.href}>{item.label}</NavLink>
                  </li>
                ))}
              </ul>
            </details>
          </div>
        </nav>
      </div>
    </header>
  );
}
