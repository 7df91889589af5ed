//! Places in the reader's language (issue 55 item 8): a place chosen from the
//! list is named in each page's, mail's and calendar's own language: the
//! manage page and the customer's mails in the booking's, staff's mails in
//! the staff language. The German manage page named the airport in Dutch
//! ("Luchthaven Düsseldorf", "Duitsland") when staff read Dutch. Mails read
//! from a real SMTP server on loopback.
use serde_json::{json, Value};

use crate::{
    booking::booking,
    helpers::{form_encode, TestApp},
    manage_booking::manage_link,
    staff_answers::{desk, Desk, Mail},
};

/// The airport and the typed street's town in one language: (airport, country, Aachen).
struct Words {
    airport: &'static str,
    country: &'static str,
    town: &'static str,
}

const NL: Words = Words { airport: "Luchthaven Düsseldorf", country: "Duitsland", town: "Aken" };
const DE: Words = Words { airport: "Flughafen Düsseldorf", country: "Deutschland", town: "Aachen" };

/// A JSON answer of the site.
async fn json_of(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    response.json().await.unwrap()
}

/// The form of a round trip chosen on the page in `lang`: from Düsseldorf airport (in that
/// language's words, as the list leaves them) to a street typed with its town mistyped
/// ("Aachn"), which the list offered as a street in Aachen.
async fn form_in(app: &TestApp, lang: &str, words: &Words) -> Value {
    let typed = form_encode("Hohe Straße 5 Aachn");
    let found = json_of(app, &format!("/api/place-suggestions?input={typed}&lang={lang}")).await;
    let street = found["suggestions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["id"].as_str().unwrap().starts_with("addr:"));
    let id = street.unwrap_or_else(|| panic!("a typed street: {found}"))["id"].as_str().unwrap().to_string();
    let details = json_of(app, &format!("/api/place-details/{}?lang={lang}", form_encode(&id))).await;
    let mut form = booking();
    form["departure"] = json!(format!("{}, Düsseldorf, {}", words.airport, words.country));
    form["departureName"] = json!(words.airport);
    form["departurePlaceId"] = json!("aDUS");
    form["pickupStreet"] = json!("");
    form["destination"] = details["formattedAddress"].clone();
    form["destinationName"] = details["displayName"].clone();
    form["destinationPlaceId"] = json!(id);
    form["returnDateTime"] =
        json!(format!("{}T20:00", form["dateTime"].as_str().unwrap().split('T').next().unwrap()));
    form
}

/// The one mail of `kind` (`staff-booking`, `customer-answer`, …).
async fn mail(desk: &Desk, kind: &str) -> Mail {
    desk.mails_of(kind, 1).await.remove(0)
}

/// Whether `text` names the places in `own` words and none of `other`'s.
fn names_in(text: &str, own: &Words, other: &Words, what: &str) {
    for word in [own.airport, own.country, own.town] {
        assert!(text.contains(word), "{what}: {word} missing in\n{text}");
    }
    for word in [other.airport, other.country, other.town] {
        assert!(!text.contains(word), "{what}: {word} is the other language's, in\n{text}");
    }
}

#[actix_web::test]
async fn each_page_and_mail_names_the_places_in_its_own_language() {
    // (staff language, booking language, the booking's words, the staff's words)
    for (staff, lang, own, theirs) in [("nl", "de", &DE, &NL), ("de", "nl", &NL, &DE)] {
        let desk = desk(staff).await;
        let form = form_in(&desk.app, lang, own).await;
        let response = desk.app.post_json(&format!("/api/reservation/{lang}"), &form).await;
        assert_eq!(response.status(), 200, "{staff}/{lang}");
        let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
        let reference = message[message.find("R-").unwrap()..][..8].to_string();

        // Staff read the places in their language: the mail and its calendar.
        let staff_mail = mail(&desk, "staff-booking").await;
        names_in(&staff_mail.flat, theirs, own, &format!("{staff}: the staff mail"));
        names_in(&staff_mail.ics, theirs, own, &format!("{staff}: the staff calendar"));

        // The customer's page in the booking's language: the owner's finding.
        let link = manage_link(&mail(&desk, "customer-booking").await);
        let page = desk.app.get(&link).await.text().await.unwrap();
        names_in(&page, own, theirs, &format!("{lang}: the manage page"));

        // Once staff confirmed, the customer's mail names the typed street with its town, in theirs.
        desk.answered(&reference, "confirm", &[("note", "")]).await;
        let answer = mail(&desk, "customer-answer").await;
        names_in(&answer.flat, own, theirs, &format!("{lang}: the customer's answer mail"));
        names_in(&answer.ics, own, theirs, &format!("{lang}: the customer's calendar"));
        assert!(answer.flat.contains(&format!("Hohe Straße 5, {}", own.town)), "{}", answer.flat);

        // Staff's answer page, in the staff language.
        let staff_page = desk.app.get(&desk.link(&reference, "confirm").await).await.text().await.unwrap();
        names_in(&staff_page, theirs, own, &format!("{staff}: the staff answer page"));
    }
}
