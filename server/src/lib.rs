//! # taxi-server
//!
//! The website of a taxi company in Roermond, in Dutch, German and English, served
//! by one binary. A tour, in the order a request meets the code:
//!
//! - [`config`]: every setting, from embedded demo defaults, an optional TOML file
//!   (`TAXI_CONFIG`) and `TAXI_*` environment variables.
//! - [`startup`]: builds the actix-web application and binds its listener.
//! - [`telemetry`]: logging, request ids and the access log; [`metrics`] for Prometheus.
//! - [`edge`]: the layer around every request (request id, canonical host,
//!   security headers, access log), then what every route gets by its kind,
//!   decided by the matched route:
//!   header budget, the cross-site check on posts, per-client limits (with the
//!   client address found behind trusted proxies), errors as JSON or as pages,
//!   and the request's language.
//! - [`rate_limit`]: the token buckets behind those limits.
//! - [`security`]: security headers on every answer.
//! - [`site`]: the site's origins and the one canonical URL of each page per language.
//! - [`routes`]: one module per feature: pages, redirects, assets, SEO files, health.
//! - [`render`]: React pages rendered to HTML inside QuickJS on dedicated threads,
//!   wrapped in a document with metadata, cached per (page, language), compressed.
//! - [`assets`]: the UI build (esbuild) embedded in the binary with hashed names.
//! - [`variant`]: a body in one encoding with its ETag, for pages and assets.
//! - [`i18n`]: the `locales/*.json` texts, shared with the UI bundles.
//! - [`places`]: address suggestions, place details and routes, from the embedded
//!   gazetteer or Google Maps Platform.
//! - [`staff`]: staff answer a booking from their mail: signed links, the
//!   answer form; [`secret`]: the key that signs those links and the form cookie.
//! - [`antispam`]: the honeypot field and the minimum fill time of the forms.
//! - [`booking`]: accepting booking requests and contact messages (validate, price,
//!   de-duplicate, hand to the outbox).
//! - [`prefill`]: the reservation page opened with a route (`?from=…&to=…`).
//! - [`whatsapp`]: the prefilled chat message of a booking sent by WhatsApp.
//! - [`caps`]: site-wide caps on accepted submissions, spool and disk, and on
//!   confirmation mails per address.
//! - [`forms`]: server-side validation of the booking and contact forms.
//! - [`indication`]: a price indication between two places, worded per language.
//! - [`format`]: dates, times and numbers per language, from the locale files.
//! - [`pricing`]: the tariff engine: fixed prices, surcharges and the metered rate.
//! - [`delivery`]: booking and contact mails: rendered, spooled durably on disk,
//!   delivered over SMTP (or into a local Maildir) with retries.
//! - [`contract`]: what crosses to the React UI (props, answers, limits, API
//!   paths), from which `ui/src/contract.ts` is generated.
//! - [`domain`]: small types with their rules: languages, pages and their paths, money.
//! - [`error`]: the one error type, and the localized error pages.
//! - [`healthcheck`]: `taxi-server healthcheck`, for container health checks.
pub mod antispam;
pub mod assets;
pub mod booking;
pub mod caps;
pub mod config;
pub mod contract;
pub mod delivery;
pub mod domain;
pub mod edge;
pub mod error;
pub mod format;
pub mod forms;
pub mod healthcheck;
pub mod i18n;
pub mod indication;
pub mod metrics;
pub mod phone;
pub mod places;
pub mod prefill;
pub mod pricing;
pub mod rate_limit;
pub mod render;
pub mod routes;
pub mod secret;
pub mod security;
pub mod site;
pub mod staff;
pub mod startup;
pub mod telemetry;
pub mod variant;
pub mod whatsapp;
