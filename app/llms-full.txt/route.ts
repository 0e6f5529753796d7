import { artifactRoute } from "@/lib/site/artifact-response";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = artifactRoute("llms-full.txt", "text/markdown; charset=utf-8");
