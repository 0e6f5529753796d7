import { artifactRoute } from "@/lib/site/artifact-response";

export const { GET, HEAD, POST, PUT, PATCH, DELETE } = artifactRoute("feed.xml", "application/atom+xml; charset=utf-8");
