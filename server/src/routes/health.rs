//! Operations endpoints.
//!
//! - `/healthz` (liveness): answers while the process serves requests, with the
//!   render queue and the mail spool (depth, age of the oldest undelivered mail).
//! - `/readyz` (readiness): 200 only when pages are rendered into memory, the
//!   data directory takes writes (the spool lives there) and the places provider
//!   can answer; otherwise 503 naming what is not ready.
//! - `/metrics`: Prometheus metrics, for loopback and `http.metrics_allowed` only.
use std::net::IpAddr;

use actix_web::{http::header, web, HttpRequest, HttpResponse};
use serde_json::json;

use crate::{config::Settings, delivery::Outbox, metrics, places::Places, rate_limit::RateLimits, render::Pages};

pub async fn healthz(pages: web::Data<Pages>, outbox: web::Data<Outbox>) -> HttpResponse {
    let spool = outbox.stats();
    let delivery = outbox.health();
    HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(json!({
        "status": if delivery.degraded() { "degraded" } else { "ok" },
        "delivery": delivery,
        "pagesWarm": pages.is_warm(),
        "renderQueueDepth": pages.pool().queue_depth(),
        "spoolDepth": spool.depth,
        "oldestUndeliveredSeconds": spool.oldest_undelivered_age_secs,
        "spool": spool,
    }))
}

pub async fn readyz(pages: web::Data<Pages>, places: web::Data<Places>, settings: web::Data<Settings>) -> HttpResponse {
    let data_dir = settings.data_dir.clone();
    let writable = web::block(move || {
        let probe = data_dir.join(format!(".ready-{}", std::process::id()));
        std::fs::write(&probe, b"ok").and_then(|()| std::fs::remove_file(&probe))
    })
    .await
    .map_err(std::io::Error::other)
    .and_then(|r| r);
    if let Err(e) = &writable {
        tracing::error!(error = %e, "data directory is not writable");
    }
    let checks = json!({
        "pagesWarm": pages.is_warm(),
        "dataDirWritable": writable.is_ok(),
        "placesProvider": places.is_ready(),
    });
    let ready = checks.as_object().expect("object").values().all(|v| v == true);
    let mut response = if ready { HttpResponse::Ok() } else { HttpResponse::ServiceUnavailable() };
    response
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(json!({ "status": if ready { "ready" } else { "not ready" }, "checks": checks }))
}

pub async fn metrics(req: HttpRequest, settings: web::Data<Settings>, limits: web::Data<RateLimits>, pages: web::Data<Pages>, outbox: web::Data<Outbox>) -> HttpResponse {
    // to_canonical: an IPv4 loopback seen through an IPv6 socket (::ffff:127.0.0.1).
    let allowed = |ip: IpAddr| ip.to_canonical().is_loopback() || settings.http.metrics_allowed.contains(&ip);
    if !limits.client(&req).is_some_and(allowed) {
        // As if there were nothing here.
        return HttpResponse::NotFound().finish();
    }
    let spool = outbox.stats();
    let text = metrics::encode(metrics::Gauges {
        render_queue_depth: pages.pool().queue_depth(),
        spool_depth: spool.depth,
        oldest_undelivered_seconds: spool.oldest_undelivered_age_secs,
    });
    HttpResponse::Ok()
        .content_type("application/openmetrics-text; version=1.0.0; charset=utf-8")
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .body(text)
}
