import { z } from "zod";
import { named } from "@/lib/core/schemas";

export const RelLinkSchema = named(
  "RelLink",
  z.object({
    rel: z.string().meta({ description: "Link relation(s), lowercased" }),
    href: z.string().meta({ description: "Absolute target" }),
    type: z.string().optional(),
    title: z.string().optional(),
    hreflang: z.string().optional(),
  }),
  "A <link> or <a> with a rel attribute.",
);
