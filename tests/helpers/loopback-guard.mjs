// @ts-check
import net from "node:net";

/**
 * Loaded into the test process (vitest setupFiles) and into every app server a test starts
 * (NODE_OPTIONS=--import, tests/helpers/server.ts and playwright.config.ts). Plain JS so
 * Node loads it without a TypeScript loader.
 *
 * Tests talk to loopback only (127.0.0.0/8, ::1, localhost). Any other connection from the
 * test process fails the test before a packet leaves the machine. A name other than
 * localhost may only be connected to through an injected lookup (lens's tests), and every
 * address that lookup hands the socket must be loopback too; system DNS is never asked.
 */
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;
/** @param {string} host */
const allowedAddress = (host) => host === "localhost" || LOOPBACK.test(host);

/** @typedef {(err: Error | null, address?: string | { address: string }[], family?: number) => void} LookupCallback */
/** @typedef {(host: string, options: object, cb: LookupCallback) => void} Lookup */

/**
 * @param {string} name
 * @param {Lookup} lookup
 * @returns {Lookup}
 */
function guardedLookup(name, lookup) {
  return (host, options, cb) =>
    lookup(host, options, (err, address, family) => {
      if (err) return cb(err);
      const list = Array.isArray(address) ? address.map((a) => a.address) : [String(address)];
      const outside = list.filter((a) => !LOOPBACK.test(a));
      if (outside.length) return cb(new Error(`loopback guard: ${name} resolved to ${outside.join(", ")}, not loopback`));
      cb(null, address, family);
    });
}

const original = net.Socket.prototype.connect;
/** @this {net.Socket} @param {any[]} args */
net.Socket.prototype.connect = function guardedConnect(...args) {
  // net.connect and tls.connect pass [options, callback] as one array argument.
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  let host;
  if (typeof first === "object" && first !== null) host = first.path ? undefined : (first.host ?? "localhost");
  else if (typeof first === "number") host = typeof args[1] === "string" ? args[1] : "localhost";
  if (host !== undefined && !allowedAddress(host.replace(/^\[|\]$/g, ""))) {
    if (typeof first === "object" && first !== null && typeof first.lookup === "function" && net.isIP(host) === 0) {
      first.lookup = guardedLookup(host, first.lookup);
    } else {
      throw new Error(`loopback guard: test tried to connect to ${host}`);
    }
  }
  return original.apply(this, /** @type {Parameters<typeof original>} */ (args));
};
