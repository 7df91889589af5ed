use serde_json::{json, Value};

use crate::helpers::{between, header, spawn_app};

pub fn in_two_days() -> String {
    let day = jiff::Zoned::now().date().checked_add(jiff::Span::new().days(2)).unwrap();
    format!("{day}T14:30")
}

pub fn booking() -> Value {
    json!({
        "name": "Jan de Vries", "email": "jan@example.nl", "phone": "06 12345678", "passengerAmount": "2",
        "departure": "Markt 1, Roermond", "departureName": "Markt 1", "dateTime": in_two_days(),
        "destination": "Luchthaven Schiphol, Haarlemmermeer, Nederland", "destinationName": "Luchthaven Schiphol",
        "paymentMethod": "cash", "priceIndication": "€ 1,00", "language": "nl",
        "departurePlaceId": "g2748000", "destinationPlaceId": "aAMS", "pickupStreet": "Markt 1"
    })
}

#[actix_web::test]
async fn a_valid_booking_is_stored_mailed_and_priced_by_the_server() {
    let app = spawn_app().await;
    let response = app.post_json("/api/reservation/nl", &booking()).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    let message = body["message"].as_str().unwrap();
    let reference = between(message, "referentie ", ")").unwrap();
    assert!(reference.starts_with("R-"), "{message}");
    // The ride in brief, for the success box: the visitor's places and time.
    let summary: Vec<(&str, &str)> = body["summary"]
        .as_array()
        .unwrap()
        .iter()
        .map(|row| (row["label"].as_str().unwrap(), row["value"].as_str().unwrap()))
        .collect();
    assert_eq!(&summary[..2], &[("Van", "Markt 1"), ("Naar", "Luchthaven Schiphol")], "{summary:?}");
    assert!(summary[2].1.contains("14:30") && summary[3] == ("Passagiers", "2"), "{summary:?}");
    let mails = app.mails(2).await;
    let staff = mails.iter().find(|m| m.contains("To: planning@taxiroermond.example")).expect("staff mail");
    assert!(staff.contains(reference));
    assert!(staff.contains("230,00"), "the server's price, not the client's € 1,00");
    assert!(!staff.contains("1,00 "), "client price ignored");
    assert!(
        staff.lines().any(|l| l.trim_end() == "Reply-To: jan@example.nl"),
        "the address only, never the typed name"
    );
    assert!(
        mails
            .iter()
            .any(|m| m.contains("To: \"Jan de Vries\" <jan@example.nl>") || m.contains("To: jan@example.nl")),
        "customer mail"
    );
}

#[actix_web::test]
async fn without_place_ids_the_server_prices_from_the_typed_addresses_or_says_so() {
    let app = spawn_app().await;
    let mut typed = booking();
    typed["departurePlaceId"] = Value::Null;
    typed["destinationPlaceId"] = Value::Null;
    typed["destination"] = json!("Schiphol");
    assert_eq!(app.post_json("/api/reservation/en", &typed).await.status(), 200);
    let mails = app.mails(2).await;
    assert!(mails.iter().any(|m| m.contains("230")), "priced from the text 'Schiphol'");

    let app = spawn_app().await;
    let mut unknown = booking();
    unknown["departurePlaceId"] = Value::Null;
    unknown["destinationPlaceId"] = Value::Null;
    // No house number: with one it would read as a street in the company's town.
    unknown["destination"] = json!("Xyzzy Nowhere");
    assert_eq!(
        app.post_json("/api/reservation/nl", &unknown).await.status(),
        200,
        "a booking without a price still goes through"
    );
    let mails = app.mails(2).await;
    assert!(mails.iter().any(|m| m.contains("Geen prijsindicatie")));
}

