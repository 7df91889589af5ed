//! Google's errors, retries and time limits, and the call budget.
use std::time::{Duration, Instant};

use serde_json::json;

use crate::places::google::tests::*;

#[actix_web::test]
async fn invalid_argument_is_unavailable_without_retry_and_hides_the_key() {
    let fake = Fake::start(|_, _| {
        google_error(
            400,
            "INVALID_ARGUMENT",
            &format!("API key not valid. Please pass a valid API key. ({KEY})"),
            Some("API_KEY_INVALID"),
        )
    })
    .await;
    let google = fake.google(2_000);
    let error = google.suggestions("Roermond", Lang::Nl, None).await.unwrap_err();
    assert!(
        matches!(&error, PlacesError::Unavailable(m) if m.contains("INVALID_ARGUMENT") && m.contains("API_KEY_INVALID")),
        "{error}"
    );
    assert!(error.to_string().contains("HTTP 400"), "{error}");
    assert_key_hidden(&error);
    assert_eq!(fake.calls(), 1, "400 is not retried");
    assert!(!format!("{google:?}").contains(KEY));
    fake.stop().await;
}

#[actix_web::test]
async fn permission_denied_service_disabled_is_unavailable_without_retry() {
    let fake = Fake::start(|_, _| {
        google_error(
            403,
            "PERMISSION_DENIED",
            "Routes API has not been used in project 123 before or it is disabled.",
            Some("SERVICE_DISABLED"),
        )
    })
    .await;
    let google = fake.google(2_000);
    for error in [
        google.route(&place("A", 51.0, 6.0), &place("B", 51.1, 6.1)).await.unwrap_err(),
        google.details(&id("ChIJx"), Lang::Nl, None).await.unwrap_err(),
        google.suggestions("Venlo", Lang::Nl, None).await.unwrap_err(),
    ] {
        assert!(
            matches!(&error, PlacesError::Unavailable(m) if m.contains("PERMISSION_DENIED") && m.contains("SERVICE_DISABLED")),
            "{error}"
        );
        assert_key_hidden(&error);
    }
    assert_eq!(fake.calls(), 3, "403 is not retried");
    fake.stop().await;
}

#[actix_web::test]
async fn resource_exhausted_is_retried_once_then_unavailable() {
    let fake = Fake::start(|_, _| {
        google_error(429, "RESOURCE_EXHAUSTED", "Quota exceeded for quota metric 'Requests'.", None)
    })
    .await;
    let google = fake.google(2_000);
    let error = google.details(&id("ChIJx"), Lang::Nl, None).await.unwrap_err();
    assert!(matches!(&error, PlacesError::Unavailable(m) if m.contains("RESOURCE_EXHAUSTED")), "{error}");
    assert_key_hidden(&error);
    assert_eq!(fake.calls(), 2, "one retry");
    fake.stop().await;
}

#[actix_web::test]
async fn resource_exhausted_then_success_succeeds() {
    let fake = Fake::start(|_, i| {
        if i == 0 {
            google_error(429, "RESOURCE_EXHAUSTED", "Quota exceeded.", None)
        } else {
            reply(200, json!({"routes": [{"distanceMeters": 1000, "duration": "60s"}]}))
        }
    })
    .await;
    let google = fake.google(2_000);
    let route = google.route(&place("A", 51.0, 6.0), &place("B", 51.1, 6.1)).await.unwrap();
    assert_eq!(route, RouteEstimate { distance_m: 1000.0, duration_s: 60.0 });
    assert_eq!(fake.calls(), 2);
    fake.stop().await;
}

