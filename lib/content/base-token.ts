/**
 * Generated text (twins, llms.txt, feeds) names the site's absolute URLs with this token;
 * the server puts in the base URL the request arrived at (or SITE_URL), so one build
 * serves correct links on any host and port. Content bodies may use it too (a `curl`
 * example): pages show the address their canonical links carry, twins and feeds the
 * request's, and search text drops it, leaving the site path.
 */
export const BASE_TOKEN = "{{base}}";

/** The token as the HTML renderer writes it in a link's or image's address, percent-encoded. */
const ENCODED_TOKEN = encodeURI(BASE_TOKEN);

export function withBase(text: string, base: string): string {
  return text.replaceAll(BASE_TOKEN, base).replaceAll(ENCODED_TOKEN, base);
}

/** Text for search and snippets: the token is dropped, so `{{base}}/search.json` reads as the path. */
export function withoutBase(text: string): string {
  return withBase(text, "");
}