#[actix_web::test]
async fn field_errors_come_back_under_the_specs_keys_in_the_paths_language() {
    let app = spawn_app().await;
    for (lang, name_message) in
        [("nl", "Vul uw naam in."), ("de", "Bitte geben Sie Ihren Namen ein."), ("en", "Enter your name.")]
    {
        let mut bad = booking();
        bad["name"] = json!("");
        bad["email"] = json!("not-an-email");
        bad["passengerAmount"] = json!("9");
        bad["paymentMethod"] = json!("paypal");
        let response = app.post_json(&format!("/api/reservation/{lang}"), &bad).await;
        assert_eq!(response.status(), 400);
        let body: Value = response.json().await.unwrap();
        let errors = body["errors"].as_object().unwrap();
        assert_eq!(errors["name"], name_message);
        let keys: Vec<&str> = errors.keys().map(String::as_str).collect();
        assert_eq!(keys, ["email", "name", "passengerAmount", "paymentMethod"]);
    }
    assert!(app.mails(0).await.is_empty(), "nothing stored for a rejected booking");
}

#[actix_web::test]
async fn malformed_requests_get_a_clear_json_4xx() {
    let app = spawn_app().await;
    let cases: Vec<(&str, &str, Vec<u8>, u16)> = vec![
        ("/api/reservation/nl", "application/json", b"{not json".to_vec(), 400),
        ("/api/reservation/nl", "application/json", b"[1,2,3]".to_vec(), 400),
        ("/api/reservation/nl", "application/json", b"\"text\"".to_vec(), 400),
        (
            "/api/reservation/nl",
            "application/json",
            vec![b'{', b'"', 0xff, 0xfe, b'"', b':', b'1', b'}'],
            400,
        ),
        ("/api/reservation/nl", "text/plain", b"{}".to_vec(), 415),
        ("/api/contact/de", "application/x-www-form-urlencoded", b"name=x".to_vec(), 415),
        ("/api/whatsappreservation/en", "application/json", vec![b' '; 17 * 1024], 413),
        ("/api/reservation/xx", "application/json", b"{}".to_vec(), 404),
    ];
    for (path, content_type, body, status) in cases {
        let response = app.post_raw(path, content_type, body).await;
        assert_eq!(response.status().as_u16(), status, "{path} {content_type}");
        assert!(header(&response, "content-type").starts_with("application/json"), "{path}");
        let body: Value = response.json().await.unwrap();
        assert!(body["errorMessage"].as_str().is_some_and(|m| !m.is_empty()), "{path}: {body}");
    }
    let response = app
        .post_json("/api/reservation/nl", &json!({"name": {"nested": true}, "passengerAmount": [1]}))
        .await;
    assert_eq!(response.status(), 400, "wrong types are field errors");
    let body: Value = response.json().await.unwrap();
    assert!(body["errors"]["name"].is_string() && body["errors"]["passengerAmount"].is_string());
}

#[actix_web::test]
async fn a_repeated_submission_creates_one_booking() {
    let app = spawn_app().await;
    let first: Value = app.post_json("/api/reservation/nl", &booking()).await.json().await.unwrap();
    let mut again = booking();
    again["email"] = json!("JAN@example.nl ");
    let second: Value = app.post_json("/api/reservation/nl", &again).await.json().await.unwrap();
    assert_eq!(first["message"], second["message"], "same reference");
    app.outbox_idle().await;
    assert_eq!(app.mails(2).await.len(), 2, "one staff and one customer mail");

    let mut other = booking();
    other["passengerAmount"] = json!("3");
    assert_eq!(app.post_json("/api/reservation/nl", &other).await.status(), 200);
    assert_eq!(app.mails(4).await.len(), 4, "a different booking is a new booking");
}

#[actix_web::test]
async fn a_submission_repeated_after_a_restart_is_still_one_booking() {
    let app = spawn_app().await;
    let first: Value = app.post_json("/api/reservation/nl", &booking()).await.json().await.unwrap();
    app.outbox_idle().await;
    assert_eq!(app.mails(2).await.len(), 2);

    // The visitor's retry reaches a restarted server, whose memory of repeats is empty.
    let app = app.restart().await;
    let second: Value = app.post_json("/api/reservation/nl", &booking()).await.json().await.unwrap();
    assert_eq!(first["message"], second["message"], "the first booking's reference");
    app.outbox_idle().await;
    assert_eq!(app.mails(2).await.len(), 2, "no second staff or customer mail");

    let mut other = booking();
    other["passengerAmount"] = json!("3");
    let third: Value = app.post_json("/api/reservation/nl", &other).await.json().await.unwrap();
    assert_ne!(third["message"], first["message"], "a different booking is a new booking");
    assert_eq!(app.mails(4).await.len(), 4);
}

