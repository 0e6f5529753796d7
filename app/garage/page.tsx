import { collectionRoutes } from "@/components/collection-pages";

const routes = collectionRoutes("garage");
export const metadata = routes.indexMetadata();
export default routes.Index;
