//! "Book this ride again" and "book the way back" on the manage page: the
//! reservation page filled in on the server from a signed link (name, e-mail,
//! phone, places, passengers), private, with nothing the manage page does not
//! show; a wrong, expired or junk link fills in nothing.
use serde_json::{json, Value};

use crate::{
    booking::booking,
    funnel::props,
    helpers::header,
    manage_booking::manage_link,
    staff_answers::{desk, Desk},
};

/// The href of the manage page's link whose query holds `marker`, as a path.
fn link_with(html: &str, marker: &str) -> String {
    let at = html.find(marker).unwrap_or_else(|| panic!("no {marker} link in {html}"));
    let start = html[..at].rfind("href=\"").expect("an href") + "href=\"".len();
    let end = start + html[start..].find('"').unwrap();
    html[start..end].replace("&amp;", "&")
}

/// The reservation page at `path`: checked private, and its form's values.
async fn filled(desk: &Desk, path: &str) -> (String, Value) {
    let page = desk.app.get(path).await;
    assert_eq!(page.status(), 200, "{path}");
    assert_eq!(header(&page, "cache-control"), "no-store", "{path}");
    assert_eq!(header(&page, "referrer-policy"), "no-referrer", "{path}");
    assert_eq!(header(&page, "x-robots-tag"), "noindex", "{path}");
    let html = page.text().await.unwrap();
    let form = props(&html)["form"].clone();
    (html, form)
}

#[actix_web::test]
async fn book_again_and_the_way_back_open_the_reservation_page_filled_in_from_the_booking() {
    let desk = desk("en").await;
    // The town chosen from the list (the field as the choice leaves it), its street beside it.
    let mut ride = booking();
    (ride["departure"], ride["departureName"]) = ("Roermond".into(), "Roermond".into());
    // A round trip: back the next day at 18:00.
    let out: jiff::civil::DateTime = ride["dateTime"].as_str().unwrap().parse().unwrap();
    ride["returnDateTime"] = format!("{}T18:00", out.date().tomorrow().unwrap()).into();
    let response = desk.app.post_json("/api/reservation/de", &ride).await;
    assert_eq!(response.status(), 200);
    let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    let reference = message[message.find("R-").expect("a reference")..][..8].to_string();
    let link = manage_link(&desk.mails_of("customer-booking", 1).await.remove(0));
    let manage = desk.app.get(&link).await.text().await.unwrap();
    let again = link_with(&manage, "repeat=again");
    let back = link_with(&manage, "repeat=back");
    assert!(again.starts_with(&format!("/reservieren?repeat=again&booking={reference}&expires=")), "{again}");

    let (html, form) = filled(&desk, &again).await;
    let values = &form["values"];
    let expected = [
        ("name", "Jan de Vries"),
        ("email", "jan@example.nl"),
        ("phone", "+31 6 12345678"),
        ("passengerAmount", "2"),
        ("paymentMethod", "cash"),
        ("departurePlaceId", "g2748000"),
        ("pickupStreet", "Markt 1"),
        ("destinationPlaceId", "aAMS"),
    ];
    for (field, value) in expected {
        assert_eq!(values[field], value, "{field}: {form}");
    }
    assert!(values.get("dateTime").is_none(), "the time is left to choose: {form}");
    // The page opens there, the one field left empty: focused by the HTML itself.
    assert_eq!(form["focus"], "dateTime", "{form}");
    assert_eq!(autofocused(&html), ["dateTime"]);
    // The return ride comes along as it stood to the pick-up, said beside its field.
    let note = "Ihre letzte Buchung hatte eine Rückfahrt um 18:00 am nächsten Tag.";
    assert_eq!(form["earlierReturn"], json!({ "days": 1, "time": "18:00", "note": note }), "{form}");
    assert!(html.contains(&format!("id=\"returnDateTime-earlier\">{note}</p>")), "in the HTML");
    assert!(values.get("returnDateTime").is_none(), "its date follows the one chosen: {form}");
    assert!(values.get("remarks").is_none() && values.get("flightNumber").is_none(), "{form}");
    assert!(form["price"]["priceText"].as_str().unwrap().contains("230,00"), "priced: {form}");
    // Server-rendered: in the HTML itself, before any script runs.
    assert!(html.contains("value=\"Jan de Vries\"") && html.contains("value=\"jan@example.nl\""));
    // Every value the link fills in, the manage page shows to whoever holds its link.
    for value in ["Jan de Vries", "jan@example.nl", "+31 6 12345678", "Markt 1", "Roermond", "Schiphol"] {
        assert!(manage.contains(value), "the manage page shows {value}");
    }

    let (html, form) = filled(&desk, &back).await;
    let values = &form["values"];
    assert_eq!(
        (values["departurePlaceId"].as_str(), values["destinationPlaceId"].as_str()),
        (Some("aAMS"), Some("g2748000"))
    );
    assert_eq!(values["name"], "Jan de Vries");
    assert_eq!(autofocused(&html), ["dateTime"], "the way back opens at the date too");
    assert!(form.get("earlierReturn").is_none(), "a round trip's way back was its return: {form}");
    assert!(values.get("pickupStreet").is_none(), "the street was the other end's: {form}");
    // Dropped off where it picked up: the street goes to the driver, in the page's language.
    assert_eq!(values["remarks"], "Absetzadresse: Markt 1", "{form}");
    assert!(html.contains(">Absetzadresse: Markt 1</textarea>"), "in the HTML, before any script");
    assert!(form["price"]["priceText"].is_string(), "the way back is priced too: {form}");
}

