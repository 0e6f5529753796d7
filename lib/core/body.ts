import { ApiError } from "./errors";
import type { Endpoint } from "./endpoint";
import type { RawSource } from "./invoke";
import { validationError } from "./validation";
import { MAX_BODY_BYTES } from "./wire";

type PostBinding = NonNullable<NonNullable<Endpoint["http"]>["post"]>;

/** The value at a dotted path of a parsed body (`query.site`), or undefined. */
function at(body: unknown, dotted: string): unknown {
  let v: unknown = body;
  for (const key of dotted.split(".")) v = v !== null && typeof v === "object" ? (v as Record<string, unknown>)[key] : undefined;
  return v;
}

/** The JSON body of a POST, validated by its own schema and mapped onto the endpoint's input (body values win). */
export function postSource(req: Request, post: PostBinding, query: Record<string, string>): RawSource {
  let parsedBody: unknown;
  // The input fields the body gave (the rest came from the query string).
  const fromBody = new Set<string>();
  return {
    bodyField: (name) => (fromBody.has(name) ? post.fields[name] : undefined),
    partial: () => ({ ...query, ...(parsedBody && typeof parsedBody === "object" ? (parsedBody as Record<string, unknown>) : {}) }),
    read: async () => {
      const text = await readBody(req);
      try {
        parsedBody = JSON.parse(text);
      } catch {
        throw new ApiError("bad_request", "The request body is not valid JSON.", { extras: { field: "body" } });
      }
      const checked = post.body.safeParse(parsedBody);
      if (!checked.success) throw validationError(checked.error.issues, "body");
      const input: Record<string, unknown> = { ...query };
      for (const [name, dotted] of Object.entries(post.fields)) {
        const v = at(checked.data, dotted);
        if (v === undefined) continue;
        input[name] = v;
        fromBody.add(name);
      }
      return input;
    },
  };
}

/**
 * Every body the API takes is JSON: a body declared as anything else (a form, plain text,
 * multipart) is refused 415 before it is read. No Content-Type at all is taken as JSON.
 */
function checkJsonType(req: Request): void {
  const type = req.headers.get("content-type");
  if (type === null) return;
  const media = type.split(";")[0].trim().toLowerCase();
  if (media === "application/json" || /^application\/[\w.+-]+\+json$/.test(media)) return;
  throw new ApiError("unsupported_media_type", `A body of type ${JSON.stringify(media || type)} is not served here.`, {
    extras: { accepted: ["application/json"] },
  });
}

/**
 * A request body as text, refused past 64 KiB: at once when declared, else counted as it
 * streams (a chunked upload with no length), so no more than 64 KiB is ever held; the rest
 * is never read, and the connection closes behind the answer.
 */
export async function readBody(req: Request): Promise<string> {
  checkJsonType(req);
  // The rest of the body is never read, so the connection cannot carry another request.
  const tooLarge = () =>
    new ApiError("bad_request", `The request body is larger than ${MAX_BODY_BYTES} bytes.`, { headers: { connection: "close" } });
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch {
      // The client went away mid-upload: its error, answered to no one, and nothing to log.
      throw new ApiError("bad_request", "The request body did not arrive whole.", { headers: { connection: "close" } });
    }
    const { done, value } = next;
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks).toString("utf8");
}
