#!/usr/bin/env bash
# Runs every check and test: rustfmt, clippy, the Rust unit and integration
# tests (the module layering among them), the UI type check, lint and unit tests,
# and the real-browser tests (Playwright driving Debian's Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

# Browser tests need Debian's Chromium; install it when we can (CI, containers as root).
if ! command -v chromium >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "Installing Debian's chromium for the browser tests…"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  else
    echo "The browser tests need Chromium at /usr/bin/chromium (Debian: apt-get install chromium)." >&2
    exit 1
  fi
fi

# The reverse-proxy test puts Debian's nginx in front of the server (skipped without it).
if ! [ -x /usr/sbin/nginx ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nginx-light >/dev/null
fi

# The mail tests talk to a real SMTP server on loopback (Python's aiosmtpd).
if ! python3 -c 'import aiosmtpd' >/dev/null 2>&1; then
  python3 -m pip install --quiet --disable-pip-version-check aiosmtpd
fi

# Gates first: they fail in seconds where the tests take minutes.
cargo fmt --all -- --check
# Also builds the UI bundles (server/build.rs runs npm ci and esbuild); the
# release profile shares its build scripts with the test build below.
cargo clippy --release --workspace --all-targets -- -D warnings
# The UI: type check, lint and the pure modules' unit tests (in Node, no browser; node_modules
# came with the build above).
(cd ui && npx --no-install tsc --noEmit && npm run lint --silent && npm run test:unit --silent)
# Also builds the server binary the browser tests run (integration tests need
# it): a separate `cargo build --bin` would rebuild it, and the dependencies whose
# features the dev-dependencies widen, with other features (1–3 minutes).
cargo test --release --workspace

cd ui
TAXI_SERVER_BIN="$PWD/../target/release/taxi-server" npm run test:browser --silent
