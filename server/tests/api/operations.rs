use serde_json::Value;

use crate::helpers::{header, spawn_app, spawn_app_with, AppOptions};

#[actix_web::test]
async fn every_answer_carries_a_request_id_and_keeps_a_plausible_incoming_one() {
    let app = spawn_app().await;
    let mut seen = std::collections::HashSet::new();
    for path in ["/", "/reserveren", "/nope", "/api/place-suggestions?input=ve&lang=nl", "/healthz"] {
        let response = app.get(path).await;
        let id = header(&response, "x-request-id").to_string();
        assert_eq!(id.len(), 16, "{path}: {id:?}");
        assert!(seen.insert(id), "ids differ");
    }
    let kept = app.get_with("/", &[("X-Request-Id", "lb-42.abc")]).await;
    assert_eq!(header(&kept, "x-request-id"), "lb-42.abc");
    let replaced = app.get_with("/", &[("X-Request-Id", "a b\" c")]).await;
    assert_ne!(header(&replaced, "x-request-id"), "a b\" c");
}

#[actix_web::test]
async fn readiness_waits_for_the_pages_and_a_writable_data_directory() {
    let app = spawn_app_with(AppOptions { warm_up: true, ..Default::default() }).await;
    app.wait_until_ready().await;
    let body: Value = app.get("/readyz").await.json().await.unwrap();
    assert_eq!(body["status"], "ready");
    assert_eq!(
        body["checks"],
        serde_json::json!({"pagesWarm": true, "dataDirWritable": true, "acceptsBookings": true, "mailLeaves": true, "placesProvider": true})
    );

    // The data directory replaced by a file: nothing can be spooled, so not ready (but alive).
    std::fs::rename(&app.data_dir, app.data_dir.with_extension("moved")).unwrap();
    std::fs::write(&app.data_dir, b"not a directory").unwrap();
    let response = app.get("/readyz").await;
    assert_eq!(response.status(), 503);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["checks"]["dataDirWritable"], false);
    assert_eq!(body["checks"]["pagesWarm"], true);
    assert_eq!(app.get("/healthz").await.status(), 200);
    std::fs::remove_file(&app.data_dir).unwrap();
    std::fs::rename(app.data_dir.with_extension("moved"), &app.data_dir).unwrap();
    assert_eq!(app.get("/readyz").await.status(), 200);
}

