import { endpointHandlers } from "@/lib/core/http";
import { llmsTxt } from "@/lib/content/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(llmsTxt);
