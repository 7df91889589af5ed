use serde_json::{json, Value};

use crate::helpers::{header, spawn_app_with, AppOptions};

#[actix_web::test]
async fn form_posts_are_limited_per_client_with_a_localized_429() {
    let app = spawn_app_with(AppOptions {
        config_toml: Some("[limits]\nrate_limit_per_minute = 3\n".into()),
        ..Default::default()
    })
    .await;
    let body = json!({"name": ""});
    for _ in 0..3 {
        assert_eq!(
            app.post_json("/api/contact/de", &body).await.status(),
            400,
            "within the limit: validated"
        );
    }
    let response = app.post_json("/api/contact/de", &body).await;
    assert_eq!(response.status(), 429);
    let wait: u64 = header(&response, "retry-after").parse().unwrap();
    assert!((1..=30).contains(&wait), "{wait}");
    let answer: Value = response.json().await.unwrap();
    assert!(answer["errorMessage"]
        .as_str()
        .unwrap()
        .starts_with("Sie haben in kurzer Zeit zu viele Anfragen"));

    // The same budget covers the other form endpoints and plain form posts, which get a page.
    assert_eq!(app.post_json("/api/reservation/nl", &body).await.status(), 429);
    let page = app
        .client
        .post(format!("{}/reserveren", app.address))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("Cookie", "lang=nl")
        .body("name=x")
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), 429);
    assert!(!header(&page, "retry-after").is_empty());
    let html = page.text().await.unwrap();
    assert!(html.contains("<html lang=\"nl\">") && html.contains("Er is iets mis gegaan!"));

    // Pages and look-ups are not form posts.
    assert_eq!(app.get("/reserveren").await.status(), 200);
    assert_eq!(app.get("/api/place-suggestions?input=roermond&lang=nl").await.status(), 200);
}

#[actix_web::test]
async fn lookups_have_their_own_higher_limit() {
    let app = spawn_app_with(AppOptions {
        config_toml: Some("[limits]\nrate_limit_per_minute = 1\nlookup_rate_limit_per_minute = 5\n".into()),
        ..Default::default()
    })
    .await;
    for _ in 0..5 {
        assert_eq!(app.get("/api/place-suggestions?input=venlo&lang=en").await.status(), 200);
    }
    let response = app.get("/api/place-suggestions?input=venlo&lang=en").await;
    assert_eq!(response.status(), 429);
    let answer: Value = response.json().await.unwrap();
    assert!(answer["errorMessage"].as_str().unwrap().starts_with("You have sent too many requests"));
}

#[actix_web::test]
async fn forwarding_headers_count_only_from_the_trusted_proxy() {
    // Not behind a proxy: a forged X-Forwarded-For does not buy a fresh budget.
    let app = spawn_app_with(AppOptions {
        config_toml: Some("[limits]\nrate_limit_per_minute = 1\n".into()),
        ..Default::default()
    })
    .await;
    let post = |forwarded: &'static str| {
        app.client
            .post(format!("{}/api/contact/en", app.address))
            .header("X-Forwarded-For", forwarded)
            .json(&json!({}))
            .send()
    };
    assert_eq!(post("203.0.113.1").await.unwrap().status(), 400);
    assert_eq!(post("203.0.113.2").await.unwrap().status(), 429);

    // Behind the trusted proxy (here: loopback), each forwarded client has its own budget.
    let app = spawn_app_with(AppOptions {
        config_toml: Some("[limits]\nrate_limit_per_minute = 1\ntrusted_proxies = [\"127.0.0.1\"]\n".into()),
        ..Default::default()
    })
    .await;
    let post = |forwarded: &'static str| {
        app.client
            .post(format!("{}/api/contact/en", app.address))
            .header("X-Forwarded-For", forwarded)
            .json(&json!({}))
            .send()
    };
    assert_eq!(post("198.51.100.7, 203.0.113.1").await.unwrap().status(), 400);
    assert_eq!(post("203.0.113.1").await.unwrap().status(), 429, "same client as the last hop above");
    assert_eq!(post("203.0.113.2").await.unwrap().status(), 400);
}

#[test]
fn the_limit_is_set_by_the_environment() {
    let mut env = std::collections::BTreeMap::new();
    env.insert("TAXI_RATE_LIMIT_PER_MINUTE".to_string(), "0".to_string());
    let settings = taxi_server::config::Settings::load_from(&env).unwrap();
    assert_eq!(settings.limits.rate_limit_per_minute, 0);
    env.insert("TAXI_RATE_LIMIT_PER_MINUTE".to_string(), "lots".to_string());
    let error = taxi_server::config::Settings::load_from(&env).unwrap_err();
    assert!(error.to_string().contains("TAXI_RATE_LIMIT_PER_MINUTE"), "{error}");
}
