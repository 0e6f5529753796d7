import { health } from "@/lib/meta/health";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = health.handlers;
