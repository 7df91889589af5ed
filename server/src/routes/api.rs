//! What every JSON endpoint shares: the language in the path or query, bodies
//! read with a size limit, and errors as `{"errorMessage"}` in that language.
use actix_web::{http::StatusCode, web, HttpRequest, HttpResponse};
use futures_util::StreamExt;
use serde_json::json;

use std::time::Duration;

use crate::{config::Settings, domain::Lang, i18n::Locales};

/// Largest accepted request body (JSON or form post).
pub const MAX_BODY_BYTES: usize = 16 * 1024;

/// `{"errorMessage": <localized text>}` with a status.
pub fn error_message(locales: &Locales, lang: Lang, status: StatusCode, key: &str) -> HttpResponse {
    HttpResponse::build(status).json(json!({ "errorMessage": locales.text(lang, key) }))
}

/// The language of `/api/…/{language}`; anything else is a JSON 404.
pub fn path_language(locales: &Locales, code: &str) -> Result<Lang, HttpResponse> {
    Lang::parse(code).ok_or_else(|| error_message(locales, Lang::En, StatusCode::NOT_FOUND, "api.unknownLanguage"))
}

/// The `lang` query parameter; Dutch when missing or unknown.
pub fn query_language(value: Option<&str>) -> Lang {
    value.and_then(Lang::parse).unwrap_or(Lang::Nl)
}

/// The whole body, or a 413 once it passes [`MAX_BODY_BYTES`], or a 408 when
/// the client takes longer than `http.body_timeout_ms` to send it (slow clients
/// would otherwise hold a connection and a buffer for as long as they like).
pub async fn read_body(req: &HttpRequest, mut payload: web::Payload, locales: &Locales, lang: Lang) -> Result<web::BytesMut, HttpResponse> {
    let timeout = req.app_data::<web::Data<Settings>>().map_or(10_000, |s| s.http.body_timeout_ms);
    let read = async {
        let mut body = web::BytesMut::new();
        while let Some(chunk) = payload.next().await {
            let chunk = chunk.map_err(|_| error_message(locales, lang, StatusCode::BAD_REQUEST, "api.invalidBody"))?;
            if body.len() + chunk.len() > MAX_BODY_BYTES {
                return Err(error_message(locales, lang, StatusCode::PAYLOAD_TOO_LARGE, "api.bodyTooLarge"));
            }
            body.extend_from_slice(&chunk);
        }
        Ok(body)
    };
    match tokio::time::timeout(Duration::from_millis(timeout), read).await {
        Ok(result) => result,
        Err(_) => {
            tracing::info!("request body not received in time");
            let mut response = error_message(locales, lang, StatusCode::REQUEST_TIMEOUT, "api.requestTimeout");
            // The rest of the body may still trickle in: do not wait for it.
            response.head_mut().set_connection_type(actix_web::http::ConnectionType::Close);
            Err(response)
        }
    }
}

/// A JSON object body: right content type, valid UTF-8, valid JSON.
pub async fn read_json(req: &HttpRequest, payload: web::Payload, locales: &Locales, lang: Lang) -> Result<serde_json::Value, HttpResponse> {
    let is_json = req
        .headers()
        .get(actix_web::http::header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !is_json {
        return Err(error_message(locales, lang, StatusCode::UNSUPPORTED_MEDIA_TYPE, "api.unsupportedMediaType"));
    }
    let body = read_body(req, payload, locales, lang).await?;
    let text = std::str::from_utf8(&body).map_err(|_| error_message(locales, lang, StatusCode::BAD_REQUEST, "api.invalidBody"))?;
    serde_json::from_str(text).map_err(|_| error_message(locales, lang, StatusCode::BAD_REQUEST, "api.invalidBody"))
}
