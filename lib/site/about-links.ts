/** One link of the home page's "More about me, what I’m doing now, or get in touch." */
export interface AboutPart {
  href: string;
  /** What comes before the link: the joining comma or ", or ", then the link's lead-in. */
  before: string;
  text: string;
}

const PARTS = [
  { href: "/about", lead: "more ", text: "about me" },
  { href: "/now", lead: "what I’m doing ", text: "now" },
  { href: "/contact", lead: "", text: "get in touch" },
] as const;

const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The sentence's parts for the pages this build has, joined as English joins a list, so an
 * owner who deletes content/pages/now.md leaves no 404 on the home page. None: no sentence.
 */
export function aboutParts(served: (path: string) => boolean): AboutPart[] {
  const kept = PARTS.filter((p) => served(p.href));
  return kept.map((p, i) => {
    const join = i === 0 ? "" : i === kept.length - 1 ? (kept.length > 2 ? ", or " : " or ") : ", ";
    const first = i === 0;
    return { href: p.href, before: join + (first ? capital(p.lead) : p.lead), text: first && !p.lead ? capital(p.text) : p.text };
  });
}
