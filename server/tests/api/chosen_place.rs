//! The place chosen is the place everywhere (issue 42): without JavaScript the
//! field may still hold the typed town ("Düsseldorf") while the radio button
//! chose its airport. The field shown again, the success box, the customer's
//! mail, staff's mail (in the staff language), its Maps link and calendar
//! name the airport; the same text with another place chosen is another ride.
use serde_json::{json, Value};

use crate::{
    booking::{booking, in_two_days, percent_decode},
    funnel::{props, readable},
    helpers::{form_encode, spawn_app, spawn_app_with, AppOptions, TestApp},
};

/// The reservation page in each language, the airport's name and full address in it, and the price.
const PAGES: [(&str, &str, &str, &str, &str); 3] = [
    (
        "nl",
        "/reserveren",
        "Luchthaven Düsseldorf",
        "Luchthaven Düsseldorf, Düsseldorf, Duitsland",
        "€ 100,00",
    ),
    (
        "de",
        "/reservieren",
        "Flughafen Düsseldorf",
        "Flughafen Düsseldorf, Düsseldorf, Deutschland",
        "100,00 €",
    ),
    ("en", "/reservation", "Düsseldorf Airport", "Düsseldorf Airport, Düsseldorf, Germany", "€ 100.00"),
];

/// The form as a browser without JavaScript posts it: the typed town in the
/// field, the airport chosen by its radio button.
fn posted(action: &str, name: &str, email: &str) -> String {
    let fields = [
        ("mode", "mail"),
        ("action", action),
        ("departure", "Roermond"),
        ("departurePlaceId", "g2748000"),
        ("pickupStreet", "Markt 1"),
        ("destination", "Düsseldorf"),
        ("destinationPlaceId", "aDUS"),
        ("dateTime", &in_two_days()),
        ("passengerAmount", "2"),
        ("name", name),
        ("email", email),
    ];
    fields.iter().map(|(k, v)| format!("{k}={}", form_encode(v))).collect::<Vec<_>>().join("&")
}

async fn post_form(app: &TestApp, path: &str, body: String) -> (u16, Value) {
    let response = app.post_raw(path, "application/x-www-form-urlencoded", body).await;
    let status = response.status().as_u16();
    (status, props(&response.text().await.unwrap())["form"].clone())
}

/// The readable mails (decoded) whose raw text names `address`: (staff's, the customer's).
async fn mails_of(app: &TestApp, address: &str, at_least: usize) -> (String, String) {
    let mails = app.mails(at_least).await;
    let ours: Vec<&String> = mails.iter().filter(|m| m.contains(address)).collect();
    let staff = ours.iter().find(|m| m.contains("To: planning@")).expect("staff mail");
    let customer = ours.iter().find(|m| !m.contains("To: planning@")).expect("customer mail");
    (readable(staff), readable(customer))
}

/// The mail's first line (after the headers `readable` puts first) starting with `label`,
/// calendar lines unfolded.
fn line(mail: &str, label: &str) -> String {
    let unfolded = mail.replace("\r\n ", "");
    let found = unfolded.lines().skip(2).find(|l| l.trim_start().starts_with(label)).map(str::to_string);
    found.unwrap_or_else(|| panic!("no {label} in {mail}"))
}

#[actix_web::test]
async fn without_javascript_the_place_chosen_is_named_everywhere_whatever_the_field_held() {
    let app = spawn_app().await;
    for (n, (lang, path, airport, formatted, price)) in PAGES.into_iter().enumerate() {
        // The price button: the field shown again names the place priced.
        let (_, form) = post_form(&app, path, posted("price", "", "")).await;
        assert_eq!(form["price"]["priceText"], price, "{lang}: {form}");
        assert_eq!(form["values"]["destination"], formatted, "{lang}: the field names the airport");
        assert_eq!(form["values"]["destinationName"], airport, "{lang}");
        assert_eq!(form["values"]["destinationPlaceId"], "aDUS", "{lang}");
        // Sent with a field missing: shown again with the choice kept, named as chosen.
        let (status, form) = post_form(&app, path, posted("send", "", "")).await;
        assert_eq!(status, 400);
        assert_eq!(form["values"]["destination"], formatted, "{lang}: {form}");
        assert_eq!(form["values"]["destinationPlaceId"], "aDUS", "{lang}");

        let email = format!("gekozen.{lang}@example.com");
        let (status, form) = post_form(&app, path, posted("send", "Anna Keuze", &email)).await;
        assert_eq!(status, 200, "{lang}: {form}");
        let summary: Vec<&str> =
            form["summary"].as_array().unwrap().iter().map(|r| r["value"].as_str().unwrap()).collect();
        assert_eq!(summary[1], airport, "{lang}: the success box names the airport: {summary:?}");

        let (staff, customer) = mails_of(&app, &email, 2 * (n + 1)).await;
        // Staff read the place in the staff language (nl), whatever the customer's.
        let to = line(&staff, "Naar:");
        assert!(to.contains("Luchthaven Düsseldorf"), "{lang}: {to}");
        assert!(staff.contains("→ Luchthaven Düsseldorf"), "{lang}: the subject: {staff}");
        assert!(line(&staff, "Prijsindicatie:").contains("vaste prijs naar Luchthaven Düsseldorf"), "{lang}");
        for other in ["Flughafen", "Düsseldorf Airport"] {
            assert!(!staff.contains(other), "{lang}: staff mail in Dutch only, not {other}: {staff}");
        }
        let maps =
            staff.split_whitespace().find(|w| w.contains("google.com/maps/dir")).expect("the Maps link");
        assert!(
            percent_decode(maps).contains("destination=Luchthaven Düsseldorf, Düsseldorf, Duitsland"),
            "{maps}"
        );
        let summary = line(&staff, "SUMMARY:");
        assert!(summary.contains("Luchthaven Düsseldorf"), "{lang}: the calendar's title: {summary}");
        // The customer reads it in their language.
        assert!(customer.contains(airport), "{lang}: {customer}");
    }
}

