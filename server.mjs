// @ts-check
// What `npm start` runs: Node's HTTP server with the site's edge (lib/edge) in front of Next.
// The edge decides everything (who the caller is, limits and deadlines, which handler answers,
// the headers and encoding of what it answers); this file only wires it to Next and listens.
// Plain JS, so production needs no TypeScript loader: the edge is compiled by `npm run build`
// (scripts/build-edge.ts) into .edge/index.mjs.
import next from "next";

const bundle = new URL("./.edge/index.mjs", import.meta.url);
/** @type {typeof import("./lib/edge/index")} */
const edge = await import(bundle.href).catch(() => {
  console.error("The edge is not built (.edge/index.mjs is missing): run `npm run build` first.");
  process.exit(1);
});

// Checked before Next loads: a SITE_URL the build was not made for is refused here.
const config = edge.configure();
const app = next({ dev: false, hostname: config.hostname, port: config.port });
const handle = app.getRequestHandler();
await app.prepare();
edge.listen(await edge.edgeServer(config, (req, res) => handle(req, res)), config);
