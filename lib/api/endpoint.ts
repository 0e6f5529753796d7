import type { NextRequest } from "next/server";
import { z } from "zod";
import { ApiError, StoreUnavailableError, type ErrorCode } from "./errors";
import { identifyCaller, type Caller } from "./caller";
import { CORS_HEADERS, LINK_HEADER, PREFLIGHT_ALLOW_HEADERS, cacheControl, jsonResponse, type CachePolicy } from "./headers";
import { queryObject, validationError } from "./validation";
import { consume, policies, policyHeader, rateLimitHeader, type PolicyName } from "@/lib/ratelimit";
import { publicBase } from "./base-url";

export const SERVED_API_VERSIONS = ["1"] as const;
const ALL_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type AnyMethod = (typeof ALL_METHODS)[number];
export type ServedMethod = "GET" | "POST";
const MAX_BODY_BYTES = 64 * 1024;

/** A documented non-200 answer of one endpoint (the shared ones are added by the OpenAPI builder). */
export interface ResponseDoc {
  status: number;
  description: string;
  code?: ErrorCode;
  /** Defaults to the shared Error schema. */
  schema?: z.ZodType;
}

export interface HandlerContext<Q, B> {
  req: NextRequest;
  method: ServedMethod;
  query: Q;
  body: B;
  caller: Caller;
  /** Public base URL without trailing slash, for absolute links in bodies. */
  base: string;
  signal: AbortSignal;
}

export interface EndpointConfig<Q extends z.ZodObject, B extends z.ZodType | undefined, R extends z.ZodType> {
  path: string;
  operationId: string;
  /** Extra operationIds when a method other than GET has its own operation (POST /ask). */
  operationIds?: Partial<Record<ServedMethod, string>>;
  summary: string;
  description: string;
  tag: string;
  methods: readonly ServedMethod[];
  policy: PolicyName | null;
  query?: Q;
  body?: B;
  response: {
    schema: R;
    description: string;
    contentType?: string;
    example?: unknown;
    /** Other representations of the same 200 (e.g. an event stream), documented beside the main one. */
    alternates?: { contentType: string; schema: z.ZodType; description: string }[];
  };
  /**
   * Fields every error body of this endpoint carries besides the shared ones (e.g. /ask
   * echoes `query_id` and `results: []`). Gets the raw query string and the JSON body, if any.
   */
  errorExtras?: (input: { params: URLSearchParams; body: unknown }) => Record<string, unknown>;
  responses?: ResponseDoc[];
  cache: CachePolicy;
  /** Representation chosen by Accept (adds Vary: Accept). */
  negotiated?: boolean;
  /** Extra headers on every answer of this endpoint. */
  headers?: Record<string, string>;
  handler: (ctx: HandlerContext<z.output<Q>, B extends z.ZodType ? z.output<B> : undefined>) => Promise<z.input<R> | Response> | z.input<R> | Response;
}

export type RouteHandler = (req: NextRequest) => Promise<Response>;
export type Endpoint = Omit<EndpointConfig<z.ZodObject, z.ZodType | undefined, z.ZodType>, "handler"> & {
  allow: string[];
  handlers: Record<AnyMethod, RouteHandler>;
};

/**
 * The one wrapper every endpoint goes through. It alone decides statuses, headers and
 * error bodies: methods and 405/Allow, HEAD, OPTIONS, CORS, API-Version, rate limit,
 * validation, RateLimit/Link/Cache-Control headers and error conversion.
 */
