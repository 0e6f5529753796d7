/**
 * `npm run lens:key`: prints a new Ed25519 private JWK for lens's Web Bot Auth identity, as
 * the line to put in the deployment's environment (required on Vercel, whose file system
 * does not keep the key lens would otherwise generate on first run).
 */
import { generatePrivateJwk } from "@/lib/lens";

const jwk = await generatePrivateJwk();
console.log(`LENS_SIGNING_KEY='${JSON.stringify(jwk)}'`);
console.error("Keep it secret; the public half is served at /.well-known/http-message-signatures-directory.");
