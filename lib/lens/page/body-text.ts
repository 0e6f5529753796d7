/**
 * What kind of body came back and how to read it as text. Binary bodies are reported by
 * size only; text is decoded with the charset the response (or the page) declares.
 */

const TEXT_TYPES =
  /^(text\/|application\/(xhtml\+xml|xml|json|ld\+json|javascript|ecmascript|rss\+xml|atom\+xml|feed\+json|manifest\+json|x-www-form-urlencoded|yaml|x-yaml|toml|linkset\+json)$|.*\+(json|xml)$|image\/svg\+xml$)/i;

export function mediaType(contentType: string): string {
  return contentType.split(";")[0].trim().toLowerCase();
}

export function isHtmlType(contentType: string): boolean {
  const t = mediaType(contentType);
  return t === "text/html" || t === "application/xhtml+xml";
}

/** Binary by declared type, or, when the type is missing, by a NUL byte near the start. */
export function isBinary(contentType: string, body: Buffer): boolean {
  const t = mediaType(contentType);
  if (t) return !TEXT_TYPES.test(t);
  return body.subarray(0, 1024).includes(0);
}

/** A body with no declared type that looks like HTML is read as HTML, as browsers do. */
export function looksLikeHtml(text: string): boolean {
  return /^\s*(<!doctype html|<html|<head|<body|<!--)/i.test(text.slice(0, 512));
}

export function decodeText(body: Buffer, contentType: string): string {
  const declared = /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType)?.[1] ?? sniffMetaCharset(body);
  for (const label of [declared, "utf-8"]) {
    if (!label) continue;
    try {
      return new TextDecoder(label).decode(body);
    } catch {
      // Unknown label: fall through to UTF-8.
    }
  }
  return body.toString("utf8");
}

function sniffMetaCharset(body: Buffer): string | undefined {
  const head = body.subarray(0, 1024).toString("latin1");
  return /<meta[^>]+charset\s*=\s*["']?([\w.:-]+)/i.exec(head)?.[1];
}
