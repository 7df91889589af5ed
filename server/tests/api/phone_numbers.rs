//! Phone numbers typed without a country code are read in the company's country
//! first (issue 40: a Dutch mobile typed on the German form was stored as
//! German), then in Belgium and Germany on every page (issue 55: a Belgian
//! mobile was refused on the Dutch form), and `POST /api/phone/{language}`
//! tells the form how a number reads before it is sent.
use mail_parser::MessageParser;
use serde_json::{json, Value};

use crate::{
    booking::booking,
    helpers::{header, spawn_app, spawn_app_with, AppOptions},
};

#[actix_web::test]
async fn a_dutch_mobile_on_the_german_form_is_stored_and_mailed_as_dutch() {
    let app = spawn_app().await;
    let mut form = booking();
    form["phone"] = json!("06 12345678");
    let response = app.post_json("/api/reservation/de", &form).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let message = body["message"].as_str().unwrap();
    let reference = &message[message.find("R-").expect("a reference")..][..8];
    // The summary after sending shows the number as read, with its country.
    let summary = body["summary"].as_array().unwrap();
    let phone = summary.iter().find(|row| row["label"] == "Telefon").expect("a phone row");
    assert_eq!(phone["value"], "+31 6 12345678 (Niederlande)", "{summary:?}");

    let record = app.bookings.record(reference).await.unwrap().expect("stored");
    assert_eq!(record.booking.phone.as_deref(), Some("+31612345678"), "stored as Dutch");
    let mails = app.mails(2).await;
    let staff = mails.iter().find(|m| m.contains("To: planning@taxiroermond.example")).expect("staff mail");
    // Staff read Dutch (`mail.staff_language`) and dial the Dutch number.
    assert!(staff.contains("+31 6 12345678 (Nederland)"), "{staff}");
    assert!(staff.contains("tel:+31612345678") && !staff.contains("+49612345678"), "{staff}");
    assert!(staff.contains("https://wa.me/31612345678"), "{staff}");
}

#[actix_web::test]
async fn a_belgian_mobile_typed_nationally_on_the_dutch_form_is_stored_and_mailed_as_belgian() {
    let app = spawn_app().await;
    let mut form = booking();
    form["phone"] = json!("0470/12.34.56");
    let response = app.post_json("/api/reservation/nl", &form).await;
    assert_eq!(response.status(), 200, "issue 55: it was refused");
    let body: Value = response.json().await.unwrap();
    let message = body["message"].as_str().unwrap();
    let reference = &message[message.find("R-").expect("a reference")..][..8];
    let summary = body["summary"].as_array().unwrap();
    let phone = summary.iter().find(|row| row["label"] == "Telefoon").expect("a phone row");
    assert_eq!(phone["value"], "+32 470 12 34 56 (België)", "{summary:?}");

    let record = app.bookings.record(reference).await.unwrap().expect("stored");
    assert_eq!(record.booking.phone.as_deref(), Some("+32470123456"));
    let mails = app.mails(2).await;
    let staff = mails.iter().find(|m| m.contains("To: planning@taxiroermond.example")).expect("staff mail");
    assert!(text(staff).contains("Telefoon:       +32 470 12 34 56 (België)"), "{staff}");
    assert!(staff.contains("tel:+32470123456") && staff.contains("https://wa.me/32470123456"), "{staff}");

    // The contact form reads alike, on the English page too.
    let contact = json!({"name": "Lies", "email": "lies@example.be", "phone": "089 12 34 56", "subject": "Vraag", "message": "Hallo"});
    assert_eq!(app.post_json("/api/contact/en", &contact).await.status(), 200);
    let mails = app.mails(4).await;
    let from_lies = |m: &&String| m.lines().any(|l| l.trim_end() == "Reply-To: lies@example.be");
    let staff = mails.iter().find(|m| from_lies(m) && m.contains("To: planning@")).expect("contact mail");
    assert!(staff.contains("tel:+3289123456") && text(staff).contains("+32 89 12 34 56 (België)"), "{staff}");
}

/// A mail's text part, decoded (`België` travels as quoted-printable).
fn text(raw: &str) -> String {
    MessageParser::default().parse(raw.as_bytes()).unwrap().body_text(0).unwrap().to_string()
}

#[actix_web::test]
async fn a_german_mobile_on_the_german_form_stays_german_and_the_contact_form_reads_alike() {
    let app = spawn_app().await;
    let mut form = booking();
    form["phone"] = json!("0151 23456789");
    let body: Value = app.post_json("/api/reservation/de", &form).await.json().await.unwrap();
    let phone = body["summary"].as_array().unwrap().iter().find(|row| row["label"] == "Telefon").cloned();
    assert_eq!(phone.unwrap()["value"], "+49 1512 3456789 (Deutschland)", "{body}");
    // No Dutch number, but a German one: German on the Dutch form too (issue 55).
    form["email"] = json!("jan.nl@example.nl"); // another booking, not the same one again
    let body: Value = app.post_json("/api/reservation/nl", &form).await.json().await.unwrap();
    let phone = body["summary"].as_array().unwrap().iter().find(|row| row["label"] == "Telefoon").cloned();
    assert_eq!(phone.unwrap()["value"], "+49 1512 3456789 (Duitsland)", "{body}");

    let contact = json!({"name": "Anna", "email": "anna@example.de", "phone": "06 12345678", "subject": "Frage", "message": "Hallo"});
    assert_eq!(app.post_json("/api/contact/de", &contact).await.status(), 200);
    let mails = app.mails(6).await;
    let staff =
        mails.iter().find(|m| m.contains("Frage") && m.contains("To: planning@")).expect("contact mail");
    assert!(staff.contains("tel:+31612345678") && staff.contains("+31 6 12345678 (Nederland)"), "{staff}");
}

