import { endpointHandlers } from "@/lib/core/http";
import { getNowPlaying } from "@/lib/music/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(getNowPlaying);
