import { collectionRoutes } from "@/components/collection-pages";

const routes = collectionRoutes("documents");
export const metadata = routes.indexMetadata();
export default routes.Index;
