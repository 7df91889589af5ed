//! Anti-spam without a captcha. Two signals, neither visible to people:
//!
//! - a honeypot: the booking and contact forms carry a field named
//!   [`TRAP_FIELD`] that is moved off-screen, hidden from assistive technology
//!   and left out of the tab order. Form-filling bots fill it; such a submission
//!   gets the normal confirmation and nothing is delivered.
//! - a minimum fill time: opening a form page sets a signed cookie with the
//!   time; a booking or message sent sooner than `booking.min_fill_seconds`
//!   after that is refused with a request to check and send again (a person
//!   never gets there, and if one did, nothing is lost silently). Without the
//!   cookie (API clients, cookies off) the time is unknown and not held against
//!   anyone.
use std::{
    cell::RefCell,
    sync::atomic::{AtomicU64, Ordering},
    time::Duration,
};

use actix_web::{
    cookie::{Cookie, SameSite},
    http::header::HeaderValue,
    HttpRequest,
};
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};

use crate::{forms::Input, secret::SecretKey};

/// The honeypot's field name: plausible to a bot, meaningless to the form.
pub const TRAP_FIELD: &str = "website";
/// The same name, as the UI contract calls it.
pub const HONEYPOT_FIELD: &str = TRAP_FIELD;
const COOKIE: &str = "form_opened";

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Person,
    /// The honeypot was filled in.
    Trapped,
    /// Sent sooner after opening the form than a person can.
    TooFast,
}

/// Issues and checks the form-opened cookie. Its tag is an HMAC with the
/// server's secret key, so a forged cookie is ignored, while a genuine one
/// holds across restarts and instances that share the key.
pub struct FormGuard {
    key: SecretKey,
    min_fill: Duration,
    /// The site is served over HTTPS: the cookie travels only there.
    secure: bool,
    /// Tells guards apart in the per-thread cache of [`FormGuard::opened_header`].
    id: u64,
}

/// The cookie's time is that of the start of its tenth of a second.
const STAMP_MILLIS: i64 = 100;

impl FormGuard {
    pub fn new(min_fill_seconds: u64, secure: bool, key: SecretKey) -> Self {
        static NEXT_ID: AtomicU64 = AtomicU64::new(0);
        Self {
            key,
            min_fill: Duration::from_secs(min_fill_seconds),
            secure,
            id: NEXT_ID.fetch_add(1, Ordering::Relaxed),
        }
    }

    /// The `Set-Cookie` value for a form page answered at `now`. Signed and
    /// formatted once per tenth of a second per worker thread, then reused:
    /// doing it for every view of a form page cost a tenth of the view's CPU
    /// time. The earlier stamp shortens the minimum fill time by under 100 ms.
    pub fn opened_header(&self, now: jiff::Timestamp) -> HeaderValue {
        thread_local! {
            static LAST: RefCell<Option<(u64, i64, HeaderValue)>> = const { RefCell::new(None) };
        }
        let stamp = now.as_millisecond().div_euclid(STAMP_MILLIS) * STAMP_MILLIS;
        LAST.with_borrow_mut(|last| match last {
            Some((id, at, value)) if *id == self.id && *at == stamp => value.clone(),
            _ => {
                let cookie = self.opened_cookie(jiff::Timestamp::from_millisecond(stamp).unwrap_or(now));
                let value = HeaderValue::from_str(&cookie.to_string())
                    .expect("a cookie of ASCII letters, digits and - _ . is a valid header value");
                *last = Some((self.id, stamp, value.clone()));
                value
            }
        })
    }

    /// The cookie to set on a form page's answer.
    pub fn opened_cookie(&self, now: jiff::Timestamp) -> Cookie<'static> {
        let millis = now.as_millisecond();
        Cookie::build(
            COOKIE,
            format!("{millis}.{}", URL_SAFE_NO_PAD.encode(self.key.sign(&[COOKIE, &millis.to_string()]))),
        )
        .path("/")
        .http_only(true)
        .same_site(SameSite::Lax)
        .secure(self.secure)
        .max_age(actix_web::cookie::time::Duration::days(1))
        .finish()
    }

    /// When the visitor opened the form, if the cookie is there and genuine.
    fn opened_at(&self, req: &HttpRequest) -> Option<i64> {
        let cookie = req.cookie(COOKIE)?;
        let (millis, tag) = cookie.value().split_once('.')?;
        let tag = URL_SAFE_NO_PAD.decode(tag).ok()?;
        self.key.verify(&[COOKIE, millis], &tag).then(|| millis.parse().ok()).flatten()
    }

    pub fn verdict(&self, req: &HttpRequest, input: &Input, now: jiff::Timestamp) -> Verdict {
        if input.line(TRAP_FIELD).map_or(true, |v| !v.is_empty()) {
            return Verdict::Trapped;
        }
        match self.opened_at(req) {
            Some(opened)
                if now.as_millisecond().saturating_sub(opened) < self.min_fill.as_millis() as i64 =>
            {
                Verdict::TooFast
            }
            _ => Verdict::Person,
        }
    }
}

