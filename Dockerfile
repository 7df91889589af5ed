# syntax=docker/dockerfile:1
# Three stages: the UI bundles (Node), the binary (Rust), and a slim runtime.

FROM node:20-bookworm-slim AS ui
WORKDIR /src
COPY ui/package.json ui/package-lock.json ui/
RUN cd ui && npm ci --no-audit --no-fund
COPY ui ui
COPY locales locales
RUN node ui/build.mjs /ui-dist

FROM rust:1-bookworm AS build
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY server server
COPY locales locales
# The legal pages' template, built into the binary (server/src/site/legal/).
COPY content content
COPY --from=ui /ui-dist /ui-dist
# build.rs embeds the prebuilt bundles instead of running npm.
ENV TAXI_UI_DIST=/ui-dist
RUN cargo build --profile production --locked -p taxi-server

FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates tzdata \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /var/lib/taxi --create-home taxi
COPY --from=build /src/target/production/taxi-server /usr/local/bin/taxi-server
USER taxi
ENV TAXI_LISTEN=0.0.0.0:8080 \
    TAXI_DATA_DIR=/var/lib/taxi
VOLUME ["/var/lib/taxi"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s CMD ["taxi-server", "healthcheck"]
ENTRYPOINT ["taxi-server"]
