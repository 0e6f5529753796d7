import { z } from "zod";
import { defineEndpoint } from "@/lib/core/endpoint";
import { ApiError } from "@/lib/core/errors";
import { named } from "@/lib/core/schemas";
import { processSingleton } from "@/lib/process-singleton";
import { DIRECTORY_MEDIA, DIRECTORY_PATH, keyDirectory, NoSigningKey } from "./identity";

const DirectorySchema = named(
  "HttpMessageSignaturesDirectory",
  z.object({
    keys: z.array(
      z.object({
        kty: z.literal("OKP"),
        crv: z.literal("Ed25519"),
        x: z.string(),
        kid: z.string().meta({ description: "RFC 7638 JWK thumbprint: the keyid lens's signatures name" }),
      }),
    ),
    purpose: z.string(),
  }),
  "Web Bot Auth key directory: the public keys lens signs its requests with.",
);

/** The signature of the directory response, made in run() and sent by headers() of the same request. */
const signatures = () => processSingleton<Map<string, Record<string, string>>>("lens-directory-signatures", () => new Map());

export const keyDirectoryEndpoint = defineEndpoint({
  name: "getBotKeyDirectory",
  summary: "Lens's Web Bot Auth key directory",
  description: `The public keys of SiteLens, this site's crawler (the one /lens/fetch sends), as an HTTP Message Signatures directory (draft-meunier-http-message-signatures-directory). Every lens request carries \`Signature-Agent: "<this site>${DIRECTORY_PATH}"\`, \`Signature-Input\` (covering @authority and signature-agent, tag web-bot-auth, keyid = the key's JWK thumbprint) and \`Signature\`; this response is itself signed (tag http-message-signatures-directory).`,
  tag: "lens",
  policy: "read",
  output: DirectorySchema,
  outputDescription: "The key directory",
  errors: [
    {
      status: 503,
      code: "not_configured",
      description: "No signing key is configured on this site, so lens's requests are unsigned",
    },
  ],
  run: async (_input, { base }) => {
    try {
      const { body, headers } = await keyDirectory(base);
      signatures().set(body.keys[0].kid, headers);
      return body;
    } catch (e) {
      if (e instanceof NoSigningKey)
        throw new ApiError("not_configured", e.message, { hint: "Lens's requests stay unsigned until the site has a key." });
      throw e;
    }
  },
  http: {
    path: DIRECTORY_PATH,
    media: DIRECTORY_MEDIA,
    cache: { maxAge: 3600 },
    headers: (data) => signatures().get(data.keys[0]?.kid ?? "") ?? {},
  },
  mcp: false,
});
