//! HTTP routes, one feature per module.
//!
//! - [`pages`]: the four pages in three languages, and `/` choosing a language.
//! - [`redirects`]: the spec's permanent redirects, trailing slashes, and 404.
//! - [`assets`]: content-hashed static files.
//! - [`seo`]: `sitemap.xml` and `robots.txt`.
//! - [`places`]: address suggestions, place details and price indications (JSON).
//! - [`booking`]: booking and contact requests, as JSON and as plain form posts.
//! - [`health`]: liveness, readiness and metrics.
pub mod api;
pub mod assets;
pub mod booking;
pub mod health;
pub mod pages;
pub mod places;
pub mod redirects;
pub mod respond;
pub mod seo;

use actix_web::{guard, web, Route};

use crate::domain::{Lang, Page};

pub fn configure(cfg: &mut web::ServiceConfig) {
    cfg.route("/", read().to(pages::index));
    for page in Page::ALL {
        for lang in Lang::ALL {
            if page.path(lang) != "/" {
                cfg.route(page.path(lang), read().to(pages::page));
            }
            if page.is_interactive() {
                cfg.route(page.path(lang), web::post().to(booking::form_post));
            }
        }
    }
    cfg.route("/api/reservation/{language}", web::post().to(booking::submission_api))
        .route("/api/whatsappreservation/{language}", web::post().to(booking::whatsapp_api))
        .route("/api/contact/{language}", web::post().to(booking::submission_api));
    cfg.route("/assets/{name}", read().to(assets::asset))
        .route("/favicon.ico", read().to(assets::favicon))
        .route("/sitemap.xml", read().to(seo::sitemap))
        .route("/robots.txt", read().to(seo::robots))
        .route("/healthz", read().to(health::healthz))
        .route("/readyz", read().to(health::readyz))
        .route("/metrics", read().to(health::metrics))
        .route("/api/place-suggestions", read().to(places::suggestions))
        .route("/api/place-details/{id}", read().to(places::details))
        .route("/api/places/{pickup}/{destination}", read().to(places::price));
    redirects::configure(cfg);
}

/// GET and HEAD: every readable resource answers both.
pub fn read() -> Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}
