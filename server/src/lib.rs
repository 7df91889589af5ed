//! # taxi-server
//!
//! The website of a taxi company in Roermond, in Dutch, German and English, served
//! by one binary. The code is cut by capability; each capability is a folder from
//! its routes down to its store and mails, and modules depend only downwards
//! (`docs/architecture.md` draws the layers; `tests/architecture.rs` checks them).
//!
//! The application, which wires everything:
//! - [`startup`]: builds the actix-web application and binds its listener;
//!   [`routes`]: the route table, each route with its kind for the edge;
//!   [`health`]: health, readiness and metrics; [`contract`]: generates
//!   `ui/src/shared/contract.ts` from the types that cross to the UI (the
//!   answers it reads, the requests its forms send);
//!   [`healthcheck`]: `taxi-server healthcheck` for containers; [`cli`]: the
//!   command line, its subcommands and `--help`; [`preflight`]: `taxi-server
//!   check`, what is still missing before the site goes live.
//!
//! The capabilities, from the top:
//! - [`manage_booking`]: the customer's page of a booking, opened from the link in
//!   every customer mail: where it stands; accept a proposed time, or cancel.
//! - [`staff_answers`]: staff confirm, propose another time or decline a
//!   booking from their mail (signed links, the answer page, the customer's mail).
//! - [`reminders`]: reminders to staff and customers before a ride, each sent
//!   once per pick-up time, with their loop.
//! - [`booking`]: booking requests by form or WhatsApp: validation, prices
//!   checked again, de-duplication.
//! - [`booking_mail`]: the kit every booking mail is drawn with: the
//!   composer, the views, the calendar entry, what a customer mail may show.
//! - [`bookings`]: the booking as stored and its whole life: the record, its
//!   answers and steps, the bookings table, junk, the signed links.
//! - [`contact`]: questions sent with the contact form.
//! - [`site`]: pages, their URLs per language and domain, the page cache, the
//!   landing pages of fixed-price routes, redirects, sitemap, structured data.
//! - [`pricing`]: the tariff engine and the price indication (and its API).
//! - [`places`]: address suggestions, place details and routes, from the
//!   embedded gazetteer or Google Maps Platform.
//!
//! The machinery they share, which knows no capability:
//! - [`forms`]: loose form input, the requests' field names declared once,
//!   field checks, the honeypot and fill time, caps on confirmation mails and
//!   on queued mail and disk use.
//! - [`edge`]: the layer around every request (request id, canonical host via
//!   the site, security headers, access log), what each route gets by its kind
//!   (header budget, cross-site check, per-client limits), the error type, the
//!   request's language.
//! - [`store`]: the one durable store (SQLite): every record and every queued
//!   mail, written together in one transaction; backups.
//! - [`mail`]: the outbox: mails queued in the store with the change they
//!   announce, delivered over SMTP or into a local Maildir, with retries and
//!   notices to staff.
//! - [`render`]: React rendered to HTML in QuickJS on dedicated threads, the
//!   embedded UI build, bodies in every encoding.
//! - [`i18n`]: the `locales/*.json` texts and per-language dates and numbers.
//! - [`secret`]: the key that signs links and the form cookie.
//! - [`telemetry`]: logging, request ids, the access log, Prometheus metrics.
//! - [`config`]: every setting, parsed once at start-up into typed sections.
//! - [`types`]: small types with their rules: language, money, places, phone
//!   numbers, links, field limits.
//! - [`faults`]: named points where crash tests stop a durable step (inert
//!   unless a test installs a hook).
pub mod booking;
pub mod booking_mail;
pub mod bookings;
pub mod cli;
pub mod config;
pub mod contact;
pub mod contract;
pub mod edge;
pub mod faults;
pub mod forms;
pub mod health;
pub mod healthcheck;
pub mod i18n;
pub mod mail;
pub mod manage_booking;
pub mod places;
pub mod preflight;
pub mod pricing;
pub mod reminders;
pub mod render;
pub mod routes;
pub mod secret;
pub mod site;
pub mod staff_answers;
pub mod startup;
pub mod store;
pub mod telemetry;
pub mod types;
