import { getStore } from "@/lib/store";
import { StoreUnavailableError } from "@/lib/store/errors";
import { countingOn } from "./count";
import { readLedger, type Ledger } from "./endpoint";

/** What the /ledger page and its twin show: the same read as /ledger.json. */
export type LedgerView = { state: "ready"; ledger: Ledger } | { state: "off" } | { state: "unavailable" };

export async function ledgerView(): Promise<LedgerView> {
  const store = getStore();
  if (!countingOn(store)) return { state: "off" };
  try {
    return { state: "ready", ledger: await readLedger(store) };
  } catch (e) {
    if (e instanceof StoreUnavailableError) return { state: "unavailable" };
    throw e;
  }
}

export const money = (usd: number) => `$${usd.toFixed(2)}`;
