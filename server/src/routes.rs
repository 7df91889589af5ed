//! HTTP routes, one feature per module, each registered with its [`Kind`] so the
//! edge knows which checks and which error format apply (see [`crate::edge`]).
//!
//! - [`pages`]: the seven pages (the legal three among them) and the fixed-price
//!   routes' landing pages in three languages, and `/` choosing a language.
//! - [`redirects`]: the spec's permanent redirects, trailing slashes, and 404.
//! - [`assets`]: content-hashed static files.
//! - [`seo`]: `sitemap.xml` and `robots.txt`.
//! - [`places`]: address suggestions, place details and price indications (JSON);
//!   a typed phone number as read ([`phone_check`], JSON); a proof-of-work
//!   challenge ([`proof`], JSON).
//! - [`booking`]: booking and contact requests, as JSON and as plain form posts.
//! - [`health`]: liveness, readiness and metrics.
//! - [`manage`]: the customer's page of a booking, from the link in their mails.
//! - [`staff`]: the page staff answer a booking on, from their mail, and the
//!   dispatchers' calendar ([`staff_calendar`]).

use std::sync::Arc;

use actix_web::{
    body::MessageBody,
    dev::{HttpServiceFactory, Service as _, ServiceFactory, ServiceRequest, ServiceResponse},
    middleware::Compress,
    web, Resource,
};

use crate::{
    booking::routes as booking,
    config::Settings,
    contact::routes as contact,
    edge::{lang::RouteLang, operators, outer::RoutePattern, read, ClientKey, Edge, Kind},
    forms::{phone_check::phone_check, proof},
    health, mail,
    manage_booking::routes as manage,
    pricing::routes as places,
    site::{assets, contract::API_PATHS, landing, redirects, routes as pages, seo, Page},
    staff_answers::{calendar as staff_calendar, routes as staff},
    types::Lang,
};

