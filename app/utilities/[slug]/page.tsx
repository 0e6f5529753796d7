import { collectionRoutes } from "@/components/collection-pages";

const routes = collectionRoutes("utilities");
export const dynamicParams = false;
export const generateStaticParams = routes.generateStaticParams;
export const generateMetadata = routes.generateMetadata;
export default routes.Page;
