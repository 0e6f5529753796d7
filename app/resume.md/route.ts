import { resumeMd } from "@/lib/resume/endpoints";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = resumeMd.handlers;
