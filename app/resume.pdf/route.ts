import { endpointHandlers } from "@/lib/core/route";
import { resumePdf } from "@/lib/resume/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(resumePdf);
