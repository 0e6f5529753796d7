import net from "node:net";

/**
 * Tests talk to loopback only (127.0.0.0/8, ::1, localhost). Any other connection from the
 * test process fails the test before a packet leaves the machine.
 */
const allowed = (host: string | undefined) =>
  !host || host === "localhost" || /^127\.\d+\.\d+\.\d+$/.test(host) || host === "::1" || host === "::ffff:127.0.0.1";

const original = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0] as { host?: string; path?: string } | number | string;
  let host: string | undefined;
  if (typeof first === "object" && first !== null) host = first.path ? undefined : first.host;
  else if (typeof first === "number" && typeof args[1] === "string") host = args[1];
  else if (Array.isArray(first)) host = (first[0] as { host?: string })?.host;
  if (!allowed(host)) throw new Error(`loopback guard: test tried to connect to ${host}`);
  return (original as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;
