/**
 * Everything that makes this site someone's own. The values below describe a fictional
 * demo owner: replace them (and `content/`, `photos/`) to run your own site.
 */
export const siteConfig = {
  demo: true,
  name: "Avery Quill",
  title: "Avery Quill — notes, photos and a public API",
  description:
    "The personal site of Avery Quill (a fictional demo owner): writing, garage notes, photographs and a keyless public API that machines can read as easily as people.",
  locale: "en-US",
  author: {
    name: "Avery Quill",
    email: "hello@example.com",
    jobTitle: "Software engineer",
  },
  links: [
    { label: "GitHub", href: "https://github.com/example" },
    { label: "Mastodon", href: "https://mastodon.example/@avery" },
  ],
  // Only pages that exist: each capability adds its page here when it lands.
  nav: [
    { label: "Developers", href: "/developers" },
    { label: "API", href: "/openapi.json" },
  ],
  timezone: "America/New_York",
} as const;

export type SiteConfig = typeof siteConfig;
