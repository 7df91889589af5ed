//! `/calendar/{token}.ics`: the dispatchers' calendar, for the calendar app of
//! a dispatcher's phone to subscribe to (see `feed.rs` for its events).
//!
//! The address is the secret: its token is the HMAC of the settings'
//! `dispatch_calendar.revision` under the server's key, so it survives
//! restarts, is the same on every instance sharing the key, and is revoked by
//! raising the revision (or changing the key). Any other token gets the same
//! 404 page as a wrong staff link. The address is never logged: it is a key
//! to every ride and to the signed Confirm links in the feed, and logs travel
//! further than the server. `taxi-server calendar-url` prints it ([`address`]).
use actix_web::{http::StatusCode, web, HttpRequest, HttpResponse};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};

use crate::{
    config::Settings,
    edge::error::AppError,
    render::respond::encoded,
    secret::SecretKey,
    site::private_page::keep_private,
    staff_answers::{
        feed::{dispatch_calendar, LISTED},
        routes::Staff,
    },
};

pub const ROUTE: &str = "/calendar/{file}";
const PURPOSE: &str = "dispatch-calendar";
const SUFFIX: &str = ".ics";

/// The feed's path, e.g. `/calendar/Xq…9w.ics`.
pub fn path(key: &SecretKey, revision: u32) -> String {
    let token = URL_SAFE_NO_PAD.encode(key.sign(&[PURPOSE, &revision.to_string()]));
    format!("/calendar/{token}{SUFFIX}")
}

/// The feed's address to subscribe to (`webcal://…`).
pub fn subscription_url(settings: &Settings, key: &SecretKey) -> String {
    let origin = &settings.site.base_url;
    let host = origin.split_once("://").map_or(origin.as_str(), |(_, host)| host);
    format!("webcal://{host}{}", path(key, settings.dispatch_calendar.revision))
}

/// The address, for `taxi-server calendar-url`: from the same settings and key
/// as the server. Creates no key: run by another user (root, say) it would
/// leave a key file the server then refuses.
pub fn address(settings: &Settings) -> anyhow::Result<String> {
    if !settings.dispatch_calendar.enabled {
        anyhow::bail!("the dispatchers' calendar is off (dispatch_calendar.enabled = false)");
    }
    let key = SecretKey::existing(settings)
        .map_err(|e| anyhow::anyhow!("the secret key (TAXI_SECRET_KEY, or secret.key in data_dir): {e}"))?
        .ok_or_else(|| {
            anyhow::anyhow!(
                "no secret key yet in {}: start the server once (it creates one), or set TAXI_SECRET_KEY",
                settings.data_dir.display()
            )
        })?;
    Ok(subscription_url(settings, &key))
}

/// Whether `file` is the feed's current `{token}.ics` (compared in constant time).
fn genuine(key: &SecretKey, revision: u32, file: &str) -> bool {
    let Some(tag) = file.strip_suffix(SUFFIX).and_then(|t| URL_SAFE_NO_PAD.decode(t).ok()) else {
        return false;
    };
    key.verify(&[PURPOSE, &revision.to_string()], &tag)
}

pub async fn feed(
    req: HttpRequest,
    file: web::Path<String>,
    (staff, keeper, composer): Staff,
) -> Result<HttpResponse, AppError> {
    let settings = &staff.settings.dispatch_calendar;
    if !settings.enabled || !genuine(&staff.key, settings.revision, &file) {
        tracing::info!("dispatchers' calendar: wrong address");
        let page = staff.pages.error_page(staff.settings.mail.staff_language).await;
        let mut response = encoded(&req, &page, StatusCode::NOT_FOUND);
        keep_private(&mut response);
        return Ok(response);
    }
    let (now, day) =
        (jiff::Timestamp::now(), |days: u32| jiff::SignedDuration::from_hours(24 * i64::from(days)));
    let window = (now - day(settings.past_days), now + day(settings.ahead_days));
    let (records, left_out) = keeper
        .dispatch_rides(&LISTED, window, settings.max_bookings)
        .await
        .map_err(|e| AppError::Internal(anyhow::Error::new(e)))?;
    let body = dispatch_calendar((&staff, &composer), &records, left_out, settings.refresh_minutes);
    let mut response = HttpResponse::Ok().content_type("text/calendar; charset=utf-8").body(body);
    keep_private(&mut response);
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_current_revisions_token_opens_the_feed() {
        let key = SecretKey::from_bytes(vec![7; 32]);
        let file = path(&key, 1).trim_start_matches("/calendar/").to_string();
        assert!(genuine(&key, 1, &file));
        assert!(!genuine(&key, 2, &file), "a raised revision revokes the address");
        assert!(!genuine(&SecretKey::from_bytes(vec![8; 32]), 1, &file), "another key");
        assert!(!genuine(&key, 1, file.trim_end_matches(".ics")), "without .ics");
        assert!(!genuine(&key, 1, &file[1..]), "cut");
        assert!(!genuine(&key, 1, "!!.ics"));
        assert_ne!(path(&key, 1), path(&key, 2));
    }
}
