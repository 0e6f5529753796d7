/** The product token of this site's own crawler (lens and the around crawl): robots.txt groups address it by this name. */
export const SITE_CRAWLER_TOKEN = "SiteLens";

/** The User-Agent this site's crawler sends, pointing a site owner at the page that explains it. */
export function crawlerUserAgent(base: string): string {
  return `Mozilla/5.0 (compatible; ${SITE_CRAWLER_TOKEN}/1.0; +${base}/developers#lens)`;
}
