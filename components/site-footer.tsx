import { siteConfig } from "@/site.config";
import { NavLink } from "./nav-link";
import { isSitePage } from "@/lib/site/paths";

/** The resume is optional (content/resume.json): no link to a page this build does not have. */
const shown = (href: string) => href !== "/resume" || isSitePage(href);

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="shell">
        <span>© {siteConfig.name}</span>
        {siteConfig.footer
          .filter((l) => shown(l.href))
          .map((l) => (
            <NavLink key={l.href} href={l.href}>
              {l.label}
            </NavLink>
          ))}
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
