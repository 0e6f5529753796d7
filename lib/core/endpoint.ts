import type { z } from "zod";
import type { ErrorCode } from "./errors";
import type { Caller } from "./caller";
import type { PolicyName } from "@/lib/ratelimit";
import type { FeatureName } from "@/lib/features/rule";

/**
 * The transport-neutral shape of every operation the site offers. An endpoint declares
 * what it takes (`input`), what it gives (`output`) and `run(input, ctx)`, which returns
 * data or throws ApiError; it never sees a request and never builds a response. HTTP
 * (lib/core/route.ts) and MCP (lib/surface/mcp) both reach `run` through `invoke()`.
 * HTTP-only forms (an event stream, Markdown, a PDF, extra headers) are declared in
 * `http`, drawn from the data `run` returned.
 */

/** The API's tags (the OpenAPI document's and the developer guide's sections): a closed set, so an endpoint cannot fall out of the guide by a typo. */
export const TAGS = {
  search: "Lexical search and natural-language questions over the site's pages",
  photos: "The published photo archive",
  lens: "How machines see a public URL",
  music: "The owner's current playlist",
  around: "A crawl of a few firm homepages and their changes",
  contact: "Bookable coffee slots",
  about: "The owner's resume",
  meta: "Descriptions of the API itself and its health",
} as const;
export type Tag = keyof typeof TAGS;

export type HttpMethod = "GET" | "POST";

/** What `run` may know of its caller and surroundings; the same under HTTP and MCP. */
export interface RunContext {
  caller: Caller;
  /** Public base URL without trailing slash, for absolute links in bodies. */
  base: string;
  /** Aborted when the caller goes away. */
  signal: AbortSignal;
  /** The operation invoked: the endpoint's name, or its POST operation's (askSiteStructured). */
  operation: string;
  /** Where the time went; HTTP reports it as Server-Timing. */
  timing(name: string, ms: number): void;
}

/** A documented non-200 answer of one endpoint (the shared ones are added by the OpenAPI builder). */
export interface ResponseDoc {
  status: number;
  description: string;
  code?: ErrorCode;
  /** Defaults to the shared Error schema. */
  schema?: z.ZodType;
}

export type CachePolicy = "no-store" | { maxAge: number; sMaxAge?: number; staleWhileRevalidate?: number };

/** Another representation of the same 200, chosen per request (e.g. /ask's event stream). */
export interface Representation<I = unknown, O = unknown> {
  media: string;
  schema: z.ZodType;
  description: string;
  applies(input: I): boolean;
  render(data: O, input: I, ctx: RunContext): BodyInit;
  headers?: Record<string, string>;
}

export interface HttpBinding<I = unknown, O = unknown> {
  path: string;
  /** Default GET. HEAD and OPTIONS are always answered alongside. */
  methods?: readonly HttpMethod[];
  /** POST: its own operation, whose JSON body is mapped onto the same input (body fields win). */
  post?: {
    operation: string;
    summary?: string;
    body: z.ZodType;
    /** A valid body: documented in /openapi.json and sent by the contract battery. */
    example: unknown;
    /**
     * Where each input field is in the body (`{ site: "query.site" }`): the body maps onto
     * the input by these paths (body values win over the query string's), and an input
     * error about a value the body gave names its body `field` rather than a `parameter`.
     */
    fields: Readonly<Record<string, string>>;
  };
  /** Media type of the 200 (default JSON). */
  media?: string;
  /** Bytes of the 200 body from the data (default: JSON). */
  encode?(data: O): string | Uint8Array;
  /** Extra headers of a 200, from the data. */
  headers?(data: O): Record<string, string>;
  representations?: readonly Representation<I, O>[];
  cache: CachePolicy;
  /** The representation depends on Accept (adds Vary: Accept). */
  negotiated?: boolean;
  /** Send a strong ETag of the body and answer If-None-Match with 304 (default: when cacheable; see `sendsEtag`). */
  etag?: boolean;
  example?: unknown;
}

