import { readFile, readdir } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { CARD_FACES, cardFonts, cardSvg } from "@/scripts/build/og-images";

const ROOT = path.resolve(import.meta.dirname, "..");
const site = { name: "Avery Quill", host: "example.org" };

describe("share cards are drawn in the site's fonts (scripts/build/og-images.ts)", () => {
  it("gives the renderer Source Serif 4, the Fontsource file the pages use, at the cards' weights (titles at the headings' 600)", async () => {
    const fonts = await cardFonts("WRITING Shooting Classic Chrome in a New York winter Ελληνικά Avery Quill example.org");
    const expected = { label: ["Source Serif 4", 700], body: ["Source Serif 4", 400], title: ["Source Serif 4", 600] } as const;
    for (const [role, faces] of Object.entries(fonts) as [keyof typeof CARD_FACES, (typeof fonts)["label"]][]) {
      expect(faces.length, role).toBeGreaterThan(0);
      const pkg = CARD_FACES[role].pkg;
      for (const face of faces) {
        // The face HarfBuzz shapes with names itself as the site's family, and comes from the site's package.
        expect(face.family, `${role}: ${face.file}`).toBe(expected[role][0]);
        expect(face.weight, role).toBe(expected[role][1]);
        expect(path.relative(ROOT, face.file)).toMatch(
          new RegExp(`^node_modules/@fontsource-variable/${pkg}/files/${pkg}-[a-z-]+-wght-normal\\.woff2$`),
        );
      }
      // Latin first, and a Greek subset for the Greek word.
      expect(path.basename(faces[0].file), role).toContain("-latin-wght");
      expect(
        faces.some((f) => f.file.includes("-greek-")),
        role,
      ).toBe(true);
    }
    const files = await readdir(path.join(ROOT, "node_modules/@fontsource-variable/source-serif-4/files"));
    expect(files).toContain(path.basename(fonts.label[0].file));
    // The pages set their headings in the same face and weight.
    const css = await readFile(path.join(ROOT, "app/globals.css"), "utf8");
    expect(css).toMatch(/h4 \{\n  font-family: var\(--font-body\);\n  font-weight: 600;/);
  });

  it("leaves no letter to the machine's fonts: every letter is a path, and the text is there", async () => {
    const card = { path: "/writing/x", title: "Shooting Classic Chrome in a New York winter", label: "Writing" };
    const fonts = await cardFonts(`${card.label.toUpperCase()} ${card.title} ${site.name} ${site.host}`);
    const svg = await cardSvg(card, site, fonts);
    expect(svg).not.toMatch(/<text|font-family/);
    expect((svg.match(/<path /g) ?? []).length).toBeGreaterThanOrEqual(4);
    const png = await sharp(Buffer.from(svg)).png().toBuffer();
    expect(await sharp(png).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it("the home card says who this is beside photos, the gallery's shows photos, a photo essay's its photograph", async () => {
    const photo = path.join(ROOT, "photos/demo-01-hilltop-sunset.jpg");
    const home = { path: "/", title: "Avery Quill", label: "Software engineer", lede: "I review APIs.", photos: [photo, photo, photo] };
    const gallery = { path: "/photos", title: "Photos", label: "Photos", photos: [photo, photo, photo, photo] };
    const fonts = await cardFonts("SOFTWARE ENGINEER Avery Quill I review APIs. PHOTOS Photos example.org");
    expect((await cardSvg(home, site, fonts)).match(/<image /g)).toHaveLength(3);
    expect((await cardSvg(gallery, site, fonts)).match(/<image /g)).toHaveLength(4);
    expect((await cardSvg({ path: "/about", title: "About", label: "Page" }, site, fonts)).match(/<image /g)).toBeNull();
    const essay = { path: "/writing/x", title: "Photos", label: "Photos", photos: [photo] };
    expect((await cardSvg(essay, site, fonts)).match(/<image /g)).toHaveLength(1);
  });
});
