import { countWords } from "./dom";
import type { PageScan } from "./scan";

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

export function htmlAnatomy(scan: PageScan): HtmlAnatomy {
  return { text: scan.text, wordCount: countWords(scan.text), imgTotal: scan.imgTotal, imgNoAlt: scan.imgNoAlt, headings: scan.headings };
}
