/**
 * Generated text (twins, llms.txt, feeds) names the site's absolute URLs with this token;
 * the server puts in the base URL the request arrived at (or SITE_URL), so one build
 * serves correct links on any host and port.
 */
export const BASE_TOKEN = "{{base}}";

export function withBase(text: string, base: string): string {
  return text.replaceAll(BASE_TOKEN, base);
}
