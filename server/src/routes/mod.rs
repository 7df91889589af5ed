//! HTTP routes, one feature per module, each registered with its [`Kind`] so the
//! edge knows which checks and which error format apply (see [`crate::edge`]).
//!
//! - [`pages`]: the four pages and the fixed-price routes' landing pages in three
//!   languages, and `/` choosing a language.
//! - [`redirects`]: the spec's permanent redirects, trailing slashes, and 404.
//! - [`assets`]: content-hashed static files.
//! - [`seo`]: `sitemap.xml` and `robots.txt`.
//! - [`places`]: address suggestions, place details and price indications (JSON).
//! - [`booking`]: booking and contact requests, as JSON and as plain form posts.
//! - [`health`]: liveness, readiness and metrics.
//! - [`staff`]: the page staff answer a booking on, from their mail.
pub mod api;
pub mod assets;
pub mod booking;
pub mod health;
pub mod pages;
pub mod places;
pub mod redirects;
pub mod seo;
pub mod staff;

use std::sync::Arc;

use actix_web::{
    dev::{HttpServiceFactory, Service as _},
    guard, web, Resource, Route,
};
use futures_util::future::{ready, Either};

use crate::{
    config::Settings,
    contract::API_PATHS,
    domain::{landing, Lang, Page},
    edge::{Edge, Kind},
};

pub fn configure(cfg: &mut web::ServiceConfig, edge: &Arc<Edge>, settings: &Settings) {
    let at = |kind: Kind, resource: Resource| cfg_service(edge, kind, resource);
    cfg.service(at(Kind::Page, web::resource("/").route(read().to(pages::index))));
    for page in Page::ALL {
        for lang in Lang::ALL {
            let mut resource = web::resource(page.path(lang));
            if page.path(lang) != "/" {
                resource = resource.route(read().to(pages::page));
            }
            if page.is_interactive() {
                resource = resource.route(web::post().to(booking::form_post));
            }
            if page.path(lang) != "/" || page.is_interactive() {
                cfg.service(at(Kind::Page, resource));
            }
        }
    }
    let tariff = &settings.tariff;
    for (index, lang) in (0..tariff.destinations.len()).flat_map(|i| Lang::ALL.map(|l| (i, l))) {
        cfg.service(at(Kind::Page, web::resource(landing::path(tariff, index, lang)).route(read().to(pages::landing))));
    }
    for (path, route) in [
        (API_PATHS.reservation, web::post().to(booking::reservation_api)),
        (API_PATHS.whatsapp_reservation, web::post().to(booking::whatsapp_api)),
        (API_PATHS.contact, web::post().to(booking::contact_api)),
    ] {
        cfg.service(at(Kind::Submission, web::resource(path).route(route)));
    }
    for (path, route) in [
        (API_PATHS.place_suggestions, read().to(places::suggestions)),
        (API_PATHS.place_details, read().to(places::details)),
        (API_PATHS.price, read().to(places::price)),
    ] {
        cfg.service(at(Kind::Lookup, web::resource(path).route(route)));
    }
    for (path, route) in [
        ("/assets/{name}", read().to(assets::asset)),
        ("/favicon.ico", read().to(assets::favicon)),
        ("/sitemap.xml", read().to(seo::sitemap)),
        ("/robots.txt", read().to(seo::robots)),
        ("/healthz", read().to(health::healthz)),
        ("/healthz/details", read().to(health::details)),
        ("/readyz", read().to(health::readyz)),
        ("/metrics", read().to(health::metrics)),
    ] {
        cfg.service(at(Kind::Page, web::resource(path).route(route)));
    }
    // A page, whose post counts against the form-post limit like the booking form's.
    let answer_page = web::resource(crate::staff::links::ROUTE).route(read().to(staff::show)).route(web::post().to(staff::answer));
    cfg.service(at(Kind::Page, answer_page));
    redirects::configure(cfg);
}

/// A resource behind the edge checks of its kind.
fn cfg_service(edge: &Arc<Edge>, kind: Kind, resource: Resource) -> impl HttpServiceFactory {
    let edge = edge.clone();
    resource.wrap_fn(move |req, service| {
        let edge = edge.clone();
        let call = match edge.admit(kind, &req) {
            Ok(()) => Either::Left(service.call(req)),
            Err(refusal) => Either::Right(ready(Ok(req.error_response(refusal)))),
        };
        async move { Ok(edge.finish(kind, call.await?)) }
    })
}

/// GET and HEAD: every readable resource answers both.
pub fn read() -> Route {
    web::route().guard(guard::Any(guard::Get()).or(guard::Head()))
}