#[cfg(test)]
mod tests {
    use actix_web::test::TestRequest;

    use super::*;

    fn key(byte: u8) -> SecretKey {
        SecretKey::from_bytes(vec![byte; 32])
    }

    fn input(pairs: &[(&str, &str)]) -> Input {
        Input::from_pairs(pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())))
    }

    #[test]
    fn a_filled_in_trap_gives_the_bot_away() {
        let guard = FormGuard::new(3, false, key(1));
        let req = TestRequest::default().to_http_request();
        let now = jiff::Timestamp::now();
        assert_eq!(guard.verdict(&req, &input(&[("name", "A")]), now), Verdict::Person);
        assert_eq!(guard.verdict(&req, &input(&[("website", "")]), now), Verdict::Person);
        assert_eq!(guard.verdict(&req, &input(&[("website", "http://spam.example")]), now), Verdict::Trapped);
    }

    #[test]
    fn sending_sooner_than_the_minimum_after_opening_is_too_fast() {
        let guard = FormGuard::new(3, false, key(1));
        let opened = jiff::Timestamp::now();
        let req = TestRequest::default().cookie(guard.opened_cookie(opened)).to_http_request();
        let empty = input(&[]);
        assert_eq!(guard.verdict(&req, &empty, opened + Duration::from_millis(2_900)), Verdict::TooFast);
        assert_eq!(guard.verdict(&req, &empty, opened + Duration::from_secs(3)), Verdict::Person);
    }

    #[test]
    fn the_set_cookie_value_is_reused_within_its_tenth_of_a_second_and_per_guard() {
        let (guard, other) = (FormGuard::new(3, false, key(1)), FormGuard::new(3, false, key(2)));
        let at = |millis: i64| jiff::Timestamp::from_millisecond(millis).unwrap();
        let first = guard.opened_header(at(1_700_000_000_120));
        assert_eq!(first, guard.opened_header(at(1_700_000_000_199)), "same tenth of a second");
        assert_ne!(first, guard.opened_header(at(1_700_000_000_200)), "the next one");
        assert_ne!(
            guard.opened_header(at(1_700_000_000_250)),
            other.opened_header(at(1_700_000_000_250)),
            "each guard its own key"
        );
        // The value is the cookie of the start of that tenth, which the guard accepts.
        let value = guard.opened_header(at(1_700_000_000_120)).to_str().unwrap().to_string();
        assert!(
            value.starts_with("form_opened=1700000000100.")
                && value.contains("HttpOnly")
                && value.contains("Path=/"),
            "{value}"
        );
        let cookie = Cookie::parse(value).unwrap();
        let req = TestRequest::default().cookie(cookie).to_http_request();
        assert_eq!(guard.verdict(&req, &input(&[]), at(1_700_000_003_099)), Verdict::TooFast);
        assert_eq!(guard.verdict(&req, &input(&[]), at(1_700_000_003_100)), Verdict::Person);
    }

    #[test]
    fn a_forged_or_foreign_cookie_is_ignored() {
        let guard = FormGuard::new(3, false, key(1));
        let now = jiff::Timestamp::now();
        let forged = Cookie::new(COOKIE, format!("{}.0000000000000000", now.as_millisecond()));
        let req = TestRequest::default().cookie(forged).to_http_request();
        assert_eq!(guard.verdict(&req, &input(&[]), now), Verdict::Person);
        let other_key = FormGuard::new(3, false, key(2)).opened_cookie(now);
        let req = TestRequest::default().cookie(other_key).to_http_request();
        assert_eq!(guard.verdict(&req, &input(&[]), now), Verdict::Person);
        let same_key = FormGuard::new(3, false, key(1)).opened_cookie(now);
        let req = TestRequest::default().cookie(same_key).to_http_request();
        assert_eq!(
            guard.verdict(&req, &input(&[]), now),
            Verdict::TooFast,
            "another instance (or a restart) with the key reads it"
        );
    }
}
