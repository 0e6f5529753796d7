import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import type { ValidateFunction } from "ajv";

type Json = Record<string, unknown>;

export interface ApiResult {
  res: Response;
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

  static async load(base: string): Promise<Contract> {
    const res = await fetch(`${base}/openapi.json`);
    if (res.status !== 200) throw new Error(`/openapi.json answered ${res.status}`);
    return new Contract((await res.json()) as Json);
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

  validate(pathname: string, method: string, status: number, contentType: string, body: unknown): void {
    const pointer = this.schemaPointer(pathname, method, status, contentType);
    let fn = this.cache.get(pointer);
    if (!fn) this.cache.set(pointer, (fn = this.ajv.compile({ $ref: `openapi.json${pointer}` })));
    if (!fn(body)) {
      throw new Error(`${method} ${pathname} ${status} does not match ${pointer}:\n${this.ajv.errorsText(fn.errors, { separator: "\n" })}\n${JSON.stringify(body).slice(0, 500)}`);
    }
  }
}

const isJson = (ct: string) => /^application\/([a-z.+-]*\+)?json|^application\/openapi\+json|^application\/linkset\+json/.test(ct);

/** fetch + contract check of any JSON body. */
export async function call(contract: Contract, base: string, path: string, init: RequestInit = {}): Promise<ApiResult> {
  const res = await fetch(`${base}${path}`, { redirect: "manual", ...init });
  const text = await res.text();
  const contentType = res.headers.get("content-type") ?? "";
  let body: unknown = undefined;
  if (isJson(contentType) && text.length > 0) {
    body = JSON.parse(text);
    contract.validate(new URL(path, base).pathname, init.method ?? "GET", res.status, contentType, body);
  }
  return { res, status: res.status, headers: res.headers, text, body };
}
