import { endpointHandlers } from "@/lib/core/http";
import { getCrawlLedger } from "@/lib/ledger/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(getCrawlLedger);