#[actix_web::test]
async fn staff_read_the_places_in_the_staff_language_the_customer_in_theirs() {
    let config =
        "[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n[mail]\nstaff_language = \"en\"\n";
    let app = spawn_app_with(AppOptions { config_toml: Some(config.into()), ..Default::default() }).await;
    // Chosen with JavaScript on the German page: the fields carry the German words.
    let mut form = booking();
    form["departure"] = json!("Bahnhof Roermond, Roermond, Niederlande");
    form["departureName"] = json!("Bahnhof Roermond");
    form["departurePlaceId"] = json!("s8400523");
    form["pickupStreet"] = json!("");
    form["destination"] = json!("Flughafen Düsseldorf, Düsseldorf, Deutschland");
    form["destinationName"] = json!("Flughafen Düsseldorf");
    form["destinationPlaceId"] = json!("aDUS");
    form["email"] = json!("sprache@example.de");
    assert_eq!(app.post_json("/api/reservation/de", &form).await.status(), 200);
    let (staff, customer) = mails_of(&app, "sprache@example.de", 2).await;
    assert!(line(&staff, "From:").contains("Roermond station"), "{staff}");
    assert!(line(&staff, "To:").contains("Düsseldorf Airport"), "{staff}");
    assert!(line(&staff, "Price indication:").contains("fixed price to Düsseldorf Airport"), "{staff}");
    for german in ["Bahnhof", "Flughafen"] {
        assert!(!staff.contains(german), "no {german} in the English staff mail: {staff}");
    }
    assert!(line(&customer, "Von:").contains("Bahnhof Roermond"), "{customer}");
    assert!(line(&customer, "Nach:").contains("Flughafen Düsseldorf"), "{customer}");
    assert!(line(&customer, "Preisauskunft:").contains("Flughafen Düsseldorf"), "{customer}");
}

#[actix_web::test]
async fn the_same_text_with_another_place_chosen_is_another_ride() {
    let app = spawn_app().await;
    let town = {
        let body = posted("price", "", "").replace("destinationPlaceId=aDUS", "destinationPlaceId=");
        let (_, form) = post_form(&app, "/reservation", body).await;
        let choices = form["choices"]["destination"].as_array().unwrap().clone();
        choices.iter().find(|c| c["kind"] == "locality").expect("the town is offered")["id"]
            .as_str()
            .unwrap()
            .to_string()
    };
    let send = |id: &str| posted("send", "Twee Keuzes", "twee@example.com").replace("aDUS", id);
    let (_, first) = post_form(&app, "/reservation", send(&town)).await;
    let (_, second) = post_form(&app, "/reservation", send("aDUS")).await;
    assert_ne!(first["success"], second["success"], "two references: {first} {second}");
    assert_eq!(app.mails(4).await.len(), 4, "two bookings, each mailed");
}

#[actix_web::test]
async fn without_javascript_the_whatsapp_message_names_the_place_chosen() {
    let app = spawn_app().await;
    let body = posted("send", "Anna", "").replace("mode=mail", "mode=whatsapp");
    let response =
        app.post_raw("/reservation?mode=whatsapp", "application/x-www-form-urlencoded", body).await;
    assert_eq!(response.status(), 303);
    let location = percent_decode(response.headers()["location"].to_str().unwrap());
    assert!(location.contains("Düsseldorf Airport"), "{location}");
}

#[actix_web::test]
async fn an_airport_typed_by_its_full_name_is_that_airport_in_every_language() {
    let app = spawn_app().await;
    for path in ["/reserveren", "/reservieren", "/reservation"] {
        for typed in ["Schiphol airport", "Schiphol Airport"] {
            let html = app.html(&format!("{path}?from=Roermond&to={}", form_encode(typed))).await;
            let form = &props(&html)["form"];
            assert!(form.get("choices").is_none(), "{path} {typed}: no question: {form}");
            assert_eq!(form["values"]["destinationPlaceId"], "aAMS", "{path} {typed}");
            assert!(form["price"]["priceText"].as_str().unwrap().contains("230"), "{path} {typed}");
        }
    }
}

#[actix_web::test]
async fn text_typed_after_a_choice_without_javascript_counts_not_the_hidden_id() {
    let app = spawn_app().await;
    // Priced to Schiphol, then the field changed to Venlo: the hidden id still says Schiphol.
    let changed = |action: &str, email: &str| {
        posted(action, "Ander Doel", email)
            .replace("destination=D%C3%BCsseldorf", "destination=Venlo")
            .replace("aDUS", "aAMS")
    };
    let (_, form) = post_form(&app, "/reserveren", changed("price", "")).await;
    assert!(form["values"]["destination"].as_str().unwrap().starts_with("Venlo"), "{form}");
    assert_ne!(form["values"]["destinationPlaceId"], "aAMS", "{form}");
    assert!(!form["price"]["priceText"].as_str().unwrap().contains("230"), "Venlo's price: {form}");
    let (status, _) = post_form(&app, "/reserveren", changed("send", "venlo@example.com")).await;
    assert_eq!(status, 200);
    let (staff, customer) = mails_of(&app, "venlo@example.com", 2).await;
    assert!(line(&staff, "Naar:").contains("Venlo"), "{staff}");
    assert!(!staff.contains("Schiphol") && !customer.contains("Schiphol"), "{staff}\n{customer}");
}
