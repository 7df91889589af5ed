# syntax=docker/dockerfile:1
# Three stages: the UI bundles (Node.js LTS), the binary (Rust), and a slim runtime.
# Build it on a PC or in CI, not on a small server: the production profile optimises
# the whole program at once (README, "Go live").

# Node.js 26: the active LTS line since October 2026 (24 is in maintenance).
FROM node:26-bookworm-slim AS ui
WORKDIR /src/ui
# The locked dependencies first: this layer is reused until package-lock.json changes.
COPY ui/package.json ui/package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY locales /src/locales
COPY ui ./
RUN node build.mjs /ui-dist

FROM rust:1-bookworm AS build
WORKDIR /src
# The dependencies first, built for an empty crate with the same manifest: this layer
# is reused until Cargo.toml or Cargo.lock changes, so a change of the code rebuilds
# taxi-server alone. The empty crate's traces go, so the real one is built below.
COPY Cargo.toml Cargo.lock ./
COPY server/Cargo.toml server/
RUN mkdir server/src \
 && echo 'fn main() {}' > server/build.rs \
 && echo 'fn main() {}' > server/src/main.rs \
 && touch server/src/lib.rs \
 && cargo build --profile production --locked -p taxi-server \
 && rm -rf server/build.rs server/src target/production/.fingerprint/taxi-server-* \
      target/production/build/taxi-server-* target/production/deps/*taxi_server*
COPY server server
COPY locales locales
# The legal pages' template, built into the binary (server/src/site/legal/).
COPY content content
# `taxi-server check` knows the sample settings' placeholders.
COPY deploy deploy
COPY --from=ui /ui-dist /ui-dist
# build.rs embeds the prebuilt bundles instead of running npm.
ENV TAXI_UI_DIST=/ui-dist
RUN cargo build --profile production --locked -p taxi-server

FROM debian:bookworm-slim
# Not pinned: the release's security updates replace any pinned version.
# hadolint ignore=DL3008
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates tzdata \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 taxi \
 && useradd --system --uid 10001 --gid taxi --home-dir /var/lib/taxi --create-home taxi \
 && chmod 700 /var/lib/taxi
COPY --from=build /src/target/production/taxi-server /usr/local/bin/taxi-server
USER 10001:10001
ENV TAXI_LISTEN=0.0.0.0:8080 \
    TAXI_DATA_DIR=/var/lib/taxi
VOLUME ["/var/lib/taxi"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s CMD ["taxi-server", "healthcheck"]
ENTRYPOINT ["taxi-server"]
