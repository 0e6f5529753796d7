import path from "node:path";
import { build } from "esbuild";

/**
 * Compiles the edge (lib/edge/index.ts and the few plain modules it imports) into
 * `.edge/index.mjs`, the file server.mjs imports: `npm start` runs on Node 20 with no
 * TypeScript loader. Packages stay in node_modules (zod, next), resolved at run time.
 * `lib/edge/bundle.test.ts` checks what goes in.
 */
export const EDGE_ENTRY = "lib/edge/index.ts";
export const EDGE_OUT = ".edge/index.mjs";

export async function buildEdge(root = process.cwd(), outfile = path.join(root, EDGE_OUT)) {
  return build({
    absWorkingDir: root,
    entryPoints: [EDGE_ENTRY],
    outfile,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: path.join(root, "tsconfig.json"),
    metafile: true,
    logLevel: "warning",
    banner: { js: "// Built by scripts/build-edge.ts from lib/edge: edit those files, not this one." },
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const started = performance.now();
  await buildEdge();
  console.log(`  edge           ${Math.round(performance.now() - started)} ms  ${EDGE_OUT}`);
}
