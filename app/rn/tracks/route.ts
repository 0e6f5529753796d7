import { endpointHandlers } from "@/lib/core/route";
import { getNowPlaying } from "@/lib/music/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(getNowPlaying);
