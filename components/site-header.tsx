import Link from "next/link";
import { siteConfig } from "@/site.config";
import { NavLink } from "./nav-link";

/** `nav`: the menu links this build serves (the layout filters site.config.ts's). */
export function SiteHeader({ nav }: { nav: readonly { label: string; href: string }[] }) {
  return (
    <header className="site-header">
      <div className="shell">
        <div className="site-id">
          <Link href="/" className="site-name">
            {siteConfig.name}
          </Link>
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
