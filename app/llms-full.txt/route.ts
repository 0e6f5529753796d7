import { endpointHandlers } from "@/lib/core/route";
import { llmsFullTxt } from "@/lib/content/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(llmsFullTxt);
