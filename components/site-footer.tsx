import { siteConfig } from "@/site.config";
import { NavLink } from "./nav-link";

/** `links`: the footer links this build serves (the layout filters site.config.ts's). */
export function SiteFooter({ links }: { links: readonly { label: string; href: string }[] }) {
  return (
    <footer className="site-footer">
      <div className="shell">
        <nav aria-label="Footer" className="footer-links">
          {links.map((l) => (
            <NavLink key={l.href} href={l.href}>
              {l.label}
            </NavLink>
          ))}
          {siteConfig.links.map((l) => (
            <a key={l.href} href={l.href} rel="me">
              {l.label}
            </a>
          ))}
        </nav>
        <p className="footer-note">
          © {siteConfig.name}
          {siteConfig.demo ? " · Demo content: a fictional owner." : null}
        </p>
      </div>
    </footer>
  );
}
