"use client";

import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** Whether `href` is the section `pathname` is in: /writing marks /writing and /writing/x. */
export function isCurrent(pathname: string, href: string): boolean {
  if (href === "/") return pathname === "/";
  return pathname === href || pathname.startsWith(`${href}/`);
}

/**
 * A menu link that marks the page the visitor is on (aria-current="page"), also on the
 * section's nested pages. Rendered on the server too (prerendered pages carry the mark);
 * a client component only because a layout is not told the path it renders for.
 */
export function NavLink({ href, children }: { href: string; children: ReactNode }) {
  const pathname = usePathname() ?? "";
  return (
    <a href={href} aria-current={isCurrent(pathname, href) ? "page" : undefined}>
      {children}
    </a>
  );
}
