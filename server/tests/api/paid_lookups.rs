//! What visitors can make the company pay for: calls to Google. A site-wide
//! budget per hour and day (beyond it the offline gazetteer answers), one search
//! session per field, a small per-client burst of pages that look places up on
//! their own, and a fair share of the render queue per client.
use std::{sync::Arc, time::Duration};

use serde_json::Value;

use crate::{
    fake_google::{place_id, FakeGoogle},
    funnel::props,
    helpers::{clear_of_the_hour, spawn_app_with, AppOptions, Flood, TestApp},
};

const SESSION: &str = "5b0e6a7c-1d2f-4e3a-8b9c-0d1e2f3a4b5c";

async fn with_google(google: &FakeGoogle, extra: &str) -> TestApp {
    spawn_app_with(AppOptions {
        config_toml: Some(google.config(extra)),
        google_key: Some("test-key"),
        ..Default::default()
    })
    .await
}

async fn json(app: &TestApp, path: &str) -> (u16, Value) {
    let response = app.get(path).await;
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

#[actix_web::test]
async fn a_prefilled_page_searches_each_field_in_one_session_within_a_small_burst() {
    let google = FakeGoogle::start().await;
    let app = with_google(&google, "[limits]\nprefill_lookups_per_minute = 3\n").await;
    let form = props(&app.html("/reservation?from=Roermond&to=Venlo").await)["form"].clone();
    assert_eq!(form["values"]["departurePlaceId"], place_id("Roermond"), "{form}");
    assert_eq!(form["values"]["destinationPlaceId"], place_id("Venlo"), "{form}");
    assert!(form["price"]["priceText"].is_string(), "{form}");

    let calls = google.calls();
    let count = |kind| calls.iter().filter(|c| c.kind == kind).count();
    assert_eq!((count("autocomplete"), count("details"), count("route")), (2, 2, 1), "{calls:?}");
    let mut tokens = Vec::new();
    for text in ["Roermond", "Venlo"] {
        let search = calls.iter().find(|c| c.kind == "autocomplete" && c.subject == text).unwrap();
        let details = calls.iter().find(|c| c.kind == "details" && c.subject == place_id(text)).unwrap();
        let token = search.session.clone().unwrap_or_else(|| panic!("{text}: a search without a session"));
        assert_eq!(
            details.session.as_ref(),
            Some(&token),
            "{text}: the details call ends the search's session"
        );
        assert_eq!(token.len(), 36, "a UUID: {token}");
        tokens.push(token);
    }
    assert_ne!(tokens[0], tokens[1], "one session per field");

    // Three such pages a minute per client look places up; the rest still open,
    // with the route as typed, no price, no message, and no call.
    for n in 1..3 {
        let form = props(&app.html(&format!("/reservation?from=Roermond&to=Venlo{n}")).await)["form"].clone();
        assert!(form["price"]["priceText"].is_string(), "page {n} is within the burst: {form}");
    }
    let spent = google.calls().len();
    for n in 3..12 {
        let response = app.get(&format!("/reservation?from=Roermond&to=Venlo{n}")).await;
        assert_eq!(response.status(), 200);
        let form = props(&response.text().await.unwrap())["form"].clone();
        assert_eq!(form["values"]["destination"], format!("Venlo{n}"), "{form}");
        assert!(form["values"].get("destinationPlaceId").is_none(), "{form}");
        assert!(form.get("price").is_none() && form["errors"].as_object().unwrap().is_empty(), "{form}");
    }
    assert_eq!(google.calls().len(), spent, "no call beyond the burst");
    google.stop().await;
}

#[actix_web::test]
async fn beyond_the_call_budget_the_gazetteer_answers_and_operators_are_told() {
    clear_of_the_hour();
    let google = FakeGoogle::start().await;
    let app = with_google(&google, "max_calls_per_hour = 4\n").await;
    let (status, body) =
        json(&app, &format!("/api/place-suggestions?input=Roermond&lang=nl&session={SESSION}")).await;
    assert_eq!((status, body["suggestions"][0]["id"].as_str()), (200, Some(place_id("Roermond").as_str())));
    let (status, _) =
        json(&app, &format!("/api/place-details/{}?lang=nl&session={SESSION}", place_id("Roermond"))).await;
    assert_eq!(status, 200);
    // A token that is not one Google takes (visitor input) is not passed on.
    assert_eq!(json(&app, "/api/place-suggestions?input=Venlo&lang=nl&session=a%20b%3Cc").await.0, 200);
    assert_eq!(json(&app, "/api/place-suggestions?input=Weert&lang=nl").await.0, 200);
    let sessions: Vec<Option<String>> = google.calls().into_iter().map(|c| c.session).collect();
    let browser = Some(SESSION.to_string());
    assert_eq!(sessions, [browser.clone(), browser, None, None], "the browser's session reaches Google");

    // The budget is spent: the gazetteer answers, with its own places and route.
    let (status, body) = json(&app, "/api/place-suggestions?input=Schiphol&lang=nl").await;
    assert_eq!((status, body["suggestions"][0]["id"].as_str()), (200, Some("aAMS")), "{body}");
    let (status, body) = json(&app, "/api/places/g2748000/aAMS?lang=nl").await;
    assert_eq!((status, body["priceIndication"].as_str()), (200, Some("230,00")), "{body}");
    let form = props(&app.html("/reservation?from=Roermond&to=Venlo").await)["form"].clone();
    assert_eq!(form["values"]["departurePlaceId"], "g2748000", "{form}");
    assert!(form["price"]["priceText"].is_string(), "{form}");
    // A Google id needs Google: the visitor is asked to choose again.
    assert_eq!(json(&app, &format!("/api/place-details/{}?lang=nl", place_id("Venlo"))).await.0, 404);
    assert_eq!(google.calls().len(), 4, "nothing beyond the budget reached Google");

    let (_, details) = json(&app, "/healthz/details").await;
    let budget = &details["placesBudget"];
    assert_eq!((budget["hourUsed"].as_u64(), budget["hourLimit"].as_u64()), (Some(4), Some(4)), "{details}");
    assert_eq!(
        (budget["dayUsed"].as_u64(), budget["dayLimit"].as_u64()),
        (Some(4), Some(10_000)),
        "{details}"
    );
    assert!(budget["exhaustedSince"].as_str().is_some_and(|t| t.ends_with('Z')), "{details}");
    let (_, health) = json(&app, "/healthz").await;
    assert_eq!(health["status"], "ok", "visitors are still served: {health}");
    assert!(health.get("placesBudget").is_none(), "operators only: {health}");
    google.stop().await;
}

/// Renders that take a while, so a flood keeps the queue full.
const SLOW: &str =
    "export function render() { const end = Date.now() + 40; while (Date.now() < end) {} return '<p>slow</p>'; }";

#[actix_web::test]
async fn one_client_flooding_the_render_queue_leaves_room_for_others() {
    let app = Arc::new(
        spawn_app_with(AppOptions {
            bundle: Some(SLOW),
            config_toml: Some(
                "[render]\nworkers = 1\n[limits]\nlookup_rate_limit_per_minute = 0\ntrusted_proxies = [\"127.0.0.1\"]\n"
                    .into(),
            ),
            ..Default::default()
        })
        .await,
    );
    // As in production, where pages are rendered at start-up: the error page
    // (which a refusal shows) comes from the cache.
    assert_eq!(app.get("/no-such-page").await.status(), 404);
    let page = |app: Arc<TestApp>, client: &'static str, n: usize| async move {
        let path = format!("/reservation?from=Roermond&to=Venlo{n}");
        app.get_with(&path, &[("X-Forwarded-For", client)]).await.status().as_u16()
    };
    // 100 parallel visitors from one address, each asking again as soon as answered.
    let flood = Flood::start(100, {
        let app = app.clone();
        move |n| page(app.clone(), "198.51.100.1", n)
    });
    actix_web::rt::time::sleep(Duration::from_millis(500)).await;
    let mut others = Vec::new();
    for n in 0..3 {
        others.push(page(app.clone(), "203.0.113.7", n).await);
    }
    let flooder = flood.stop().await;
    assert_eq!(others, [200, 200, 200], "another visitor's pages");
    assert!(
        flooder.contains(&200) && flooder.contains(&429),
        "the flooder gets its share: {:?}",
        &flooder[..20]
    );
    assert!(!flooder.contains(&503), "the queue never filled up");
}
