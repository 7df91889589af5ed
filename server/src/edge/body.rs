//! What the JSON endpoints and form posts share: bodies read with a size and a
//! time limit, and JSON that must really be JSON. Refusals are [`Refusal`]s,
//! worded by the edge in the request's language.
use std::time::Duration;

use actix_web::{http::header, web, HttpRequest};
use futures_util::StreamExt;

use crate::edge::error::Refusal;

/// Largest accepted request body (JSON or form post).
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// The whole body; refused once it passes [`MAX_BODY_BYTES`], or when the
/// client takes longer than `timeout` to send it (slow clients would otherwise
/// hold a connection and a buffer for as long as they like).
pub async fn read_body(mut payload: web::Payload, timeout: Duration) -> Result<web::BytesMut, Refusal> {
    let read = async {
        let mut body = web::BytesMut::new();
        while let Some(chunk) = payload.next().await {
            let chunk = chunk.map_err(|_| Refusal::InvalidBody)?;
            if body.len() + chunk.len() > MAX_BODY_BYTES {
                return Err(Refusal::BodyTooLarge);
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    };
    tokio::time::timeout(timeout, read).await.unwrap_or_else(|_| {
        tracing::info!("request body not received in time");
        Err(Refusal::BodyTimeout)
    })
}

/// Whether the request says its body is of this media type.
pub fn has_content_type(req: &HttpRequest, media_type: &str) -> bool {
    req.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case(media_type))
}

/// A JSON body: right content type, valid UTF-8, valid JSON.
pub async fn read_json(
    req: &HttpRequest,
    payload: web::Payload,
    timeout: Duration,
) -> Result<serde_json::Value, Refusal> {
    if !has_content_type(req, "application/json") {
        return Err(Refusal::UnsupportedMediaType);
    }
    let body = read_body(payload, timeout).await?;
    let text = std::str::from_utf8(&body).map_err(|_| Refusal::InvalidBody)?;
    serde_json::from_str(text).map_err(|_| Refusal::InvalidBody)
}
