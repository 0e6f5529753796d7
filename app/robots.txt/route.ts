import { robotsRoute } from "@/lib/site/robots";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = robotsRoute;
