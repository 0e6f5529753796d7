import type { Metadata } from "next";
import { headers } from "next/headers";
import { publicBaseFromHeaders } from "@/lib/core/base-url";
import { buildGuide } from "@/lib/surface/endpoints";
import { DeveloperGuide } from "@/components/developer-guide";
import { JsonLd } from "@/components/json-ld";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";

export const metadata: Metadata = pageMetadata(pageMeta("/developers"));

export default async function DevelopersPage() {
  const base = publicBaseFromHeaders(await headers());
  const guide = buildGuide(base);
  return (
    <>
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "TechArticle",
          "@id": `${base}/developers`,
          url: `${base}/developers`,
          headline: "Developer guide",
          about: { "@type": "WebAPI", name: "Public API", documentation: `${base}/developers`, url: `${base}/openapi.json` },
        }}
      />
      <DeveloperGuide guide={guide} />
    </>
  );
}