#[actix_web::test]
async fn a_server_whose_pages_cannot_render_is_not_ready() {
    let app = spawn_app_with(AppOptions {
        bundle: Some("export function render() { throw new Error('broken'); }"),
        warm_up: true,
        ..Default::default()
    })
    .await;
    // Not yet warm proves nothing: wait until the warm-up has given up.
    for _ in 0..100 {
        let details: Value = app.get("/healthz/details").await.json().await.unwrap();
        if details["pagesWarmUpFailed"] == true {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let details: Value = app.get("/healthz/details").await.json().await.unwrap();
    assert_eq!(details["pagesWarmUpFailed"], true, "{details}");
    let response = app.get("/readyz").await;
    assert_eq!(response.status(), 503);
    assert_eq!(response.json::<Value>().await.unwrap()["checks"]["pagesWarm"], false);
}

#[actix_web::test]
async fn metrics_count_requests_by_route_and_status_for_loopback_only() {
    let app = spawn_app().await;
    app.get("/reserveren").await;
    app.get("/api/places/g2748000/aAMS?lang=nl").await;
    app.get("/api/place-details/nonexistent?lang=nl").await;
    app.client.request("FROBNICATE".parse().unwrap(), format!("{}/x1", app.address)).send().await.unwrap();
    let response = app.get("/metrics").await;
    assert_eq!(response.status(), 200);
    assert!(header(&response, "content-type").starts_with("application/openmetrics-text"));
    let text = response.text().await.unwrap();
    for expected in [
        r#"taxi_http_requests_total{method="GET",route="/reserveren",status="200"}"#,
        r#"taxi_http_requests_total{method="GET",route="/api/places/{pickup}/{destination}",status="200"}"#,
        r#"taxi_http_requests_total{method="GET",route="/api/place-details/{id}",status="404"}"#,
        "taxi_http_request_duration_seconds_bucket{",
        "taxi_render_duration_seconds_count ",
        "taxi_page_cache_lookups_total{result=\"hit\"}",
        "taxi_render_queue_depth ",
        "taxi_spool_depth ",
    ] {
        assert!(text.contains(expected), "{expected} missing from:\n{text}");
    }
    assert!(!text.contains("g2748000") && !text.contains("/x1"), "paths are not labels, patterns are");
    assert!(
        !text.contains("FROBNICATE") && text.contains(r#"method="other",route="unmatched""#),
        "unknown methods are one label"
    );

    // Behind a trusted proxy, a forwarded request is never an operator's (see the last test here).
    let proxied = spawn_app_with(AppOptions {
        config_toml: Some(
            "[limits]\ntrusted_proxies = [\"127.0.0.1\"]\n[http]\nmetrics_allowed = [\"192.0.2.7\"]\n".into(),
        ),
        ..Default::default()
    })
    .await;
    assert_eq!(proxied.get_with("/metrics", &[("X-Forwarded-For", "203.0.113.9")]).await.status(), 404);
    assert_eq!(proxied.get_with("/metrics", &[("X-Forwarded-For", "192.0.2.7")]).await.status(), 404);
    assert_eq!(proxied.get("/metrics").await.status(), 404, "the proxy's own address, without a header");
}

#[actix_web::test]
async fn health_says_degraded_while_mail_cannot_be_delivered_and_names_no_one() {
    let app = spawn_app_with(AppOptions {
        config_toml: Some("[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n".into()),
        smtp_url: Some("smtp://127.0.0.1:9"),
        ..Default::default()
    })
    .await;
    let health: serde_json::Value = app.get("/healthz").await.json().await.unwrap();
    assert_eq!(health["status"], "ok", "{health}");
    assert_eq!(app.post_json("/api/reservation/nl", &crate::booking::booking()).await.status(), 200);
    let mut last = String::new();
    for _ in 0..50 {
        last = app.get("/healthz").await.text().await.unwrap();
        let health: serde_json::Value = serde_json::from_str(&last).unwrap();
        if health["status"] == "degraded" {
            assert!(
                health["delivery"]["queued"].as_u64().unwrap()
                    + health["delivery"]["inFlight"].as_u64().unwrap()
                    >= 2,
                "{health}"
            );
            assert!(!last.contains('@'), "no addresses in public health: {last}");
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    panic!("never degraded: {last}");
}

#[actix_web::test]
async fn every_spelling_of_a_path_is_counted_under_its_route_pattern() {
    let app = spawn_app().await;
    for spelling in [
        "/%72eserveren",
        "/reserv%65ren",
        "/api/place-suggestions?input=%72oer&lang=nl",
        "/%61pi/place-suggestions?input=ro&lang=nl",
    ] {
        assert_eq!(app.get(spelling).await.status(), 200, "{spelling}");
    }
    let text = app.get("/metrics").await.text().await.unwrap();
    assert!(
        text.contains(r#"taxi_http_requests_total{method="GET",route="/reserveren",status="200"}"#),
        "{text}"
    );
    assert!(
        text.contains(
            r#"taxi_http_requests_total{method="GET",route="/api/place-suggestions",status="200"}"#
        ),
        "{text}"
    );
    assert!(
        // (The metrics are the process's: other tests' landing pages put "roermond" in route labels.)
        !text.contains("%72")
            && !text.contains("%65")
            && !text.contains("%61")
            && !text.contains("input=")
            && !text.replace("roermond", "").contains("roer"),
        "spellings and queries are not labels:\n{text}"
    );
}

fn config(extra: &str) -> AppOptions {
    AppOptions { config_toml: Some(format!("[render]\nworkers = 1\n{extra}")), ..Default::default() }
}

#[actix_web::test]
async fn operator_endpoints_never_open_through_a_proxy() {
    // The proxy on this host, trusted: nothing from its address is an operator's,
    // whatever it forwards, and also when it forwards no header at all.
    let app = spawn_app_with(config(
        "[limits]\ntrusted_proxies = [\"127.0.0.1\"]\n[http]\nmetrics_allowed = [\"192.0.2.7\"]\n",
    ))
    .await;
    for path in ["/metrics", "/healthz/details"] {
        assert_eq!(app.get(path).await.status(), 404, "{path}: from the proxy, without a header");
        for forwarded in ["192.0.2.7", "127.0.0.1", "garbage"] {
            assert_eq!(
                app.get_with(path, &[("X-Forwarded-For", forwarded)]).await.status(),
                404,
                "{path} via {forwarded}"
            );
        }
        assert_eq!(app.get_with(path, &[("Forwarded", "for=127.0.0.1")]).await.status(), 404, "{path}");
    }
    // Nothing configured, and a proxy on this host that passes the visitor's Host
    // on but no forwarding header: the public name gives it away.
    let app = spawn_app_with(config("")).await;
    for path in ["/metrics", "/healthz/details"] {
        assert_eq!(app.get(path).await.status(), 200, "{path}: an operator on the host");
        let public = app.get_with(path, &[("Host", "www.taxiroermond.example")]).await;
        assert_eq!(public.status(), 404, "{path}: asked for by the site's public name");
        let proto = app.get_with(path, &[("X-Forwarded-Proto", "https")]).await;
        assert_eq!(proto.status(), 404, "{path}: any forwarding header");
    }
}

/// An operator on the host names it as `curl http://127.0.0.1:8080/metrics`
/// does (a local name at the listening port) or by a configured operator host.
/// Anything else, which a proxy passing the visitor's `Host` on without a
/// forwarding header would deliver (issue 41: `Host: 127.0.0.1`), gets what an
/// unknown page gets, whatever the method.
#[actix_web::test]
async fn operator_endpoints_answer_an_operators_host_and_are_an_unknown_page_to_anyone_else() {
    let app = spawn_app_with(config("[http]\noperator_hosts = [\"ops.internal\"]\n")).await;
    let port = app.address.rsplit(':').next().unwrap().to_string();
    let hosts_ok = [format!("127.0.0.1:{port}"), format!("localhost:{port}"), format!("[::1]:{port}")];
    let refused_hosts = [
        "127.0.0.1",
        "localhost",
        "[::1]",
        "127.0.0.1:80",
        "203.0.113.5",
        "www.taxiroermond.example",
        "evil.example",
    ];
    for path in ["/metrics", "/healthz/details"] {
        for host in hosts_ok.iter().map(String::as_str).chain(["ops.internal", "ops.internal:9100"]) {
            assert_eq!(app.get_with(path, &[("Host", host)]).await.status(), 200, "{path} as {host}");
        }
        for host in refused_hosts {
            let refused = app.get_with(path, &[("Host", host)]).await;
            let unknown = app.get_with("/no-such-page", &[("Host", host)]).await;
            assert_eq!(refused.status(), unknown.status(), "{path} as {host}");
            let location = |r: &reqwest::Response| header(r, "location").replace(path, "/no-such-page");
            assert_eq!(location(&refused), location(&unknown), "{path} as {host}");
            assert_eq!(
                header(&refused, "content-type"),
                header(&unknown, "content-type"),
                "{path} as {host}"
            );
            assert_eq!(refused.text().await.unwrap(), unknown.text().await.unwrap(), "{path} as {host}");
        }
        let url = format!("{}{path}", app.address);
        let post = app.client.post(url).header("Host", "127.0.0.1").body("x").send().await.unwrap();
        assert_eq!(post.status(), 404, "{path}: another method, the same answer");
    }
    let unknown = app.get_with("/no-such-page", &[("Host", "127.0.0.1")]).await;
    assert_eq!(unknown.status(), 404, "the answer compared with is an unknown page's");
}
