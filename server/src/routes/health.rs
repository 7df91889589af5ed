//! Liveness: answers while the process serves requests, with the render queue
//! and the mail spool (depth, age of the oldest undelivered mail).
use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::{delivery::Outbox, render::Pages};

pub async fn healthz(pages: web::Data<Pages>, outbox: web::Data<Outbox>) -> HttpResponse {
    let spool = outbox.stats();
    HttpResponse::Ok().json(json!({
        "status": "ok",
        "pagesWarm": pages.is_warm(),
        "renderQueueDepth": pages.pool().queue_depth(),
        "spoolDepth": spool.depth,
        "oldestUndeliveredSeconds": spool.oldest_undelivered_age_secs,
        "spool": spool,
    }))
}
