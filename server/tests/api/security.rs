use serde_json::json;

use crate::helpers::{header, spawn_app, spawn_app_with, AppOptions};

#[actix_web::test]
async fn every_answer_carries_the_security_headers() {
    let app = spawn_app().await;
    // "moved": a redirect to the canonical host, answered before anything else, still carries them.
    for path in
        ["/", "/reserveren", "/nope", "/sitemap.xml", "/api/place-suggestions?input=ro&lang=nl", "moved"]
    {
        let response = match path {
            "moved" => {
                let moved = app.get_with("/reserveren", &[("Host", "elsewhere.example")]).await;
                assert_eq!(moved.status(), 301);
                assert_eq!(header(&moved, "x-request-id").len(), 16);
                moved
            }
            path => app.get(path).await,
        };
        let csp = header(&response, "content-security-policy");
        for part in [
            "default-src 'self'",
            "script-src 'self'",
            "frame-ancestors 'none'",
            "base-uri 'none'",
            "form-action 'self' https://wa.me",
        ] {
            assert!(csp.contains(part), "{path}: {part} in {csp}");
        }
        assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"), "{path}");
        assert_eq!(header(&response, "x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header(&response, "referrer-policy"), "strict-origin-when-cross-origin", "{path}");
        assert!(!header(&response, "permissions-policy").is_empty(), "{path}");
        assert_eq!(header(&response, "cross-origin-opener-policy"), "same-origin", "{path}");
        assert_eq!(header(&response, "x-frame-options"), "DENY", "{path}");
        assert_eq!(header(&response, "strict-transport-security"), "", "{path}: no HSTS unless configured");
    }
    let app = spawn_app_with(AppOptions {
        config_toml: Some("[site]\nhsts = true\n".into()),
        ..Default::default()
    })
    .await;
    assert!(header(&app.get("/").await, "strict-transport-security").starts_with("max-age=31536000"));
}

#[actix_web::test]
async fn posts_from_another_site_are_refused() {
    let app = spawn_app().await;
    let body = json!({"name": "A", "email": "a@b.nl", "subject": "s", "message": "m"});
    let post = |headers: Vec<(&'static str, String)>| {
        let mut request = app.client.post(format!("{}/api/contact/nl", app.address)).json(&body);
        for (name, value) in headers {
            request = request.header(name, value);
        }
        request.send()
    };
    let refused = post(vec![("Origin", "https://evil.example".into())]).await.unwrap();
    assert_eq!(refused.status(), 403);
    let answer: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(answer["errorMessage"], "Dit formulier kan alleen vanaf deze website worden verstuurd.");
    assert_eq!(post(vec![("Sec-Fetch-Site", "cross-site".into())]).await.unwrap().status(), 403);
    assert_eq!(post(vec![("Origin", "null".into())]).await.unwrap().status(), 403);

    let own = app.address.trim_start_matches("http://").to_string();
    assert_eq!(
        post(vec![("Origin", format!("http://{own}")), ("Sec-Fetch-Site", "same-origin".into())])
            .await
            .unwrap()
            .status(),
        200
    );
    assert_eq!(post(vec![]).await.unwrap().status(), 200, "non-browser clients send neither header");

    let form = app
        .client
        .post(format!("{}/contact", app.address))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("Origin", "https://evil.example")
        .body("name=A")
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), 403, "no-JavaScript form posts too");
    assert!(header(&form, "content-type").starts_with("text/html"), "answered with a page, not JSON");
    let html = form.text().await.unwrap();
    assert!(html.contains("<html lang=\"en\">") && html.contains("Something went wrong!"), "the error page");
}
