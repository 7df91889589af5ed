use serde_json::Value;

use crate::helpers::{spawn_app, spawn_app_with, AppOptions};

async fn json(app: &crate::helpers::TestApp, path: &str) -> (u16, Value) {
    let response = app.get(path).await;
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn first_id(app: &crate::helpers::TestApp, input: &str, lang: &str) -> String {
    let (_, body) = json(app, &format!("/api/place-suggestions?input={input}&lang={lang}&session=abc")).await;
    body["suggestions"][0]["id"].as_str().unwrap().to_string()
}

#[actix_web::test]
async fn suggestions_are_localized_bounded_and_shaped_as_documented() {
    let app = spawn_app().await;
    let (status, body) = json(&app, "/api/place-suggestions?input=keulen&lang=nl&session=s1").await;
    assert_eq!(status, 200);
    // The town's airport first, then the town.
    assert_eq!(body["suggestions"][0]["mainText"], "Luchthaven Keulen/Bonn");
    let town = &body["suggestions"][1];
    assert_eq!(town["mainText"], "Keulen");
    assert!(town["id"].is_string() && town["secondaryText"].as_str().unwrap().contains("Duitsland"));
    let (_, body) = json(&app, "/api/place-suggestions?input=k%C3%B6ln&lang=en").await;
    assert_eq!(body["suggestions"][1]["mainText"], "Cologne");
    let (_, body) = json(&app, "/api/place-suggestions?input=a&lang=en").await;
    assert_eq!(body["suggestions"].as_array().unwrap().len(), 0);
    let (_, body) = json(&app, "/api/place-suggestions?input=station&lang=de").await;
    assert!(body["suggestions"].as_array().unwrap().len() <= 8);
    let (status, _) = json(&app, &format!("/api/place-suggestions?input={}&lang=xx", "z".repeat(5000))).await;
    assert_eq!(status, 200, "long input and unknown language are not errors");
}

#[actix_web::test]
async fn details_give_the_chosen_place() {
    let app = spawn_app().await;
    let id = first_id(&app, "brussel", "nl").await;
    let (status, body) = json(&app, &format!("/api/place-details/{id}?lang=de&session=abc")).await;
    assert_eq!(status, 200);
    assert_eq!(body["id"], id.as_str());
    assert_eq!(body["displayName"], "Brüssel");
    assert!(body["formattedAddress"].as_str().unwrap().contains("Belgien"));
    let (status, body) = json(&app, "/api/place-details/nonsense%00id?lang=nl").await;
    assert_eq!(status, 404);
    assert_eq!(body["errorMessage"], "Dit adres is niet gevonden. Kies een adres uit de lijst.");
}

#[actix_web::test]
async fn price_indication_applies_the_rules_and_formats_per_language() {
    let app = spawn_app().await;
    let roermond = first_id(&app, "roermond", "nl").await;
    let schiphol = first_id(&app, "schiphol", "nl").await;
    let (status, body) = json(&app, &format!("/api/places/{roermond}/{schiphol}?lang=nl")).await;
    assert_eq!(status, 200);
    assert_eq!(body["priceIndication"], "230,00");
    assert_eq!(body["priceText"], "€ 230,00", "ready to show");
    assert_eq!(body["amountCents"], 23000);
    assert_eq!(body["rule"], "fixed");
    assert_eq!(body["fixedDestination"], "Luchthaven Schiphol");
    assert_eq!(body["surchargeCents"], 0);
    assert!(body["distanceKm"].as_f64().unwrap() > 150.0 && body["durationMin"].as_f64().unwrap() > 60.0);

    let (_, back) = json(&app, &format!("/api/places/{schiphol}/{roermond}?lang=en")).await;
    assert_eq!(
        (back["rule"].as_str(), back["priceIndication"].as_str()),
        (Some("fixedPickup"), Some("235.00"))
    );
    assert_eq!(back["priceText"], "€ 235.00");

    let swalmen = first_id(&app, "swalmen", "nl").await;
    let (_, from_swalmen) = json(&app, &format!("/api/places/{swalmen}/{schiphol}?lang=de")).await;
    assert_eq!(from_swalmen["rule"], "fixedSurcharge");
    assert_eq!(from_swalmen["priceIndication"], "240,00");

    let venlo = first_id(&app, "venlo", "nl").await;
    let (_, metered) = json(&app, &format!("/api/places/{roermond}/{venlo}?lang=en")).await;
    assert_eq!(metered["rule"], "metered");
    assert!(metered["fixedDestination"].is_null());
    let cents = metered["amountCents"].as_i64().unwrap();
    let expected = 326.0
        + 240.0 * metered["distanceKm"].as_f64().unwrap()
        + 40.0 * metered["durationMin"].as_f64().unwrap();
    assert_eq!(
        cents,
        expected.round() as i64,
        "the amount follows from exactly the shown distance and minutes"
    );
    assert!(metered["explanation"].as_str().unwrap().starts_with("Metered estimate for"));

    let (status, body) = json(&app, &format!("/api/places/unknown/{schiphol}?lang=en")).await;
    assert_eq!(status, 404);
    assert!(body["errorMessage"].as_str().unwrap().contains("not found"));
}

#[actix_web::test]
async fn google_failures_become_localized_messages_without_the_key() {
    // A fake Google that refuses everything the way a disabled API does.
    let fake = actix_web::HttpServer::new(|| {
        actix_web::App::new().default_service(actix_web::web::to(|| async {
            actix_web::HttpResponse::Forbidden().json(serde_json::json!({"error": {"code": 403, "message": "Places API has not been used in project 1 (key SECRET-KEY-123)", "status": "PERMISSION_DENIED", "details": [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "SERVICE_DISABLED"}]}}))
        }))
    })
    .workers(1)
    .bind("127.0.0.1:0")
    .unwrap();
    let fake_url = format!("http://127.0.0.1:{}", fake.addrs()[0].port());
    actix_web::rt::spawn(fake.run());

    let app = spawn_app_with(AppOptions {
        config_toml: Some(format!("[render]\nworkers = 1\n[google]\nplaces_url = \"{fake_url}\"\nroutes_url = \"{fake_url}\"\ntimeout_ms = 1000\n")),
        google_key: Some("SECRET-KEY-123"),
        ..Default::default()
    })
    .await;
    let response = app.get("/api/place-suggestions?input=roermond&lang=de&session=abc").await;
    assert_eq!(response.status(), 502);
    let text = response.text().await.unwrap();
    assert!(!text.contains("SECRET-KEY-123"));
    let body: Value = serde_json::from_str(&text).unwrap();
    assert!(body["errorMessage"].as_str().unwrap().starts_with("Es konnte keine Preisauskunft"));
}

