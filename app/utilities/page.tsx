import { collectionRoutes } from "@/components/collection-pages";

const routes = collectionRoutes("utilities");
export const metadata = routes.indexMetadata();
// A utility of a live feature is listed only while the feature is on, which the server decides when it starts (lib/features).
export const dynamic = "force-dynamic";
export default routes.Index;
