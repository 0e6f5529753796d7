// subset-font ships no types: the part of its API the build uses (scripts/build/fonts.ts).
declare module "subset-font" {
  type Axis = number | { min: number; max: number; default?: number };
  export default function subsetFont(
    font: Buffer,
    text: string,
    options?: { targetFormat?: "sfnt" | "woff" | "woff2" | "truetype"; variationAxes?: Record<string, Axis>; noLayoutClosure?: boolean },
  ): Promise<Buffer>;
}
