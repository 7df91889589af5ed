//! The booking rules through real HTTP: prices in both directions, phone numbers
//! checked and stored in international form, refusals that offer the phone.
use mail_parser::MessageParser;
use serde_json::{json, Value};

use crate::{
    booking::{booking, in_two_days},
    helpers::{form_encode, spawn_app, TestApp},
};

/// The demo company's number as the site shows it, and its call link.
/// As English pages show it (dialled from abroad).
const CALL_US: &str = "+31 475 00 00 00";
const CALL_LINK: &str = "href=\"tel:+31475000000\"";

async fn json(app: &TestApp, path: &str) -> Value {
    app.get(path).await.json().await.unwrap()
}

async fn first_id(app: &TestApp, input: &str) -> String {
    let body = json(app, &format!("/api/place-suggestions?input={input}&lang=en")).await;
    body["suggestions"][0]["id"].as_str().unwrap().to_string()
}

async fn price(app: &TestApp, from: &str, to: &str) -> Value {
    json(app, &format!("/api/places/{from}/{to}?lang=en")).await
}

#[actix_web::test]
async fn a_fixed_price_trip_and_its_return_differ_only_by_the_pickup_surcharge() {
    let app = spawn_app().await;
    let (swalmen, roermond, schiphol) =
        (first_id(&app, "swalmen").await, first_id(&app, "roermond").await, first_id(&app, "schiphol").await);
    for (from, rule, cents, back_rule, back_cents) in [
        (&swalmen, "fixedSurcharge", 24000, "fixedPickupSurcharge", 24500),
        (&roermond, "fixed", 23000, "fixedPickup", 23500),
    ] {
        let outward = price(&app, from, &schiphol).await;
        let back = price(&app, &schiphol, from).await;
        assert_eq!(
            (outward["rule"].as_str().unwrap(), outward["amountCents"].as_i64().unwrap()),
            (rule, cents),
            "{outward}"
        );
        assert_eq!(
            (back["rule"].as_str().unwrap(), back["amountCents"].as_i64().unwrap()),
            (back_rule, back_cents),
            "{back}"
        );
    }
    let back = price(&app, &schiphol, &swalmen).await;
    assert_eq!(back["explanation"], "Fixed price from Schiphol Airport, including a € 5.00 pick-up surcharge and a € 10.00 surcharge for a destination outside Roermond.");
    assert_eq!(back["priceText"], "€ 245.00");
}

#[actix_web::test]
async fn the_metered_price_is_made_of_exactly_the_figures_shown() {
    let app = spawn_app().await;
    let (roermond, venlo) = (first_id(&app, "roermond").await, first_id(&app, "venlo").await);
    for (from, to) in [(&roermond, &venlo), (&venlo, &roermond)] {
        let metered = price(&app, from, to).await;
        assert_eq!(metered["rule"], "metered");
        let (km, min) = (metered["distanceKm"].as_f64().unwrap(), metered["durationMin"].as_f64().unwrap());
        assert_eq!(km, (km * 10.0).round() / 10.0, "0.1 km");
        assert_eq!(min, min.round(), "whole minutes");
        let by_hand = (326.0 + 240.0 * km + 40.0 * min).round() as i64;
        assert_eq!(metered["amountCents"].as_i64().unwrap(), by_hand, "{metered}");
        assert_eq!(
            metered["explanation"],
            format!("Metered estimate for {km:.1} km and {min} minutes."),
            "{metered}"
        );
    }
}

/// Posts a booking with this phone number on a page in `lang`; the status and the answer.
async fn book_with_phone(app: &TestApp, lang: &str, phone: &str) -> (u16, Value) {
    let mut body = booking();
    body["phone"] = json!(phone);
    let response = app.post_json(&format!("/api/reservation/{lang}"), &body).await;
    (response.status().as_u16(), response.json().await.unwrap())
}

#[actix_web::test]
async fn phone_numbers_are_checked_in_the_company_s_country_then_its_neighbours() {
    let app = spawn_app().await;
    let refused = [
        ("nl", "Vul een telefoonnummer in waarop we u kunnen bellen: Nederlands (06 12345678), Belgisch (0470 12 34 56), Duits (0151 23456789) of met landcode (+44 20 7946 0958)."),
        ("de", "Bitte geben Sie eine Telefonnummer ein, unter der wir Sie erreichen: niederländisch (06 12345678), belgisch (0470 12 34 56), deutsch (0151 23456789) oder mit Ländervorwahl (+44 20 7946 0958)."),
        ("en", "Enter a phone number we can call you on: Dutch (06 12345678), Belgian (0470 12 34 56), German (0151 23456789) or with its country code (+44 20 7946 0958)."),
    ];
    for (lang, message) in refused {
        for bad in ["abc", "12345", "06 1234", "+31 6 123456789"] {
            let (status, answer) = book_with_phone(&app, lang, bad).await;
            assert_eq!(status, 400, "{bad} on {lang}");
            assert_eq!(answer, json!({"errors": {"phone": message}}), "{bad} on {lang}");
        }
        let (status, answer) = book_with_phone(&app, lang, &"0".repeat(31)).await;
        assert_eq!(status, 400);
        assert!(answer["errors"]["phone"].as_str().unwrap().contains("30"), "too long: {answer}");
    }
    // Dutch, Belgian and German numbers typed nationally, on every page (issue 55).
    for (lang, phone) in [
        ("nl", "06 12345678"),
        ("de", "0151 23456789"),
        ("nl", "0151 23456789"),
        ("en", "02161 123456"),
        ("nl", "0470 12 34 56"),
        ("de", "0470/12.34.56"),
        ("en", "04 223 45 67"),
        ("en", "+32 470 12 34 56"),
        ("de", "+32 470 12 34 56"),
    ] {
        let (status, answer) = book_with_phone(&app, lang, phone).await;
        assert_eq!(status, 200, "{phone} on {lang}: {answer}");
    }
}

