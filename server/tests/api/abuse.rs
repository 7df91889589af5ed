//! Abuse limits as an attacker would try them: other spellings of the same path,
//! forged forwarding headers, many addresses, hostile e-mail addresses.
use serde_json::{json, Value};

use crate::{
    booking::booking,
    helpers::{clear_of_the_hour, header, spawn_app_with, AppOptions},
};

fn config(extra: &str) -> AppOptions {
    AppOptions { config_toml: Some(format!("[render]\nworkers = 1\n{extra}")), ..Default::default() }
}

/// Spellings of one path that actix routes to the same handler, plus some it does not.
fn spellings(path: &str) -> Vec<String> {
    let mut out = vec![path.to_string()];
    // Escape each letter once in turn: /%61pi/…, /a%70i/…, …
    for (i, c) in path.char_indices().filter(|(_, c)| c.is_ascii_alphabetic()).step_by(3) {
        out.push(format!("{}%{:02X}{}", &path[..i], c as u32, &path[i + 1..]));
        out.push(format!("{}%{:02x}{}", &path[..i], c as u32, &path[i + 1..]));
    }
    out.push(path.replacen('/', "%2F", 2).replacen("%2F", "/", 1)); // an escaped separator: not the same path
    out
}

#[actix_web::test]
async fn every_spelling_that_reaches_a_handler_shares_its_limit() {
    let app =
        spawn_app_with(config("[limits]\nrate_limit_per_minute = 3\nlookup_rate_limit_per_minute = 3\n"))
            .await;
    let endpoints: [(&str, bool); 6] = [
        ("/api/reservation/nl", true),
        ("/api/whatsappreservation/de", true),
        ("/api/contact/en", true),
        ("/api/place-suggestions", false),
        ("/api/place-details/g2748000", false),
        ("/api/places/g2748000/aAMS", false),
    ];
    for (path, is_post) in endpoints {
        let app =
            spawn_app_with(config("[limits]\nrate_limit_per_minute = 3\nlookup_rate_limit_per_minute = 3\n"))
                .await;
        let mut reached = 0;
        let mut statuses = Vec::new();
        for spelling in spellings(path) {
            let url = format!("{}{spelling}?lang=nl&input=roermond", app.address);
            let response = if is_post {
                app.client.post(url).json(&json!({})).send().await
            } else {
                app.client.get(url).send().await
            }
            .unwrap();
            let status = response.status().as_u16();
            statuses.push((spelling, status));
            if status != 404 {
                reached += 1;
            }
        }
        let allowed = statuses.iter().filter(|(_, s)| ![404, 429].contains(s)).count();
        assert!(reached >= 6, "{path}: several spellings reach the handler: {statuses:?}");
        assert_eq!(allowed, 3, "{path}: one budget across all spellings: {statuses:?}");
    }
    // Form posts without JavaScript, in any spelling of the page's path.
    for spelling in ["/reserveren", "/reserv%65ren", "/%72eserveren", "/contact", "/c%6Fntact"] {
        let response = app.post_raw(spelling, "application/x-www-form-urlencoded", "name=x").await;
        assert_ne!(response.status(), 404, "{spelling}");
    }
    assert_eq!(app.post_raw("/kontakt", "application/x-www-form-urlencoded", "name=x").await.status(), 429);
}

#[actix_web::test]
async fn an_escaped_contact_path_is_handled_as_contact() {
    let app = spawn_app_with(config("[limits]\nrate_limit_per_minute = 0\n")).await;
    let message = json!({"name": "Anna", "email": "anna@example.de", "phone": "", "subject": "Frage", "message": "Fahren Sie auch nachts?"});
    let response = app.post_json("/api/c%6Fntact/de", &message).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    assert!(body["message"].as_str().unwrap().starts_with("Vielen Dank für Ihre Nachricht"), "{body}");
}