export function defineEndpoint<Q extends z.ZodObject, B extends z.ZodType | undefined = undefined, R extends z.ZodType = z.ZodType>(
  config: EndpointConfig<Q, B, R>,
): Endpoint {
  const served = new Set<AnyMethod>([...config.methods, "OPTIONS"]);
  if (config.methods.includes("GET")) served.add("HEAD");
  const allow = ALL_METHODS.filter((m) => served.has(m));
  const allowHeader = allow.join(", ");
  const queryKeys = config.query ? Object.keys(config.query.shape) : [];
  const policy = config.policy ? policies[config.policy] : null;

  const baseHeaders = (): Record<string, string> => ({
    ...CORS_HEADERS,
    ...(config.negotiated ? { vary: "Accept" } : {}),
    "x-content-type-options": "nosniff",
    ...config.headers,
  });

  const errorResponse = (err: ApiError, extra: Record<string, string> = {}) =>
    jsonResponse(err.body(), err.status, { ...baseHeaders(), "cache-control": "no-store", ...extra, ...err.headers });

  async function serve(req: NextRequest, method: AnyMethod): Promise<Response> {
    if (method === "OPTIONS") {
      return new Response(null, {
        status: 204,
        headers: {
          ...baseHeaders(),
          allow: allowHeader,
          "access-control-allow-methods": allowHeader,
          "access-control-allow-headers": PREFLIGHT_ALLOW_HEADERS,
          "access-control-max-age": "86400",
        },
      });
    }
    if (!served.has(method)) {
      return errorResponse(
        new ApiError("method_not_allowed", `${method} is not served at ${config.path}; use ${allowHeader}.`, { extras: { allow } }),
        { allow: allowHeader },
      );
    }
    const version = req.headers.get("api-version");
    if (version !== null && !SERVED_API_VERSIONS.includes(version.trim() as "1")) {
      return errorResponse(
        new ApiError("unsupported_api_version", `API-Version ${JSON.stringify(version)} is not served; the only version is 1.`, {
          extras: { supported: [...SERVED_API_VERSIONS] },
        }),
      );
    }

    let limitHeaders: Record<string, string> = {};
    const caller = identifyCaller(req.headers);
    if (policy) {
      const result = await consume(policy.name, caller.key);
      limitHeaders = {
        "ratelimit-policy": policyHeader(policy),
        ratelimit: rateLimitHeader(policy, result.allowed ? result.remaining : 0, result.resetSeconds),
      };
      if (!result.allowed) {
        const retry = String(Math.min(60, Math.max(1, result.resetSeconds)));
        return errorResponse(
          new ApiError("rate_limited", `Over the ${policy.name} budget of ${policy.limit} requests per ${policy.windowSeconds} seconds.`, {
            extras: { policy: policy.name },
          }),
          { ...limitHeaders, "retry-after": retry },
        );
      }
    }

    const raw: { body: unknown } = { body: undefined };
    try {
      const ctx = await buildContext(req, method === "HEAD" ? "GET" : (method as ServedMethod), caller, raw);
      const out = await config.handler(ctx as never);
      const headers = { ...baseHeaders(), ...limitHeaders, link: LINK_HEADER, "cache-control": cacheControl(config.cache) };
      let res: Response;
      if (out instanceof Response) {
        const merged = new Headers(headers);
        out.headers.forEach((v, k) => merged.set(k, v));
        res = new Response(out.body, { status: out.status, headers: merged });
      } else {
        res = jsonResponse(out, 200, headers, config.response.contentType ?? "application/json; charset=utf-8");
      }
      if (method === "HEAD") {
        await res.body?.cancel();
        return new Response(null, { status: res.status, headers: res.headers });
      }
      return res;
    } catch (err) {
      const apiError = toApiError(err, config.path);
      // The endpoint's own error fields are defaults; what the error already says wins.
      if (config.errorExtras) Object.assign(apiError.extras, { ...config.errorExtras({ params: req.nextUrl.searchParams, body: raw.body }), ...apiError.extras });
      return errorResponse(apiError, limitHeaders);
    }
  }

  async function buildContext(req: NextRequest, method: ServedMethod, caller: Caller, raw: { body: unknown }) {
    let query: unknown = {};
    if (config.query) {
      const parsed = config.query.safeParse(queryObject(req.nextUrl.searchParams, queryKeys));
      if (!parsed.success) throw validationError(parsed.error.issues, "query");
      query = parsed.data;
    }
    let body: unknown = undefined;
    if (method === "POST" && config.body) {
      const text = await readBody(req);
      let json: unknown;
      try {
        json = JSON.parse(text);
        raw.body = json;
      } catch {
        throw new ApiError("bad_request", "The request body is not valid JSON.", { extras: { field: "body" } });
      }
      const parsed = config.body.safeParse(json);
      if (!parsed.success) throw validationError(parsed.error.issues, "body");
      body = parsed.data;
    }
    return { req, method, query, body, caller, base: publicBase(req), signal: req.signal };
  }

  const handlers = Object.fromEntries(ALL_METHODS.map((m) => [m, (req: NextRequest) => serve(req, m)])) as Record<AnyMethod, RouteHandler>;
  return { ...config, allow, handlers } as Endpoint;
}

async function readBody(req: NextRequest): Promise<string> {
  const declared = Number(req.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw new ApiError("bad_request", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  const text = await req.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) throw new ApiError("bad_request", `The request body is larger than ${MAX_BODY_BYTES} bytes.`);
  return text;
}

/** Known failures keep their meaning; anything else is logged and becomes a 500 in the same shape. */
export function toApiError(err: unknown, where: string): ApiError {
  if (err instanceof ApiError) return err;
  if (err instanceof StoreUnavailableError) {
    console.warn(`[api] ${where}: ${err.message}`);
    return new ApiError("storage_unavailable", undefined, { headers: { "retry-after": "30" } });
  }
  if (err instanceof Error && err.name === "MissingBuildError") {
    console.error(`[api] ${where}: ${err.message}`);
    return new ApiError("not_configured", "This deployment was started without its build artifacts.", { hint: "The operator needs to run `npm run build`." });
  }
  console.error(`[api] ${where}: unexpected error`, err);
  return new ApiError("internal_error");
}