/// The staff mail's text and HTML bodies, found by its recipient.
fn staff_bodies(mails: &[String]) -> (String, String) {
    let raw = mails.iter().find(|m| m.contains("To: planning@taxiroermond.example")).expect("staff mail");
    let message = MessageParser::default().parse(raw.as_bytes()).unwrap();
    (message.body_text(0).unwrap().to_string(), message.body_html(0).unwrap().replace("&#38;", "&"))
}

#[actix_web::test]
async fn a_german_mobile_typed_nationally_on_a_german_page_gets_german_links_in_the_staff_mail() {
    let app = spawn_app().await;
    let mut body = booking();
    body["phone"] = json!("0151 23456789");
    body["language"] = json!("de");
    assert_eq!(app.post_json("/api/reservation/de", &body).await.status(), 200);
    let (text, html) = staff_bodies(&app.mails(2).await);
    assert!(html.contains("href=\"tel:+4915123456789\""), "{html}");
    assert!(html.contains("href=\"https://wa.me/4915123456789\""), "{html}");
    assert!(text.contains("+4915123456789") && !text.contains("tel:+31"), "{text}");
}

#[actix_web::test]
async fn refusals_offer_the_phone_number_in_json_and_without_javascript() {
    let app = spawn_app().await;
    let now = jiff::Zoned::now().in_tz("Europe/Amsterdam").unwrap();
    let soon = now
        .datetime()
        .checked_add(jiff::Span::new().minutes(5))
        .unwrap()
        .strftime("%Y-%m-%dT%H:%M")
        .to_string();
    let far = now.date().checked_add(jiff::Span::new().days(400)).unwrap().to_string() + "T12:00";
    let cases = [
        ("nl", "passengerAmount", "12", "Via de website kunt u voor maximaal 8 personen boeken. Voor een grotere groep belt u ons op 0475 00 00 00."),
        ("de", "passengerAmount", "9", "Über die Website können Sie für höchstens 8 Personen buchen. Für eine größere Gruppe rufen Sie uns an: +31 475 00 00 00."),
        ("en", "dateTime", &soon, "Choose a time at least 30 minutes from now. Need a taxi sooner? Call us on +31 475 00 00 00."),
        ("nl", "dateTime", &soon, "Kies een tijd die minstens 30 minuten in de toekomst ligt. Heeft u eerder een taxi nodig? Bel ons op 0475 00 00 00."),
        ("de", "dateTime", &far, "Bitte wählen Sie ein Datum, das höchstens 365 Tage in der Zukunft liegt. Für eine Fahrt, die weiter in der Zukunft liegt, rufen Sie uns an: +31 475 00 00 00."),
    ];
    for (lang, field, value, message) in cases {
        let mut body = booking();
        body[field] = json!(value);
        let response = app.post_json(&format!("/api/reservation/{lang}"), &body).await;
        assert_eq!(response.status(), 400);
        assert_eq!(
            response.json::<Value>().await.unwrap(),
            json!({"errors": {field: message}}),
            "{lang} {field}={value}"
        );
    }
    // The same refusal without JavaScript: the page shows it with the number as a call link,
    // under the field and in the error summary.
    let form = format!(
        "mode=mail&action=send&name=Piet&email=piet%40example.nl&phone=0612345678&passengerAmount=20&departure=Roermond&destination=Venlo&dateTime={}",
        form_encode(&in_two_days())
    );
    let response = app.post_raw("/reservation", "application/x-www-form-urlencoded", form).await;
    assert_eq!(response.status(), 400);
    let html = response.text().await.unwrap();
    let field_error =
        crate::helpers::between(&html, "id=\"passengerAmount-error\">", "</p>").expect("field error");
    assert!(field_error.contains(CALL_LINK) && field_error.contains(CALL_US), "{field_error}");
    let summary = crate::helpers::between(&html, "class=\"error-summary\"", "</ul>").expect("summary");
    assert!(summary.contains("href=\"#passengerAmount\"") && summary.contains(CALL_LINK), "{summary}");
    assert!(app.mails(0).await.is_empty(), "nothing booked");
}
