//! Phone numbers typed without a country code are read in the company's country
//! first (issue 40: a Dutch mobile typed on the German form was stored as
//! German), and `POST /api/phone/{language}` tells the form how a number reads
//! before it is sent.
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
async fn a_german_mobile_on_the_german_form_stays_german_and_the_contact_form_reads_alike() {
    let app = spawn_app().await;
    let mut form = booking();
    form["phone"] = json!("0151 23456789");
    let body: Value = app.post_json("/api/reservation/de", &form).await.json().await.unwrap();
    let phone = body["summary"].as_array().unwrap().iter().find(|row| row["label"] == "Telefon").cloned();
    assert_eq!(phone.unwrap()["value"], "+49 1512 3456789 (Deutschland)", "{body}");
    // Not a Dutch number: the Dutch form asks for one.
    let refused = app.post_json("/api/reservation/nl", &form).await;
    assert_eq!(refused.status(), 400);
    let errors: Value = refused.json().await.unwrap();
    assert!(errors["errors"]["phone"].as_str().unwrap().starts_with("Vul een telefoonnummer in"), "{errors}");

    let contact = json!({"name": "Anna", "email": "anna@example.de", "phone": "06 12345678", "subject": "Frage", "message": "Hallo"});
    assert_eq!(app.post_json("/api/contact/de", &contact).await.status(), 200);
    let mails = app.mails(4).await;
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
    // What sending would say under the field: no valid number here, too long.
    assert_eq!(
        check("nl", "0151 23456789").await,
        json!({"error": "Vul een telefoonnummer in waarop we u kunnen bellen, zoals 06 12345678 of +49 151 23456789."})
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