#[actix_web::test]
async fn a_long_retry_delay_from_google_is_not_waited_for() {
    let fake = Fake::start(|_, _| {
        reply(
            429,
            json!({"error": {"code": 429, "message": "Quota exceeded.", "status": "RESOURCE_EXHAUSTED",
            "details": [{"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "30s"}]}}),
        )
    })
    .await;
    let google = fake.google(2_000);
    assert!(matches!(google.suggestions("Venlo", Lang::Nl, None).await, Err(PlacesError::Unavailable(_))));
    assert_eq!(fake.calls(), 1);
    fake.stop().await;
}

#[actix_web::test]
async fn server_errors_are_retried_once() {
    let fake = Fake::start(|seen, i| match (seen.path.as_str(), i) {
        (_, 0) => google_error(503, "UNAVAILABLE", "The service is currently unavailable.", None),
        (_, 1) => reply(200, json!({"suggestions": [prediction("ChIJa", "A", None)]})),
        _ => google_error(500, "INTERNAL", "Internal error encountered.", None),
    })
    .await;
    let google = fake.google(2_000);
    assert_eq!(google.suggestions("Roermond", Lang::Nl, None).await.unwrap().len(), 1, "503 then success");
    assert_eq!(fake.calls(), 2);
    let error = google.details(&id("ChIJx"), Lang::Nl, None).await.unwrap_err();
    assert!(
        matches!(&error, PlacesError::Unavailable(m) if m.contains("HTTP 500") && m.contains("INTERNAL")),
        "{error}"
    );
    assert_eq!(fake.calls(), 4, "500 retried once");
    fake.stop().await;
}

#[actix_web::test]
async fn a_slow_google_times_out_within_the_budget() {
    let fake =
        Fake::start(|_, _| Reply { delay: Duration::from_secs(5), ..reply(200, json!({"suggestions": []})) })
            .await;
    let google = fake.google(400);
    let started = Instant::now();
    let error = google.details(&id("ChIJslow"), Lang::Nl, None).await.unwrap_err();
    let elapsed = started.elapsed();
    assert!(matches!(&error, PlacesError::Unavailable(m) if m.contains("timed out")), "{error}");
    assert_key_hidden(&error);
    assert_eq!(fake.calls(), 2, "a timeout is retried once");
    assert!(elapsed >= Duration::from_millis(400), "{elapsed:?}");
    assert!(elapsed < Duration::from_millis(800 + 300), "within {BUDGET_FACTOR} × timeout_ms: {elapsed:?}");
    fake.stop().await;
}

#[actix_web::test]
async fn bad_json_and_unexpected_404s_are_unavailable() {
    let fake = Fake::start(|seen, _| match seen.path.as_str() {
        "/v1/places:autocomplete" => {
            Reply { status: 200, body: "<html>not json".into(), delay: Duration::ZERO }
        }
        "/v1/places/ChIJhtml" => {
            Reply { status: 502, body: "<html>Bad Gateway</html>".into(), delay: Duration::ZERO }
        }
        _ => reply(404, json!({"error": {"code": 404, "message": "Not found", "status": "NOT_FOUND"}})),
    })
    .await;
    let google = fake.google(2_000);
    assert!(matches!(google.suggestions("Roermond", Lang::Nl, None).await, Err(PlacesError::Unavailable(_))));
    assert!(
        matches!(google.details(&id("ChIJhtml"), Lang::Nl, None).await, Err(PlacesError::Unavailable(m)) if m.contains("HTTP 502"))
    );
    // A 404 from computeRoutes is a wrong URL, not a missing place.
    assert!(matches!(
        google.route(&place("A", 51.0, 6.0), &place("B", 51.1, 6.1)).await,
        Err(PlacesError::Unavailable(_))
    ));
    fake.stop().await;
}

#[actix_web::test]
async fn a_refused_connection_is_unavailable() {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let settings = GoogleSettings {
        places_url: format!("http://127.0.0.1:{port}"),
        routes_url: format!("http://127.0.0.1:{port}"),
        timeout_ms: 1_000,
        max_calls_per_hour: 0,
        max_calls_per_day: 0,
    };
    let google = GoogleMaps::new(&settings, SecretString::from(KEY), CENTRE);
    let error = google.suggestions("Roermond", Lang::Nl, None).await.unwrap_err();
    assert!(matches!(&error, PlacesError::Unavailable(_)), "{error}");
    assert_key_hidden(&error);
}

#[actix_web::test]
async fn beyond_the_call_budget_no_call_is_made_and_cache_hits_are_free() {
    let fake = Fake::start(|seen, _| {
        if seen.path.starts_with("/v1/places/") {
            reply(200, json!({"id": "ChIJa", "formattedAddress": "A", "location": {"latitude": 51.2, "longitude": 6.0}}))
        } else {
            reply(200, json!({"suggestions": [prediction("ChIJa", "A", None)]}))
        }
    })
    .await;
    let google = fake.google_with_budget(2_000, 2);
    assert_eq!(google.suggestions("Roermond", Lang::Nl, Some(SESSION)).await.unwrap().len(), 1);
    google.details(&id("ChIJa"), Lang::Nl, Some(SESSION)).await.unwrap();
    google.details(&id("ChIJa"), Lang::Nl, None).await.expect("from the cache, not counted");
    assert_eq!(google.suggestions("Venlo", Lang::Nl, None).await, Err(PlacesError::OverBudget));
    assert_eq!(google.details(&id("ChIJb"), Lang::Nl, None).await, Err(PlacesError::OverBudget));
    assert_eq!(fake.calls(), 2, "the calls beyond the budget never left");
    let report = google.budget().report();
    assert_eq!((report.hour_used, report.hour_limit), (2, 2));
    assert!(report.exhausted_since.is_some());
    fake.stop().await;
}