#[actix_web::test]
async fn behind_trusted_proxies_the_right_most_untrusted_address_is_the_client() {
    let app = spawn_app_with(config(
        "[limits]\nrate_limit_per_minute = 1\ntrusted_proxies = [\"127.0.0.1\", \"10.0.0.0/8\"]\n",
    ))
    .await;
    let post = |lines: &[&str]| {
        let mut request = app.client.post(format!("{}/api/contact/en", app.address)).json(&json!({}));
        for line in lines {
            request = request.header("X-Forwarded-For", *line);
        }
        async move { request.send().await.unwrap().status().as_u16() }
    };
    assert_eq!(post(&["198.51.100.7"]).await, 400);
    // A client that writes someone else's address on the left still counts as itself,
    // also when a second proxy appends its own line.
    assert_eq!(post(&["203.0.113.99, 198.51.100.7"]).await, 429);
    assert_eq!(post(&["203.0.113.98", "198.51.100.7, 10.1.1.1"]).await, 429);
    assert_eq!(post(&["198.51.100.8"]).await, 400);
    // Garbage counts as the proxy itself (one bucket for all garbage), not as a fresh client.
    assert_eq!(post(&["not-an-address"]).await, 400);
    assert_eq!(post(&["also garbage"]).await, 429);
    // IPv6 clients share a budget per /64; mapped IPv4 is plain IPv4.
    assert_eq!(post(&["2001:db8:1:2::1"]).await, 400);
    assert_eq!(post(&["2001:db8:1:2:ffff::9"]).await, 429);
    assert_eq!(post(&["2001:db8:1:3::1"]).await, 400);
    assert_eq!(post(&["::ffff:198.51.100.8"]).await, 429);
}

#[actix_web::test]
async fn rfc7239_forwarded_is_read_when_configured() {
    let app = spawn_app_with(config("[limits]\nrate_limit_per_minute = 1\ntrusted_proxies = [\"127.0.0.1\"]\nforwarded_header = \"Forwarded\"\n")).await;
    let post = |value: &'static str| {
        app.client
            .post(format!("{}/api/contact/en", app.address))
            .header("Forwarded", value)
            .json(&json!({}))
            .send()
    };
    assert_eq!(post("for=192.0.2.60;proto=https").await.unwrap().status(), 400);
    assert_eq!(post("for=6.6.6.6, for=192.0.2.60").await.unwrap().status(), 429);
    assert_eq!(post("for=\"[2001:db8::1]:4711\"").await.unwrap().status(), 400);
}

#[actix_web::test]
async fn public_health_shows_counts_only_and_readiness_holds_under_concurrency() {
    let app = spawn_app_with(config("")).await;
    app.wait_until_ready().await;
    let health: Value = app.get("/healthz").await.json().await.unwrap();
    let keys: Vec<&str> = health.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        keys,
        [
            "acceptsBookings",
            "delivery",
            "oldestUndeliveredSeconds",
            "pagesWarm",
            "renderQueueDepth",
            "spoolDepth",
            "status"
        ],
        "{health}"
    );
    let delivery: Vec<&str> = health["delivery"].as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(
        delivery,
        [
            "failed",
            "inFlight",
            "oldestAgeSeconds",
            "outcomesUnknown",
            "quarantined",
            "queued",
            "serverTooSlow",
            "status"
        ],
        "counts only: {health}"
    );
    let details: Value = app.get("/healthz/details").await.json().await.unwrap();
    assert!(details["spool"].get("lastError").is_some(), "{details}");

    let probes = (0..50).map(|_| app.get("/readyz"));
    let statuses: Vec<u16> =
        futures_util::future::join_all(probes).await.iter().map(|r| r.status().as_u16()).collect();
    assert!(statuses.iter().all(|s| *s == 200), "{statuses:?}");
}

#[actix_web::test]
async fn no_client_can_switch_bookings_off_for_others() {
    clear_of_the_hour();
    // The attack: many addresses send bookings to use up anything shared. The
    // site-wide cap is on confirmation mails only; bookings are all taken.
    let app = spawn_app_with(config(
        "[limits]\nrate_limit_per_minute = 2\ncustomer_mails_per_hour = 2\ntrusted_proxies = [\"127.0.0.1\"]\n",
    ))
    .await;
    let send = |i: u32, from: String| {
        let mut body = booking();
        body["name"] = json!(format!("Klant {i}"));
        body["email"] = json!(format!("klant{i}@example.nl"));
        app.client
            .post(format!("{}/api/reservation/en", app.address))
            .header("X-Forwarded-For", from)
            .json(&body)
            .send()
    };
    let mut statuses = Vec::new();
    for i in 0..6 {
        statuses.push(send(i, format!("198.51.100.{}", i / 2)).await.unwrap().status().as_u16());
    }
    assert_eq!(statuses, [200; 6], "three addresses, two bookings each");
    let refused = send(6, "198.51.100.0".into()).await.unwrap();
    assert_eq!(refused.status(), 429, "the first address is over its own limit");
    let retry_after: u64 = header(&refused, "retry-after").parse().unwrap();
    assert!((30..=60).contains(&retry_after), "not the exact refill time (30 s): {retry_after}");
    let newcomer = send(7, "203.0.113.9".into()).await.unwrap();
    assert_eq!(newcomer.status(), 200, "a new visitor books as if nothing happened");
    app.outbox_idle().await;
    let mails = app.mails(9).await;
    let staff = mails.iter().filter(|m| m.contains("To: planning@")).count();
    let customers = mails.len() - staff;
    // The flood's network spent the hour's two; the newcomer's network has its first.
    assert_eq!(
        (staff, customers),
        (7, 3),
        "staff get every booking; customers the hour's two and the newcomer"
    );
    let told =
        mails.iter().filter(|m| m.contains("To: planning@") && m.contains("maximum aantal bevestigingen"));
    assert_eq!(told.count(), 4, "staff are told which customers got no mail");
}

