import { collectionRoutes } from "@/components/collection-pages";

const routes = collectionRoutes("utilities");
export const metadata = routes.indexMetadata();
// A utility of a live feature is listed only while the feature is on: prerendered with the build's decision (lib/features); a server deciding otherwise renders it itself (cache-handler.mjs).
export default routes.Index;
