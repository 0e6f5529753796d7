import { cronRoute } from "@/lib/jobs/route";

// Platform crons (vercel.json) run the jobs of lib/jobs/list.ts here; see lib/jobs/route.ts.
export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = cronRoute();
// The around crawl reads every firm in parallel, each within 10 s, plus a capped Crawl-delay.
export const maxDuration = 60;