#[actix_web::test]
async fn new_bookings_are_refused_before_the_queue_or_disk_is_full() {
    // Mail to a closed port stays queued: two mails per booking.
    let app = spawn_app_with(AppOptions {
        smtp_url: Some("smtp://127.0.0.1:9"),
        ..config("[limits]\nrate_limit_per_minute = 0\n[mail]\nmax_queued_mails = 2\n")
    })
    .await;
    assert_eq!(app.post_json("/api/reservation/nl", &booking()).await.status(), 200);
    let mut second = booking();
    second["name"] = json!("Piet");
    let response = app.post_json("/api/reservation/nl", &second).await;
    assert_eq!(response.status(), 503);
    let answer: Value = response.json().await.unwrap();
    assert!(answer["errorMessage"].as_str().unwrap().contains("bel ons: 0475 00 00 00"), "{answer}");
    assert_health_says_bookings_are_refused(&app, "mails wait undelivered").await;

    let app = spawn_app_with(config(
        "[limits]\nrate_limit_per_minute = 0\n[mail]\nmin_free_disk_mb = 1000000000\n",
    ))
    .await;
    assert_health_says_bookings_are_refused(&app, "MB free").await;
    let page = app.post_raw("/reserveren", "application/x-www-form-urlencoded", "name=Jan").await;
    assert_ne!(page.status(), 503, "invalid forms are answered as usual");
    assert_eq!(
        app.post_json(
            "/api/contact/nl",
            &json!({"name": "A", "email": "a@example.nl", "subject": "S", "message": "M"})
        )
        .await
        .status(),
        503
    );
    // Without JavaScript: the form page again, with the message, the phone number and Retry-After.
    let page = app
        .post_raw(
            "/contact",
            "application/x-www-form-urlencoded",
            "name=A&email=a%40example.nl&subject=S&message=M",
        )
        .await;
    assert_eq!(page.status(), 503);
    assert!(header(&page, "retry-after").parse::<u64>().unwrap() > 0);
    let html = page.text().await.unwrap();
    assert!(
        html.contains("0475 00 00 00") && html.contains("value=\"a@example.nl\""),
        "answers kept, phone shown"
    );
}

/// `/healthz` degraded, `/readyz` 503 and the reason for operators, while bookings are refused.
async fn assert_health_says_bookings_are_refused(app: &crate::helpers::TestApp, reason: &str) {
    let health: Value = app.get("/healthz").await.json().await.unwrap();
    assert_eq!(
        (health["status"].as_str(), health["acceptsBookings"].as_bool()),
        (Some("degraded"), Some(false))
    );
    let ready = app.get("/readyz").await;
    assert_eq!(ready.status(), 503);
    let ready: Value = ready.json().await.unwrap();
    assert_eq!(ready["checks"]["acceptsBookings"], false, "{ready}");
    let details: Value = app.get("/healthz/details").await.json().await.unwrap();
    assert!(details["bookingsRefused"].as_str().unwrap().contains(reason), "{details}");
}

#[actix_web::test]
async fn confirmations_per_address_are_capped_and_staff_are_told() {
    clear_of_the_hour();
    let app = spawn_app_with(config(
        "[limits]\nrate_limit_per_minute = 0\nconfirmations_per_recipient_per_day = 1\n",
    ))
    .await;
    assert_eq!(app.post_json("/api/reservation/en", &booking()).await.status(), 200);
    let mut second = booking();
    second["email"] = json!("JAN+2@example.nl");
    second["passengerAmount"] = json!("3");
    assert_eq!(
        app.post_json("/api/reservation/en", &second).await.status(),
        200,
        "the booking itself is taken"
    );
    app.outbox_idle().await;
    let mails = app.mails(3).await;
    let to_customer =
        mails.iter().filter(|m| m.lines().any(|l| l.to_lowercase().starts_with("to: jan"))).count();
    assert_eq!((mails.len(), to_customer), (3, 1), "two staff mails and one confirmation");
    assert!(mails.iter().any(|m| m.contains("bevestigingen")), "staff are told (in the staff language)");
}

