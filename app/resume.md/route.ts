import { endpointHandlers } from "@/lib/core/route";
import { resumeMd } from "@/lib/resume/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(resumeMd);
