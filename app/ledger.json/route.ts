import { endpointHandlers } from "@/lib/core/route";
import { getCrawlLedger } from "@/lib/ledger/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(getCrawlLedger);