#[actix_web::test]
async fn e_mail_addresses_must_be_on_the_internet() {
    let app = spawn_app_with(config("[limits]\nrate_limit_per_minute = 0\n")).await;
    for email in [
        "root@localhost",
        "a@b",
        "a@10.0.0.5",
        "a@[127.0.0.1]",
        "x@intranet",
        "a@localhost.localdomain",
        "a@127.0.0.1.nip.io",
        "a@exam\u{200B}ple.com",
        "x?cc=y@example.com",
    ] {
        let mut body = booking();
        body["email"] = json!(email);
        let response = app.post_json("/api/reservation/en", &body).await;
        assert_eq!(response.status(), 400, "{email}");
        let answer: Value = response.json().await.unwrap();
        assert!(
            answer["errors"]["email"].as_str().unwrap().starts_with("Enter a valid email address"),
            "{email}: {answer}"
        );
    }
}

/// The customer's mail and the staff mail of one booking.
fn customer_and_staff(mails: &[String]) -> (&str, &str) {
    let customer = mails.iter().find(|m| !m.contains("To: planning@")).expect("customer mail");
    let staff = mails.iter().find(|m| m.contains("To: planning@")).expect("staff mail");
    (customer, staff)
}

#[actix_web::test]
async fn the_customer_confirmation_repeats_nothing_the_visitor_typed_but_the_name() {
    let app = spawn_app_with(config("[limits]\nrate_limit_per_minute = 0\n")).await;
    let mut body = booking();
    let spam = "Cheap pills at spam.example";
    body["name"] = json!(format!("Jan de Vries {}", "x".repeat(60)));
    body["departureName"] = json!(spam);
    body["destinationName"] = json!(spam);
    body["departure"] = json!(format!("{spam}, Roermond"));
    body["phone"] = json!("+31 6 12345678");
    assert_eq!(app.post_json("/api/reservation/en", &body).await.status(), 200);
    let mails = app.mails(2).await;
    let (customer, staff) = customer_and_staff(&mails);
    assert!(staff.contains("spam.example"), "staff see everything");
    assert!(!customer.contains("spam.example") && !customer.contains("Cheap pills"), "{customer}");
    assert!(!customer.contains("12345678"), "nor the phone number");
    assert!(!customer.contains(&"x".repeat(30)), "the name is cut to 40 characters");
    assert!(customer.contains("Schiphol"), "the destination as the provider names it");
}

#[actix_web::test]
async fn a_typed_street_id_carries_no_text_into_the_customer_mail() {
    use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};
    let app = spawn_app_with(config("[limits]\nrate_limit_per_minute = 0\n")).await;
    // What an attacker made of the typed-street id: any text after the town.
    let lure = "URGENT your ride is unpaid pay EUR 49 at evil.example 1, Roermond";
    let id = format!("addr:g2748000:{}", URL_SAFE_NO_PAD.encode(lure));
    let details: Value = app.get(&format!("/api/place-details/{id}?lang=en")).await.json().await.unwrap();
    assert!(
        details["formattedAddress"].as_str().unwrap().contains("evil.example"),
        "the visitor sees their text"
    );
    let mut body = booking();
    for end in ["departure", "destination"] {
        body[format!("{end}PlaceId")] = json!(id);
        body[end] = json!(lure);
        body[format!("{end}Name")] = json!(lure);
    }
    body["email"] = json!("victim@example.nl");
    assert_eq!(app.post_json("/api/reservation/en", &body).await.status(), 200);
    let mails = app.mails(2).await;
    let (customer, staff) = customer_and_staff(&mails);
    assert!(staff.contains("evil.example"), "staff see what was typed");
    assert!(!customer.contains("evil") && !customer.contains("URGENT"), "{customer}");
    assert!(customer.contains("The street you typed, in Roermond"), "{customer}");
}

#[actix_web::test]
async fn cookies_are_secure_when_the_site_is_served_over_https() {
    let app = spawn_app_with(config("[site]\nbase_url = \"https://www.taxi.example\"\n")).await;
    assert!(header(&app.get("/reserveren").await, "set-cookie").contains("Secure"));
    let app = spawn_app_with(config("[site]\nbase_url = \"http://127.0.0.1:8080\"\n")).await;
    let cookie = header(&app.get("/reserveren").await, "set-cookie").to_string();
    assert!(cookie.starts_with("form_opened=") && !cookie.contains("Secure"), "{cookie}");
}
