import { describe, expect, it } from "vitest";
import { clientErrorAnswer, connectAnswer, internalErrorResponse, listenFailure } from "./raw";

const statusOf = (raw: string) => Number(raw.split(" ")[1]);
const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf("\r\n\r\n") + 4)) as Record<string, unknown>;

describe("answers outside any handler", () => {
  it("CONNECT is a 405 with Allow, in the Error shape, and closes", () => {
    const raw = connectAnswer();
    expect(statusOf(raw)).toBe(405);
    expect(raw).toMatch(/\r\nallow: GET, HEAD, OPTIONS\r\n/);
    expect(raw).toMatch(/\r\nconnection: close\r\n/);
    expect(bodyOf(raw)).toMatchObject({ ok: false, code: "method_not_allowed", status: 405, allow: ["GET", "HEAD", "OPTIONS"] });
  });

  it.each([
    ["HPE_HEADER_OVERFLOW", 431],
    ["ERR_HTTP_REQUEST_TIMEOUT", 408],
    ["HPE_INVALID_METHOD", 400],
    [undefined, 400],
  ])("what Node refuses (%s) is a %i in the Error shape", (code, status) => {
    const raw = clientErrorAnswer(code)!;
    expect(statusOf(raw)).toBe(status);
    expect(bodyOf(raw)).toMatchObject({ ok: false, code: "bad_request", status });
    expect(raw.toLowerCase()).toContain("access-control-allow-origin: *");
  });

  it("a client that reset its connection gets nothing", () => {
    expect(clientErrorAnswer("ECONNRESET")).toBeUndefined();
  });

  it("a failure before any route is the builder's 500", async () => {
    const r = internalErrorResponse();
    expect(r.status).toBe(500);
    expect(await r.json()).toMatchObject({ ok: false, code: "internal_error", status: 500 });
  });

  it("a port that cannot be taken is one line with the fix", () => {
    expect(listenFailure("EADDRINUSE", 3000, "0.0.0.0")).toMatch(/Port 3000 on 0\.0\.0\.0 is already in use.*PORT=3001 npm start/);
    expect(listenFailure("EACCES", 80, "0.0.0.0")).toMatch(/above 1023/);
    expect(listenFailure("ENOTFOUND", 3000, "nowhere")).toBeUndefined();
  });
});
