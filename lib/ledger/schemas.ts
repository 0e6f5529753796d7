import { z } from "zod";
import { named, ErrorSchema } from "@/lib/core/schemas";
import { LEDGER_DAYS } from "./count";

export const PRICE_PER_PAGE_USD = 0.01;

const CrawlerTotalSchema = named(
  "LedgerCrawler",
  z.object({
    token: z.string().meta({ description: "The crawler's User-Agent product token" }),
    owner: z.string(),
    role: z.enum(["train", "search", "answers"]).meta({ description: "What its operator says it fetches for" }),
    pages: z.int().meta({ description: "Pages it fetched in the period" }),
    usd: z.number().meta({ description: "pages × the price per page" }),
  }),
);

const DaySchema = named(
  "LedgerDay",
  z.object({
    date: z.string().meta({ description: "UTC day, YYYY-MM-DD" }),
    pages: z.int(),
    usd: z.number(),
    crawlers: z.record(z.string(), z.int()).meta({ description: "Pages per crawler token that day (only crawlers that came)" }),
  }),
);

const ledgerFields = {
  from: z.string().meta({ description: "First UTC day covered, YYYY-MM-DD" }),
  to: z.string().meta({ description: "Last UTC day covered (today), YYYY-MM-DD" }),
  days: z
    .array(DaySchema)
    .meta({ description: `The last ${LEDGER_DAYS} UTC days, oldest first, one entry per day (empty in an error body)` }),
  crawlers: z.array(CrawlerTotalSchema).meta({ description: "Totals per crawler, most pages first (only crawlers that came)" }),
  pages: z.int().meta({ description: "Pages fetched by identified AI crawlers in the period" }),
  usd: z.number().meta({ description: "Their price: pages × pricePerPageUsd" }),
  pricePerPageUsd: z.literal(PRICE_PER_PAGE_USD),
  note: z.string(),
};

export const LedgerSchema = named(
  "Ledger",
  z.object(ledgerFields),
  `Identified AI-crawler visits to this site's pages and Markdown twins over the last ${LEDGER_DAYS} days, priced at one cent per page as commentary (nobody is billed).`,
);

export const LedgerErrorSchema = named(
  "LedgerError",
  ErrorSchema.and(z.object(ledgerFields)),
  "An error of /ledger.json: the Error fields (with `code`) in the Ledger shape, with no days.",
);
