import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { keepSingleHeaderValuesPlain } from "./single-header";

const response = () => new ServerResponse(new IncomingMessage(new Socket()));

describe("one header value kept as a value (Next's appendHeader stores arrays)", () => {
  it("stores a one-value array as that value, and leaves longer arrays and set-cookie alone", () => {
    keepSingleHeaderValuesPlain();
    keepSingleHeaderValuesPlain();
    const res = response();
    res.setHeader("Content-Type", ["text/plain; charset=utf-8"]);
    res.setHeader("vary", ["rsc", "Accept"]);
    res.setHeader("set-cookie", ["a=1"]);
    res.setHeader("x-n", 3);
    expect(res.getHeader("content-type")).toBe("text/plain; charset=utf-8");
    expect(res.getHeader("vary")).toEqual(["rsc", "Accept"]);
    expect(res.getHeader("set-cookie")).toEqual(["a=1"]);
    expect(res.getHeader("x-n")).toBe(3);
  });
});
