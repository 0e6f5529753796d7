import { collectionRoutes } from "@/components/collection-pages";

const routes = collectionRoutes("utilities");
export const metadata = routes.indexMetadata();
export default routes.Index;
