import { artifactRoute } from "@/lib/site/artifact-response";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = artifactRoute("llms.txt", "text/markdown; charset=utf-8");