#[actix_web::test]
async fn a_fixed_price_above_the_meter_of_its_route_gives_way_to_the_meter_in_words_a_customer_can_check() {
    let app = spawn_app().await;
    // Sittard lies 22 km from Roermond, much nearer Maastricht Aachen Airport: fixed 70 + 30 surcharge.
    let sittard = first_id(&app, "sittard", "nl").await;
    let airport = first_id(&app, "maastricht%20aachen", "nl").await;
    for (from, to) in [(&sittard, &airport), (&airport, &sittard)] {
        let (status, body) = json(&app, &format!("/api/places/{from}/{to}?lang=en")).await;
        assert_eq!(status, 200);
        assert_eq!(body["rule"], "meteredUnderFixed", "{body}");
        let cents = body["amountCents"].as_i64().unwrap();
        let metered = 326.0
            + 240.0 * body["distanceKm"].as_f64().unwrap()
            + 40.0 * body["durationMin"].as_f64().unwrap();
        assert_eq!(cents, metered.round() as i64, "the meter of the route shown");
        assert!(body["fixedCents"].as_i64().unwrap() > cents, "the fixed price it undercut: {body}");
        let words = body["explanation"].as_str().unwrap();
        assert!(words.contains("less than the fixed price of €"), "{words}");
        assert!(words.contains("Maastricht Aachen Airport"), "{words}");
    }
    // The WhatsApp text and the staff mail say it too, in their own words.
    let ride = |extra: serde_json::Value| {
        let mut body = crate::booking::booking();
        body["departure"] = "Sittard".into();
        body["departurePlaceId"] = sittard.as_str().into();
        body["destination"] = "Maastricht Aachen Airport".into();
        body["destinationPlaceId"] = airport.as_str().into();
        body.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        body
    };
    let chat: Value = app
        .post_json("/api/whatsappreservation/en", &ride(serde_json::json!({})))
        .await
        .json()
        .await
        .unwrap();
    let text =
        crate::booking::percent_decode(chat["whatsappUrl"].as_str().unwrap().split_once("?text=").unwrap().1);
    assert!(text.contains("less than the fixed price of €"), "{text}");
    assert_eq!(app.post_json("/api/reservation/nl", &ride(serde_json::json!({}))).await.status(), 200);
    let staff = app.mails(2).await.into_iter().find(|m| m.contains("planning@")).expect("the staff mail");
    let parsed = mail_parser::MessageParser::default().parse(staff.as_bytes()).unwrap();
    let body = parsed.body_text(0).unwrap();
    assert!(body.contains("metertarief: minder dan de vaste prijs van €"), "{body}");
}
