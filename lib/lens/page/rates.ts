/**
 * Input prices per million tokens, from each vendor's public pricing page on the date in
 * RATES_CHECKED. Re-check and bump the date when they change; nothing here is fetched.
 * Token counts use OpenAI's o200k_base vocabulary, exact for the OpenAI models and an
 * approximation for the others (their tokenizers are not published for offline use).
 */
export const RATES_CHECKED = "2025-11-01";

export interface Rate {
  model: string;
  usdPerMtok: number;
  /** Whether the o200k_base count is this model's own tokenizer. */
  exact: boolean;
}

export const RATES: readonly Rate[] = [
  { model: "gpt-4o", usdPerMtok: 2.5, exact: true },
  { model: "gpt-4o-mini", usdPerMtok: 0.15, exact: true },
  { model: "gpt-4.1", usdPerMtok: 2.0, exact: true },
  { model: "gpt-5", usdPerMtok: 1.25, exact: true },
  { model: "claude-sonnet-4.5", usdPerMtok: 3.0, exact: false },
  { model: "claude-haiku-4.5", usdPerMtok: 1.0, exact: false },
  { model: "gemini-2.5-pro", usdPerMtok: 1.25, exact: false },
  { model: "gemini-2.5-flash", usdPerMtok: 0.3, exact: false },
];