#[actix_web::test]
async fn simultaneous_identical_submissions_create_one_booking() {
    let app = spawn_app().await;
    let requests: Vec<_> = (0..6)
        .map(|_| {
            let client = app.client.clone();
            let url = format!("{}/api/reservation/nl", app.address);
            actix_web::rt::spawn(async move {
                client.post(url).json(&booking()).send().await.unwrap().json::<Value>().await.unwrap()
            })
        })
        .collect();
    let mut messages = Vec::new();
    for request in requests {
        messages.push(request.await.unwrap()["message"].as_str().unwrap().to_string());
    }
    assert!(messages.windows(2).all(|w| w[0] == w[1]), "one reference for all: {messages:?}");
    app.outbox_idle().await;
    assert_eq!(app.mails(2).await.len(), 2);
}

#[actix_web::test]
async fn whatsapp_answers_with_a_fully_encoded_chat_link() {
    let app = spawn_app().await;
    let body = json!({
        "name": "Zoë & Jan+1 #2", "passengerAmount": 3, "dateTime": in_two_days(), "paymentMethod": "debitcard",
        "departure": "Roermond", "departurePlaceId": "g2748000", "destination": "Schiphol Airport", "destinationPlaceId": "aAMS",
        "pickupStreet": "Markt 1"
    });
    let response = app.post_json("/api/whatsappreservation/de", &body).await;
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    let url = answer["whatsappUrl"].as_str().unwrap();
    let text = url.strip_prefix("https://wa.me/31600000000?text=").expect("company number");
    assert!(
        !text.contains(' ')
            && !text.contains('&')
            && !text.contains('+')
            && !text.contains('#')
            && !text.contains('\n')
    );
    let decoded = percent_decode(text);
    for part in [
        "Name: Zoë & Jan+1 #2",
        "Anzahl Personen: 3",
        "Abholadresse: Roermond",
        "Straße und Hausnummer: Markt 1",
        // The place chosen, in the page's language (not the text in the field).
        "Ziel: Flughafen Schiphol, Haarlemmermeer, Niederlande",
        "Girokarte",
        "230,00 €",
        "14:30",
    ] {
        assert!(decoded.contains(part), "{part} in {decoded}");
    }
    assert_eq!(decoded.lines().count(), 9);

    let response = app
        .post_json("/api/whatsappreservation/nl", &json!({"name": "", "passengerAmount": "", "dateTime": ""}))
        .await;
    assert_eq!(response.status(), 400);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["errors"]["name"], "Vul uw naam in.");
    assert!(app.mails(0).await.is_empty(), "WhatsApp bookings send no mail");
}

#[actix_web::test]
async fn contact_messages_are_stored_and_acknowledged() {
    let app = spawn_app().await;
    let body = json!({"name": "Anna", "email": "anna@example.de", "phone": "", "subject": "Gepäck", "message": "Zwei Koffer\nund ein Rollstuhl"});
    let response = app.post_json("/api/contact/de", &body).await;
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["message"], "Vielen Dank für Ihre Nachricht. Wir antworten so schnell wie möglich.");
    let mails = app.mails(2).await;
    assert!(mails.iter().any(|m| m.lines().any(|l| l.trim_end() == "Reply-To: anna@example.de")));
    // Sent again with a phone number added, it is news for staff; the same once more is not.
    let mut with_phone = body.clone();
    with_phone["phone"] = json!("06 12345678");
    for _ in 0..2 {
        assert_eq!(app.post_json("/api/contact/de", &with_phone).await.status(), 200);
    }
    app.outbox_idle().await;
    let to_staff = |mails: &[String]| {
        mails.iter().filter(|m| m.lines().any(|l| l.trim_end() == "Reply-To: anna@example.de")).count()
    };
    assert_eq!(to_staff(&app.mails(3).await), 2, "the first and the one with the phone");

    let response = app
        .post_json(
            "/api/contact/en",
            &json!({"name": "A", "email": "a@b.nl", "subject": "x".repeat(51), "message": ""}),
        )
        .await;
    let answer: Value = response.json().await.unwrap();
    assert_eq!(answer["errors"]["subject"], "Use at most 50 characters.");
    assert_eq!(answer["errors"]["message"], "Enter your message.");
}