#[actix_web::test]
async fn a_wrong_expired_or_junk_repeat_link_fills_in_nothing() {
    let desk = desk("en").await;
    let reference = desk.book("en").await;
    let link = manage_link(&desk.mails_of("customer-booking", 1).await.remove(0));
    let manage = desk.app.get(&link).await.text().await.unwrap();
    let again = link_with(&manage, "repeat=again");
    let (path, query) = again.split_once('?').unwrap();
    let param = |name: &str| query.split('&').find_map(|p| p.strip_prefix(&format!("{name}="))).unwrap();
    let (expires, sig) = (param("expires"), param("sig"));
    let later = (expires.parse::<i64>().unwrap() + 86_400).to_string();
    let manage_sig = link.split("sig=").nth(1).unwrap();
    let mut flipped = sig.to_string();
    flipped.replace_range(0..1, if sig.starts_with('A') { "B" } else { "A" });
    let key = taxi_server::secret::SecretKey::from_bytes(
        std::fs::read(desk.app.data_dir.join("secret.key")).unwrap(),
    );
    let past = (jiff::Timestamp::now().as_second() - 1).to_string();
    let expired = taxi_server::booking::repeat::path(
        &key,
        &reference,
        taxi_server::types::Lang::En,
        taxi_server::booking::repeat::Direction::Again,
        &past,
    );
    let refused = [
        expired,
        format!("{path}?repeat=again&booking={reference}&expires={expires}&sig={flipped}"),
        format!("{path}?repeat=again&booking={reference}&expires={later}&sig={sig}"),
        format!("{path}?repeat=again&booking=R-ZZZZZZ&expires={expires}&sig={sig}"),
        format!("{path}?repeat=again&booking={reference}&expires={expires}&sig={manage_sig}"),
        format!("{path}?repeat=again&booking={reference}&expires={expires}"),
        format!("{path}?repeat=sideways&booking={reference}&expires={expires}&sig={sig}"),
    ];
    let junk = desk.link(&reference, "junk").await;
    for wrong in &refused {
        assert_nothing_filled(&desk, wrong).await;
    }
    // Marked as junk: the booking's data is gone, and its link fills in nothing either.
    assert_eq!(desk.post(&junk, &[("scope", "one")]).await.status(), 200);
    assert_nothing_filled(&desk, &again).await;
    let page = desk.app.get(&link).await.text().await.unwrap();
    assert!(!page.contains("repeat=again"), "no book-again links on a junk booking's page");
}

async fn assert_nothing_filled(desk: &Desk, path: &str) {
    let (html, form) = filled(desk, path).await;
    assert!(
        form["errorMessage"].as_str().unwrap_or("").contains("This link to book again no longer works"),
        "{path}: {form}"
    );
    assert!(!html.contains("Jan de Vries") && !html.contains("jan@example.nl"), "{path}: nothing filled in");
    assert!(
        autofocused(&html).is_empty() && form.get("focus").is_none(),
        "{path}: the page opens at its top"
    );
}

/// The ids of the inputs the page's HTML focuses (`autofocus`), as a browser reads them without scripts.
fn autofocused(html: &str) -> Vec<&str> {
    html.split("<input")
        .skip(1)
        .filter_map(|tag| tag.split('>').next())
        .filter(|tag| tag.contains(" autofocus"))
        .filter_map(|tag| tag.split("id=\"").nth(1)?.split('"').next())
        .collect()
}