#[actix_web::test]
async fn the_phone_check_answers_how_sending_would_read_the_number() {
    let app = spawn_app().await;
    let check = |lang: &'static str, phone: &'static str| {
        let app = &app;
        async move {
            let response = app.post_json(&format!("/api/phone/{lang}"), &json!({ "phone": phone })).await;
            assert_eq!(response.status(), 200, "{lang} {phone}");
            assert_eq!(header(&response, "cache-control"), "no-store");
            response.json::<Value>().await.unwrap()
        }
    };
    assert_eq!(
        check("de", "06 12345678").await,
        json!({"international": "+31 6 12345678", "country": "Niederlande", "shown": "+31 6 12345678 (Niederlande)"})
    );
    assert_eq!(check("nl", "06-12345678").await["shown"], "+31 6 12345678 (Nederland)");
    assert_eq!(check("en", "0612345678").await["shown"], "+31 6 12345678 (Netherlands)");
    assert_eq!(check("de", "0151 23456789").await["shown"], "+49 1512 3456789 (Deutschland)");
    for lang in ["nl", "de", "en"] {
        assert_eq!(
            check(lang, "+32 470 12 34 56").await["country"],
            json!({"nl": "België", "de": "Belgien", "en": "Belgium"})[lang]
        );
    }
    // Typed nationally, the neighbours' numbers are theirs on every page, named in its language.
    for (typed, shown) in [
        ("0470 12 34 56", "+32 470 12 34 56"),
        ("0470/12.34.56", "+32 470 12 34 56"),
        ("089 12 34 56", "+32 89 12 34 56"),
        ("0151 23456789", "+49 1512 3456789"),
        ("02161 123456", "+49 2161 123456"),
        ("0475 123456", "+31 475 123 456"),
    ] {
        for (lang, names) in [
            ("nl", ["Nederland", "België", "Duitsland"]),
            ("de", ["Niederlande", "Belgien", "Deutschland"]),
            ("en", ["Netherlands", "Belgium", "Germany"]),
        ] {
            let name = names[["+31", "+32", "+49"].iter().position(|code| shown.starts_with(code)).unwrap()];
            assert_eq!(
                check(lang, typed).await,
                json!({"international": shown, "country": name, "shown": format!("{shown} ({name})")}),
                "{typed} on the {lang} page"
            );
        }
    }
    // What sending would say under the field: no valid number anywhere, too long.
    assert_eq!(
        check("nl", "0151 2345678").await,
        json!({"error": "Vul een telefoonnummer in waarop we u kunnen bellen: Nederlands (06 12345678), Belgisch (0470 12 34 56), Duits (0151 23456789) of met landcode (+44 20 7946 0958)."})
    );
    assert_eq!(
        check("de", "0470 12 34 5x").await["error"],
        "Bitte geben Sie eine Telefonnummer ein, unter der wir Sie erreichen: niederländisch (06 12345678), belgisch (0470 12 34 56), deutsch (0151 23456789) oder mit Ländervorwahl (+44 20 7946 0958)."
    );
    assert_eq!(check("en", "call me").await.as_object().unwrap().keys().collect::<Vec<_>>(), ["error"]);
    assert_eq!(
        check("de", "1".repeat(31).leak()).await["error"],
        "Bitte verwenden Sie höchstens 30 Zeichen."
    );
    assert_eq!(check("de", "  ").await, json!({}), "nothing typed, nothing to say");

    // Only our languages, only JSON, only POST (the number stays out of URLs).
    assert_eq!(app.post_json("/api/phone/fr", &json!({"phone": "06 12345678"})).await.status(), 404);
    let form = app.post_raw("/api/phone/nl", "application/x-www-form-urlencoded", "phone=0612345678").await;
    assert_eq!(form.status(), 415);
    assert_ne!(app.get("/api/phone/nl?phone=0612345678").await.status(), 200);
}

#[actix_web::test]
async fn a_company_in_another_country_reads_national_numbers_there_first() {
    let config = "[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n[company]\ncountry = \"DE\"\n";
    let app = spawn_app_with(AppOptions { config_toml: Some(config.into()), ..AppOptions::default() }).await;
    let response = app.post_json("/api/phone/nl", &json!({"phone": "06 12345678"})).await;
    assert_eq!(response.json::<Value>().await.unwrap()["shown"], "+49 6123 45678 (Duitsland)");
}
