import { collectionRoutes } from "@/components/collection-pages";

const routes = collectionRoutes("writing");
export const metadata = routes.indexMetadata();
export default routes.Index;
