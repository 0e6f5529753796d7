import type { CheerioAPI } from "cheerio/slim";
import { collapse, countWords, visibleText } from "./dom";

export const MAX_HEADINGS = 500;

export interface Heading {
  level: number;
  text: string;
}

export interface HtmlAnatomy {
  text: string;
  wordCount: number;
  imgTotal: number;
  /** Images without an alt attribute at all; alt="" marks a decorative image and counts as described. */
  imgNoAlt: number;
  headings: Heading[];
}

export function htmlAnatomy($: CheerioAPI): HtmlAnatomy {
  const root = $("body").length ? $("body").toArray() : $.root().toArray();
  const text = visibleText(root);
  const images = $("img").toArray();
  const headings = $("h1, h2, h3, h4, h5, h6")
    .toArray()
    .slice(0, MAX_HEADINGS)
    .map((h) => ({ level: Number(h.name.slice(1)), text: collapse($(h).text()) }));
  return {
    text,
    wordCount: countWords(text),
    imgTotal: images.length,
    imgNoAlt: images.filter((img) => img.attribs.alt === undefined).length,
    headings,
  };
}
