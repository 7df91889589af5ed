//! Liveness: answers while the process serves requests.
use actix_web::{web, HttpResponse};
use serde_json::json;

use crate::render::Pages;

pub async fn healthz(pages: web::Data<Pages>) -> HttpResponse {
    HttpResponse::Ok().json(json!({
        "status": "ok",
        "pagesWarm": pages.is_warm(),
        "renderQueueDepth": pages.pool().queue_depth(),
    }))
}