/**
 * Whether a binding's 200 carries an ETag and answers If-None-Match with 304: every
 * cacheable answer does unless it says otherwise. One rule for the response and for
 * /openapi.json, which must declare the 304 wherever a client can get one.
 */
export function sendsEtag(http: Pick<HttpBinding<never, never>, "etag" | "cache">): boolean {
  return http.etag ?? http.cache !== "no-store";
}

export interface EndpointConfig<I extends z.ZodObject, O extends z.ZodType> {
  /** operationId in OpenAPI; the MCP tool name unless `mcp.name` says otherwise. */
  name: string;
  summary: string;
  description: string;
  tag: Tag;
  /** The budget a call draws on; a function sees the raw input (capture with no URL only reads). */
  policy: PolicyName | null | ((raw: Record<string, unknown>) => PolicyName | null);
  input?: I;
  output: O;
  outputDescription: string;
  errors?: ResponseDoc[];
  /**
   * Fields every error body of this endpoint carries (e.g. /ask echoes `query_id`, `results: []`);
   * `base` is the public base URL the caller is answered from (RunContext's).
   */
  errorExtras?: (raw: Record<string, unknown>, base: string) => Record<string, unknown>;
  run(input: z.output<I>, ctx: RunContext): Promise<z.input<O>> | z.input<O>;
  /**
   * The live feature it belongs to (lib/features). While that feature is off, `off` answers
   * instead of `run`: what the endpoint documents for a site without the feature (a 503
   * not_configured, a Pending, an empty history), and MCP does not list it as a tool.
   */
  feature?: { name: FeatureName; off(input: z.output<I>, ctx: RunContext): z.input<O> };
  /** How HTTP serves it; absent for an MCP-only tool. Its renderers get what `run` returned (checked against `output` only in development). */
  http?: HttpBinding<z.output<I>, z.input<O>>;
  /** MCP tool; `false` for what is not a tool (a PDF, a Markdown twin, the API's own descriptions). */
  mcp?: false | { name?: string; description?: string; /** It writes to the store (not read-only). */ stores?: boolean };
}

/** An endpoint at its own input and output types, as `Endpoint.open` hands it over. */
export type TypedEndpoint<I extends z.ZodObject, O extends z.ZodType> = EndpointConfig<I, O> & {
  /** The raw input validated; an endpoint that declares no input is handed an empty object. */
  parse(raw: Record<string, unknown>): z.ZodSafeParseResult<z.output<I>>;
};

/**
 * Any endpoint, as the registry lists them. Its own types live on behind `open`, which hands
 * them to a function generic in both, so invoke() and the HTTP encoder run and encode it
 * without casting its data.
 */
export type Endpoint = EndpointConfig<z.ZodObject, z.ZodType> & {
  /** Methods answered over HTTP, OPTIONS included (empty for an MCP-only tool). */
  allow: string[];
  open<R>(take: <I extends z.ZodObject, O extends z.ZodType>(e: TypedEndpoint<I, O>) => R): R;
};

const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export function defineEndpoint<I extends z.ZodObject, O extends z.ZodType>(config: EndpointConfig<I, O>): Endpoint {
  const served = new Set<string>();
  if (config.http) {
    const methods = config.http.methods ?? ["GET"];
    for (const m of methods) served.add(m);
    if (methods.includes("GET")) served.add("HEAD");
    served.add("OPTIONS");
  }
  const typed: TypedEndpoint<I, O> = {
    ...config,
    parse: (raw) => (config.input ? config.input.safeParse(raw) : { success: true, data: {} as z.output<I> }),
  };
  return { ...(config as unknown as Endpoint), allow: ALL_METHODS.filter((m) => served.has(m)), open: (take) => take(typed) };
}

export function httpMethods(e: Endpoint): readonly HttpMethod[] {
  return e.http?.methods ?? ["GET"];
}

export function toolName(e: Endpoint): string | undefined {
  if (e.mcp === false) return undefined;
  return e.mcp?.name ?? e.name;
}
