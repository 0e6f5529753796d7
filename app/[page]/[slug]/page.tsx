import { collectionEntryRoute } from "@/components/collection-pages";

// An entry of any collection without route files of its own (/writing/<slug>, /garage/<slug>…).
export const dynamicParams = false;
export const generateStaticParams = collectionEntryRoute.generateStaticParams;
export const generateMetadata = collectionEntryRoute.generateMetadata;
export default collectionEntryRoute.Page;
