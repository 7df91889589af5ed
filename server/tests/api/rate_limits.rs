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

/// Issue 41: many addresses of one network each within their own limit. With the
/// shipped network limit (30 form posts a minute per IPv4 /24 or IPv6 /48), the 31st
/// client of one /24 (/48) is refused while a client of the next one still passes.
#[actix_web::test]
async fn every_client_of_one_slash_24_or_slash_48_shares_one_budget_and_the_next_network_passes() {
    let app = spawn_app_with(AppOptions {
        config_toml: Some(
            "[limits]\nrate_limit_per_minute = 1\nnetwork_lookup_rate_limit_per_minute = 5\n\
             trusted_proxies = [\"127.0.0.1\"]\n"
                .into(),
        ),
        ..Default::default()
    })
    .await;
    assert_eq!(
        taxi_server::config::Settings::load_from(&Default::default())
            .unwrap()
            .limits
            .network_rate_limit_per_minute,
        30
    );
    let post = |from: String| {
        app.client
            .post(format!("{}/api/contact/en", app.address))
            .header("X-Forwarded-For", from)
            .json(&json!({}))
            .send()
    };
    // Per network: its `i`-th client, and a client of the next network.
    type Network = (fn(usize) -> String, String);
    let clients: [Network; 2] = [
        (|i| format!("198.51.100.{}", i + 1), "198.51.101.1".to_string()),
        // Each client its own /64, all of one /48.
        (|i| format!("2001:db8:1:{i:x}::1"), "2001:db8:2::1".to_string()),
    ];
    for (client, next_network) in clients {
        for i in 0..30 {
            assert_eq!(
                post(client(i)).await.unwrap().status(),
                400,
                "client {} within both limits",
                client(i)
            );
        }
        let refused = post(client(30)).await.unwrap();
        assert_eq!(refused.status(), 429, "the network's 31st client");
        assert!(!header(&refused, "retry-after").is_empty());
        let answer: Value = refused.json().await.unwrap();
        assert!(
            answer["errorMessage"].as_str().unwrap().starts_with("You have sent too many requests"),
            "{answer}"
        );
        assert_eq!(
            post(next_network.clone()).await.unwrap().status(),
            400,
            "{next_network}: another network"
        );
        assert_eq!(post(client(0)).await.unwrap().status(), 429, "and each client its own limit still");
    }
    // Look-ups likewise, with their own network budget (here 5).
    let lookup = |from: String| {
        app.client
            .get(format!("{}/api/place-suggestions?input=venlo&lang=en", app.address))
            .header("X-Forwarded-For", from)
            .send()
    };
    for i in 1..=5 {
        assert_eq!(lookup(format!("203.0.113.{i}")).await.unwrap().status(), 200);
    }
    assert_eq!(lookup("203.0.113.6".into()).await.unwrap().status(), 429);
    assert_eq!(lookup("203.0.114.1".into()).await.unwrap().status(), 200);
}
