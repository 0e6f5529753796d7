#!/usr/bin/env bash
# What the test suite needs besides npm packages: Debian's Chromium (Playwright drives the
# system browser; its own download does not work offline), a Redis on 127.0.0.1:6379, and
# nginx (a real shared cache in front of the app, for the Vary tests; the tests start it), and
# poppler-utils (pdftotext and pdftoppm read the built resume PDF as a PDF reader would), and
# curl (the developer guide's examples are run as a reader pastes them), and fontconfig's
# fc-list (the build asks it which characters the share cards can draw).
# Idempotent and quick when everything is present; `npm test` runs it first, as does .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
command -v redis-server >/dev/null 2>&1 || missing+=(redis-server)
[ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
command -v curl >/dev/null 2>&1 || missing+=(curl)
command -v fc-list >/dev/null 2>&1 || missing+=(fontconfig)
if [ ${#missing[@]} -gt 0 ]; then
  echo "test-prerequisites: installing ${missing[*]}"
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

redis_up() { (exec 3<>/dev/tcp/127.0.0.1/6379) 2>/dev/null; }
if ! redis_up; then
  echo "test-prerequisites: starting redis-server on 127.0.0.1:6379"
  redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no --logfile /tmp/redis-test.log
  for _ in $(seq 1 50); do redis_up && break; sleep 0.1; done
  redis_up || { echo "test-prerequisites: redis did not start" >&2; exit 1; }
fi

[ -d node_modules ] || npm ci
