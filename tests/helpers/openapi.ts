import Ajv2020 from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ValidateFunction } from "ajv";
import { httpRequest, type HttpOptions } from "./http";

type Json = Record<string, unknown>;

export interface ApiResult {
  status: number;
  headers: Headers;
  text: string;
  body: unknown;
}

const escape = (s: string) => s.replace(/~/g, "~0").replace(/\//g, "~1");

/**
 * Every JSON response a test sees is checked against the project's own /openapi.json:
 * the operation's documented response for that status (or the shared Error schema for
 * paths outside the API, like a 404).
 */
export class Contract {
  readonly doc: Json;
  private ajv: Ajv2020;
  private cache = new Map<string, ValidateFunction>();

  constructor(doc: Json) {
    this.doc = doc;
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    addFormats(this.ajv);
    this.ajv.addSchema(doc, "openapi.json");
  }

  /** Loaded from the server under test, from a source address no test counts as its caller. */
  static async load(base: string): Promise<Contract> {
    const res = await httpRequest(`${base}/openapi.json`, { localAddress: "127.0.0.254" });
    if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}`);
    return new Contract(JSON.parse(res.text) as Json);
  }

  private pathTemplate(pathname: string): string | undefined {
    const paths = Object.keys(this.doc.paths as Json);
    if (paths.includes(pathname)) return pathname;
    return paths.find((t) => new RegExp(`^${t.replace(/[.]/g, "\\.").replace(/\{[^}]+\}/g, "[^/]+")}$`).test(pathname));
  }

  /** JSON pointer of the schema documenting this answer. */
  schemaPointer(pathname: string, method: string, status: number, contentType: string): string {
    const template = this.pathTemplate(pathname);
    const item = template ? ((this.doc.paths as Json)[template] as Json) : undefined;
    const op = item?.[method.toLowerCase()] as Json | undefined;
    if (!op) return "#/components/schemas/Error";
    const responses = op.responses as Record<string, Json>;
    let response = responses[String(status)];
    let pointer = `#/paths/${escape(template!)}/${method.toLowerCase()}/responses/${status}`;
    if (!response) throw new Error(`${method} ${pathname}: status ${status} is not documented in /openapi.json`);
    if (typeof response.$ref === "string") {
      pointer = response.$ref;
      const name = pointer.split("/").pop()!;
      response = ((this.doc.components as Json).responses as Record<string, Json>)[name];
    }
    const content = response.content as Record<string, Json> | undefined;
    const media = contentType.split(";")[0].trim();
    if (!content?.[media]) throw new Error(`${method} ${pathname} ${status}: content type ${media} is not documented`);
    return `${pointer}/content/${escape(media)}/schema`;
  }

  /** Validate a value against a named component schema (e.g. an SSE payload's AskResult). */
  validateComponent(name: string, value: unknown): void {
    const pointer = `#/components/schemas/${name}`;
    let fn = this.cache.get(pointer);
    if (!fn) this.cache.set(pointer, (fn = this.ajv.compile({ $ref: `openapi.json${pointer}` })));
    if (!fn(value))
      throw new Error(
        `value does not match ${pointer}:\n${this.ajv.errorsText(fn.errors, { separator: "\n" })}\n${JSON.stringify(value).slice(0, 500)}`,
      );
  }

  validate(pathname: string, method: string, status: number, contentType: string, body: unknown): void {
    const pointer = this.schemaPointer(pathname, method, status, contentType);
    let fn = this.cache.get(pointer);
    if (!fn) this.cache.set(pointer, (fn = this.ajv.compile({ $ref: `openapi.json${pointer}` })));
    if (!fn(body)) {
      throw new Error(
        `${method} ${pathname} ${status} does not match ${pointer}:\n${this.ajv.errorsText(fn.errors, { separator: "\n" })}\n${JSON.stringify(body).slice(0, 500)}`,
      );
    }
  }
}

const isJson = (ct: string) => /^application\/([a-z.+-]*\+)?json|^application\/openapi\+json|^application\/linkset\+json/.test(ct);

/** An HTTP request whose JSON body (any status) is checked against the contract. */
export async function call(contract: Contract, base: string, path: string, options: HttpOptions = {}): Promise<ApiResult> {
  const res = await httpRequest(`${base}${path}`, options);
  const contentType = res.headers.get("content-type") ?? "";
  let body: unknown = undefined;
  if (isJson(contentType) && res.text.length > 0) {
    body = JSON.parse(res.text);
    contract.validate(new URL(path, base).pathname, options.method ?? "GET", res.status, contentType, body);
  }
  return { status: res.status, headers: res.headers, text: res.text, body };
}
