use std::time::Duration;

use serde_json::{json, Value};

use crate::{
    booking::booking,
    helpers::{between, header, spawn_app, spawn_app_with, AppOptions},
};

/// No mail was or will be delivered.
async fn assert_nothing_delivered(app: &crate::helpers::TestApp) {
    app.outbox_idle().await;
    let count = std::fs::read_dir(app.data_dir.join("maildir/new")).map(|d| d.count()).unwrap_or(0);
    assert_eq!(count, 0, "a trapped submission must not be delivered");
}

#[actix_web::test]
async fn a_filled_in_honeypot_gets_the_usual_confirmation_and_nothing_is_sent() {
    let app = spawn_app().await;
    let mut trapped = booking();
    trapped["website"] = json!("http://cheap-pills.example");
    let response = app.post_json("/api/reservation/nl", &trapped).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let message = body["message"].as_str().unwrap();
    assert!(
        message.starts_with("Bedankt! Wij hebben uw reserveringsaanvraag ontvangen (referentie R-"),
        "{message}"
    );

    let contact = json!({"name": "Bot", "email": "bot@example.com", "subject": "Offer", "message": "Buy now", "website": "x"});
    let response = app.post_json("/api/contact/en", &contact).await;
    assert_eq!(response.status(), 200);
    assert!(response.json::<Value>().await.unwrap()["message"].as_str().unwrap().starts_with("Thank you"));

    // Without JavaScript the same: the success box, nothing delivered.
    let page = app
        .post_raw(
            "/kontakt",
            "application/x-www-form-urlencoded",
            "name=Bot&email=bot%40example.com&subject=S&message=M&website=http%3A%2F%2Fx",
        )
        .await;
    assert_eq!(page.status(), 200);
    assert!(page.text().await.unwrap().contains("success-box"));
    assert_nothing_delivered(&app).await;

    // An invalid submission is answered with its errors, honeypot or not.
    let invalid = app.post_json("/api/contact/en", &json!({"website": "x"})).await;
    assert_eq!(invalid.status(), 400);
    assert!(invalid.json::<Value>().await.unwrap()["errors"]["email"].is_string());
}

#[actix_web::test]
async fn a_form_sent_sooner_than_the_minimum_after_opening_it_is_refused_kindly() {
    let app = spawn_app_with(AppOptions {
        config_toml: Some(
            "[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n[booking]\nmin_fill_seconds = 2\n"
                .into(),
        ),
        ..Default::default()
    })
    .await;
    let page = app.get("/reserveren").await;
    let set_cookie = header(&page, "set-cookie").to_string();
    assert!(
        set_cookie.starts_with("form_opened=")
            && set_cookie.contains("HttpOnly")
            && set_cookie.contains("SameSite=Lax"),
        "{set_cookie}"
    );
    let cookie = set_cookie.split(';').next().unwrap().to_string();
    assert!(header(&app.get("/tarieven").await, "set-cookie").is_empty(), "only form pages set it");

    let post = |cookie: Option<String>| {
        let mut request = app.client.post(format!("{}/api/reservation/de", app.address)).json(&booking());
        if let Some(cookie) = cookie {
            request = request.header("Cookie", cookie);
        }
        request.send()
    };
    let fast = post(Some(cookie.clone())).await.unwrap();
    assert_eq!(fast.status(), 400);
    let body: Value = fast.json().await.unwrap();
    assert_eq!(
        body["errorMessage"],
        "Das ging sehr schnell. Bitte prüfen Sie Ihre Angaben und senden Sie das Formular noch einmal."
    );

    // A forged cookie, or none (API clients), tells nothing and is not held against anyone.
    let forged = format!("form_opened={}.0123456789abcdef", jiff::Timestamp::now().as_millisecond());
    assert_eq!(post(Some(forged)).await.unwrap().status(), 200);

    tokio::time::sleep(Duration::from_millis(2100)).await;
    let in_time = post(Some(cookie)).await.unwrap();
    assert_eq!(in_time.status(), 200);
    let message = in_time.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    let reference = between(&message, "Referenz ", ")").unwrap_or_else(|| panic!("{message}")).to_string();
    let mails = app.mails(2).await;
    assert!(mails.iter().any(|m| m.contains(&reference)));
}
