import { WebMcpTools } from "@/components/webmcp";
import { UrlForms } from "@/components/url-forms";
import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { siteConfig } from "@/site.config";
import { siteUrl } from "@/lib/env";
import { SiteHeader } from "@/components/site-header";
import { SiteFooter } from "@/components/site-footer";
import { SITE_ALTERNATE_TYPES, shareCard } from "@/lib/site/metadata";
import { preloadLayoutFonts } from "@/lib/site/font-preloads";
import { footerLinks, navLinks } from "@/lib/surface/chrome-links";
import { FONT_VARIABLES } from "./fonts";
import "./globals.css";

export const metadata: Metadata = {
  metadataBase: new URL(siteUrl()),
  title: { default: siteConfig.title, template: `%s — ${siteConfig.name}` },
  description: siteConfig.description,
  authors: [{ name: siteConfig.author.name }],
  openGraph: {
    type: "website",
    siteName: siteConfig.name,
    locale: siteConfig.locale.replace("-", "_"),
    images: [shareCard("/", siteConfig.title)],
  },
  twitter: { card: "summary_large_image", images: [{ url: shareCard("/", siteConfig.title).url, alt: siteConfig.title }] },
  alternates: { types: { ...SITE_ALTERNATE_TYPES } },
};

export const viewport: Viewport = {
  width: "device-width",
  initialScale: 1,
  themeColor: [
    { media: "(prefers-color-scheme: light)", color: "#fbfaf7" },
    { media: "(prefers-color-scheme: dark)", color: "#161513" },
  ],
};

export default function RootLayout({ children }: { children: ReactNode }) {
  preloadLayoutFonts();
  return (
    <html lang={siteConfig.locale} className={FONT_VARIABLES}>
      <body>
        <a className="skip" href="#main">
          Skip to content
        </a>
        {/* One frame: on a wide screen the header becomes a left rail beside the reading column (globals.css, "Frame"). */}
        <div className="frame">
          <SiteHeader nav={navLinks()} />
          <main id="main" className="shell">
            {children}
          </main>
          <SiteFooter links={footerLinks()} />
        </div>
        <WebMcpTools />
        <UrlForms />
      </body>
    </html>
  );
}
