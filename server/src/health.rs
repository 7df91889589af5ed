//! Operations endpoints.
//!
//! - `/healthz` (liveness, public): status and counts only: pages warm, render
//!   queue depth, mails waiting, age of the oldest undelivered one, whether
//!   bookings are accepted. `degraded` when mail is stuck or the mail server
//!   too slow, when bookings would be refused (too much mail queued, disk
//!   full, store unwritable) or the store is in trouble (a copy put in its place, for a day).
//! - `/healthz/details`: the whole delivery report (last delivery error included),
//!   why bookings are refused, the store's trouble, the last copy put in its
//!   place and what was taken over from an earlier release's spool, for the
//!   same operators as `/metrics`.
//! - `/readyz` (readiness): 200 only when pages are rendered into memory, the
//!   data directory takes writes (the store lives there), bookings would be
//!   accepted, mail can leave (the SMTP server answers: [`MailReach`]) and the
//!   places provider can answer; otherwise 503 naming what is not ready.
//!   README's "Operations" says what a load balancer should do with each.
//! - `/metrics`: Prometheus metrics, for loopback and `http.metrics_allowed` only.
//!
//! Operators are recognised by the socket peer and the `Host` they ask for, and
//! a request that a proxy forwarded is never theirs; anyone else gets an
//! unknown page's answer (see [`crate::edge::operators`]).
//!
//! A used-up budget of calls to Google shows in `/healthz/details` (`placesBudget`)
//! but does not make `/healthz` degraded: visitors still get suggestions and
//! prices from the offline gazetteer, and a flood must not page anyone at night.
use std::sync::atomic::{AtomicU64, Ordering};

use actix_web::{http::header, web, HttpRequest, HttpResponse};
use serde_json::json;

use crate::{
    bookings::keeper::Keeper,
    config::Settings,
    edge::operators::Operators,
    forms::submission::Submissions,
    mail::{reach::MailReach, Outbox, SpoolStats},
    places::Places,
    site::pages::Pages,
    store::Store,
    telemetry::metrics,
};

/// What the health answers read of the store: the mails, its own state, the bookings' rows.
type Kept = (web::Data<Outbox>, web::Data<Store>, web::Data<Keeper>);

/// Why new bookings would be refused now, if they would: too many mails
/// queued, a full disk, or a store that cannot be written.
fn refusing(submissions: &Submissions, (outbox, store, _): &Kept) -> Option<String> {
    submissions
        .caps()
        .refusing(outbox)
        .or_else(|| store.trouble().filter(|t| t.unwritable).map(|t| format!("store: {}", t.reason)))
}

/// Status and counts: all the public answer shows, and the start of the detailed one.
fn summary(
    pages: &Pages,
    (outbox, store, keeper): &Kept,
    spool: &SpoolStats,
    refusing: bool,
) -> serde_json::Value {
    let delivery = outbox.health();
    let store_trouble = store.trouble().is_some() || !keeper.damaged().is_empty();
    json!({
        "status": if delivery.degraded() || refusing || store_trouble { "degraded" } else { "ok" },
        "acceptsBookings": !refusing,
        "delivery": delivery,
        "pagesWarm": pages.is_warm(),
        "renderQueueDepth": pages.pool().queue_depth(),
        "spoolDepth": spool.depth,
        "oldestUndeliveredSeconds": spool.oldest_undelivered_age_secs,
    })
}

pub async fn healthz(
    pages: web::Data<Pages>,
    kept: Kept,
    submissions: web::Data<Submissions>,
) -> HttpResponse {
    let refusing = refusing(&submissions, &kept).is_some();
    HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(summary(
        &pages,
        &kept,
        &kept.0.stats(),
        refusing,
    ))
}

/// As if there were nothing here, for anyone but an operator (whom the
/// resources' guard already sends to the unknown-page answer; this is in case
/// a route loses its guard).
fn hidden() -> HttpResponse {
    HttpResponse::NotFound().finish()
}

/// The summary plus the whole delivery report (which may quote a server's answer).
pub async fn details(
    req: HttpRequest,
    operators: web::Data<Operators>,
    pages: web::Data<Pages>,
    places: web::Data<Places>,
    kept: Kept,
    submissions: web::Data<Submissions>,
) -> HttpResponse {
    if !operators.admits(req.head()) {
        return hidden();
    }
    let (outbox, store, keeper) = &kept;
    let spool = outbox.stats();
    let refusing = refusing(&submissions, &kept);
    let mut answer = summary(&pages, &kept, &spool, refusing.is_some());
    answer["spool"] = json!(spool);
    answer["bookingsRefused"] = json!(refusing);
    answer["store"] = json!({
        "trouble": store.trouble().map(|t| t.reason),
        "damagedBookings": keeper.damaged(),
        "spoolTakenOverAtStart": outbox.taken_over_at_start(),
        "restored": store.restored().map(|r| json!({
            "at": r.at.to_string(),
            "byHand": r.by_hand,
            "found": r.found,
            "backup": r.backup,
            "backupTakenAt": r.backup_taken_at.map(|at| at.to_string()),
            "movedAside": r.moved_aside,
            "queuedDropped": r.dropped,
            "degradedUntil": r.shown_until().to_string(),
        })),
    });
    answer["pagesWarmUpFailed"] = json!(pages.warm_up_failed());
    answer["placesBudget"] = json!(places.budget());
    HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(answer)
}

pub async fn readyz(
    pages: web::Data<Pages>,
    places: web::Data<Places>,
    settings: web::Data<Settings>,
    kept: Kept,
    submissions: web::Data<Submissions>,
    mail: web::Data<MailReach>,
) -> HttpResponse {
    let data_dir = settings.data_dir.clone();
    // One file per probe: concurrent probes must not remove each other's file.
    static PROBES: AtomicU64 = AtomicU64::new(0);
    let n = PROBES.fetch_add(1, Ordering::Relaxed);
    let writable = web::block(move || {
        let probe = data_dir.join(format!(".ready-{}-{n}", std::process::id()));
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
        "acceptsBookings": refusing(&submissions, &kept).is_none(),
        "mailLeaves": mail.leaves(),
        "placesProvider": places.is_ready(),
    });
    let ready = checks.as_object().expect("object").values().all(|v| v == true);
    let mut response = if ready { HttpResponse::Ok() } else { HttpResponse::ServiceUnavailable() };
    response
        .insert_header((header::CACHE_CONTROL, "no-store"))
        .json(json!({ "status": if ready { "ready" } else { "not ready" }, "checks": checks }))
}

pub async fn metrics(
    req: HttpRequest,
    operators: web::Data<Operators>,
    pages: web::Data<Pages>,
    outbox: web::Data<Outbox>,
) -> HttpResponse {
    if !operators.admits(req.head()) {
        return hidden();
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