pub fn configure(cfg: &mut web::ServiceConfig, edge: &Arc<Edge>, settings: &Settings) {
    let at = |kind: Kind, resource: Resource| cfg_service(edge, kind, resource);
    // For the resources whose bodies are made per request (see `cfg_service`).
    let compressed =
        |kind: Kind, resource: Resource| cfg_service(edge, kind, resource.wrap(Compress::default()));
    cfg.service(at(Kind::Page, resource("/").route(read().to(pages::index))));
    for page in Page::ALL {
        for lang in Lang::ALL {
            let mut page_resource = resource(page.path(lang));
            if page == Page::Reservation {
                page_resource = page_resource.route(
                    read().to(move |req, pages, guard| booking::reservation_page(req, pages, guard, lang)),
                );
            } else if page.path(lang) != "/" {
                // Each route knows its page: nothing to work out from the path per view.
                page_resource = page_resource
                    .route(read().to(move |req, pages, guard| pages::page(req, pages, guard, (page, lang))));
            }
            match page {
                Page::Reservation => page_resource = page_resource.route(web::post().to(booking::form_post)),
                Page::Contact => page_resource = page_resource.route(web::post().to(contact::form_post)),
                Page::Home | Page::Prices | Page::Privacy | Page::Terms | Page::Complaints => {}
            }
            if page.path(lang) != "/" || page.is_interactive() {
                cfg.service(at(Kind::Page, page_resource));
            }
        }
    }
    let tariff = &settings.tariff;
    for (index, lang) in (0..tariff.destinations.len()).flat_map(|i| Lang::ALL.map(|l| (i, l))) {
        let view = move |req, pages| pages::landing(req, pages, (index, lang));
        cfg.service(at(Kind::Page, resource(&landing::path(tariff, index, lang)).route(read().to(view))));
    }
    for (path, route) in [
        (API_PATHS.reservation, web::post().to(booking::reservation_api)),
        (API_PATHS.whatsapp_reservation, web::post().to(booking::whatsapp_api)),
        (API_PATHS.contact, web::post().to(contact::contact_api)),
    ] {
        cfg.service(compressed(Kind::Submission, resource(path).route(route)));
    }
    for (path, route) in [
        (API_PATHS.place_suggestions, read().to(places::suggestions)),
        (API_PATHS.place_details, read().to(places::details)),
        (API_PATHS.price, read().to(places::price)),
        (API_PATHS.pickup_note, read().to(booking::pickup_note)),
        (API_PATHS.challenge, read().to(proof::challenge)),
        // A POST that changes nothing: the typed number stays out of the URL.
        (API_PATHS.phone_check, web::post().to(phone_check)),
    ] {
        cfg.service(compressed(Kind::Lookup, resource(path).route(route)));
    }
    for (path, route) in [
        ("/assets/{name}", read().to(assets::asset)),
        ("/favicon.ico", read().to(assets::favicon)),
        ("/healthz", read().to(health::healthz)),
        ("/readyz", read().to(health::readyz)),
    ] {
        cfg.service(at(Kind::Page, resource(path).route(route)));
    }
    for (path, route) in [("/sitemap.xml", read().to(seo::sitemap)), ("/robots.txt", read().to(seo::robots))]
    {
        cfg.service(compressed(Kind::Page, resource(path).route(route)));
    }
    // For anyone but an operator these resources are not there: the unknown page answers.
    for (path, route) in
        [(operators::DETAILS, read().to(health::details)), (operators::METRICS, read().to(health::metrics))]
    {
        cfg.service(compressed(Kind::Page, resource(path).guard(operators::guard()).route(route)));
    }
    // Private pages, whose posts count against the form-post limit like the booking form's.
    let answer_page = resource(crate::bookings::answer_links::ROUTE)
        .route(read().to(staff::show))
        .route(web::post().to(staff::answer));
    cfg.service(at(Kind::Private, answer_page));
    let manage_page = resource(crate::bookings::answer_links::MANAGE_ROUTE)
        .route(read().to(manage::show))
        .route(web::post().to(manage::step));
    cfg.service(at(Kind::Private, manage_page));
    let calendar = resource(crate::staff_answers::calendar::ROUTE).route(read().to(staff_calendar::feed));
    cfg.service(compressed(Kind::Page, calendar));
    redirects::configure(cfg);
}

/// The resource for `path`, carrying its pattern for the access line and the
/// metrics ([`RoutePattern`]).
fn resource(path: &str) -> Resource {
    let resource = web::resource(path).app_data(RoutePattern(path.into()));
    match Page::from_path(path) {
        Some((_, lang)) => resource.app_data(RouteLang(lang)),
        None => resource,
    }
}

/// A resource behind the edge checks of its kind.
///
/// Pages, error pages and assets are answered from precompressed bodies
/// (`render::respond`); only the resources whose bodies are made per request
/// are wrapped in `Compress`, whose negotiation would otherwise run for every
/// page view for nothing.
fn cfg_service<T, B>(edge: &Arc<Edge>, kind: Kind, resource: Resource<T>) -> impl HttpServiceFactory
where
    T: ServiceFactory<
            ServiceRequest,
            Config = (),
            Response = ServiceResponse<B>,
            Error = actix_web::Error,
            InitError = (),
        > + 'static,
    T::Service: 'static,
    B: MessageBody + 'static,
{
    let edge = edge.clone();
    resource.wrap_fn(move |req, service| {
        let edge = edge.clone();
        let call = match edge.admit(kind, &req) {
            Ok(()) => {
                // The mails this request queues take their turns as its client's (`mail::fair`).
                let client = ClientKey::of(req.request());
                Ok(mail::fair::caused_by(client, service.call(req)))
            }
            Err(refusal) => Err(req.error_response(refusal)),
        };
        async move {
            let response = match call {
                Ok(answer) => answer.await?.map_into_boxed_body(),
                Err(refused) => refused,
            };
            Ok(edge.finish(kind, response))
        }
    })
}
