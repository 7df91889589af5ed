#!/usr/bin/env bash
# Lighthouse (mobile preset: simulated slow 4G, 4x slower CPU) on the release
# binary: the median of 5 runs per page on the reservation and contact pages in
# every language, the home, prices and a landing page; performance >= 98, total
# blocking time <= 150 ms, accessibility 100, best practices >= 96, SEO 100.
# Exits non-zero when a page misses its budget. About 6 minutes; run it on an
# otherwise idle machine (the performance score measures the CPU it gets).
# LIGHTHOUSE_RUNS and LIGHTHOUSE_PAGES (comma-separated paths) narrow a trial run.
set -euo pipefail
cd "$(dirname "$0")/.."
cargo build --release --quiet --bin taxi-server
cd ui
TAXI_SERVER_BIN="$PWD/../target/release/taxi-server" exec node bench/lighthouse.mjs