#[actix_web::test]
async fn forms_work_without_javascript() {
    let app = spawn_app().await;
    let form = "mode=mail&action=send&name=Piet&email=&passengerAmount=2";
    let response = app.post_raw("/reserveren", "application/x-www-form-urlencoded", form).await;
    assert_eq!(response.status(), 400);
    let html = response.text().await.unwrap();
    assert!(html.contains("class=\"error-summary\""));
    assert!(html.contains("Vul uw e-mailadres in."));
    assert!(html.contains("value=\"Piet\""), "typed values kept");
    assert!(html.contains("aria-describedby=\"email-error\""));
    // Said first, in the title (GOV.UK's pattern); a page priced without errors is not.
    let title = crate::helpers::between(&html, "<title>", "</title>").unwrap();
    assert!(title.starts_with("Fout: ") && title.contains("Taxi reserveren"), "{title}");

    let departure = "Markt 1, Roermond";
    let form = format!(
        "mode=mail&action=price&name=Piet&departure={}&destination=Schiphol&passengerAmount=2",
        crate::helpers::form_encode(departure)
    );
    let html =
        app.post_raw("/reserveren", "application/x-www-form-urlencoded", form).await.text().await.unwrap();
    assert!(html.contains("€ 230,00"), "price shown without JavaScript");
    assert!(!crate::helpers::between(&html, "<title>", "</title>").unwrap().starts_with("Fout"), "no errors");

    // A whole town typed: the street is asked for, then the booking is taken.
    let form = format!(
        "mode=mail&action=send&name=Piet&email=piet%40example.nl&passengerAmount=2&departure=Roermond&destination=Venlo&dateTime={}&paymentMethod=",
        crate::helpers::form_encode(&in_two_days())
    );
    let response = app.post_raw("/reserveren", "application/x-www-form-urlencoded", form.clone()).await;
    assert_eq!(response.status(), 400);
    let html = response.text().await.unwrap();
    assert!(html.contains("id=\"pickupStreet\"") && html.contains("value=\"Piet\""), "asked, answers kept");
    let response = app
        .post_raw("/reserveren", "application/x-www-form-urlencoded", format!("{form}&pickupStreet=Markt+1"))
        .await;
    assert_eq!(response.status(), 200);
    let html = response.text().await.unwrap();
    assert!(html.contains("class=\"success-box\""));
    assert!(!html.contains("value=\"Piet\""), "fields cleared after success");
    app.mails(2).await;

    let form = format!(
        "mode=whatsapp&action=send&name=Piet&passengerAmount=1&dateTime={}",
        crate::helpers::form_encode(&in_two_days())
    );
    let response = app.post_raw("/reservation", "application/x-www-form-urlencoded", form).await;
    assert_eq!(response.status(), 303);
    assert!(header(&response, "location").starts_with("https://wa.me/31600000000?text="));

    let response = app
        .post_raw(
            "/kontakt",
            "application/x-www-form-urlencoded",
            "name=A&email=a%40b.de&subject=Hallo&message=Test",
        )
        .await;
    assert_eq!(response.status(), 200);
    assert!(response.text().await.unwrap().contains("Vielen Dank für Ihre Nachricht."));

    let response = app
        .post_raw(
            "/contact",
            "application/x-www-form-urlencoded",
            format!("message={}", "a".repeat(17 * 1024)),
        )
        .await;
    assert_eq!(response.status(), 413, "oversized form post");
    assert_eq!(header(&response, "content-type"), "text/html; charset=utf-8", "answered with a page");
    let response = app.post_raw("/contact", "text/plain", "name=A").await;
    assert_eq!(response.status(), 415);

    let response = app.post_raw("/tarieven", "application/x-www-form-urlencoded", "x=1").await;
    assert!(response.status().is_client_error(), "only form pages accept posts");
}

pub fn percent_decode(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            out.push(u8::from_str_radix(std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap(), 16).unwrap());
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).unwrap()
}
