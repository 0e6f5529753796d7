// The public face of lens: everything outside lib/lens imports from here (public-face.test.ts).
export { lensFetch } from "./endpoint";
export { compareUrls, type LensSummary } from "./compare";
export { compareMarkdown, lensMarkdown } from "./markdown";
export { PARSE_CAP_BYTES, type LensObservation } from "./observe";
export { representationCapture, representationCompare } from "./snapshots";
export { keyDirectoryEndpoint } from "./identity-endpoint";
export { generatePrivateJwk } from "./identity";
export { getCensus } from "./census/endpoint";
export { censusMarkdown, censusView, latest } from "./census/view";
export { lensCensus } from "./census/job";
// The guarded fetch and the page reader, for the around crawl, which reads homepages as lens does.
export { safeFetch, LensFetchFailure, type FetchedResponse, type Resolver } from "./safe-fetch";
export { LensRefusal } from "./target-url";
export { decodeText, isHtmlType, looksLikeHtml } from "./page/body-text";
export { parseHtml } from "./page/dom";
export { scanPage } from "./page/scan";
