import next from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default [
  ...next,
  ...nextTs,
  { ignores: [".next/**", ".site/**", "public/generated/**", "node_modules/**", "test-results/**", "playwright-report/**", "next-env.d.ts"] },
];
