import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // The site is an API as much as a website: no framework fingerprint header.
  poweredByHeader: false,
  // Next would redirect `/path/` to `/path` with a 308 before our handlers run; keeping
  // the default is fine, but say it here so nobody adds trailingSlash by accident.
  trailingSlash: false,
};

export default nextConfig;
