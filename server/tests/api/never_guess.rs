//! Typed text is never priced as another place: a town with an airport of its
//! name is a question for the visitor, a name in full is that place, and text
//! sent without a choice goes to staff unpriced.
use serde_json::{json, Value};

use crate::booking::booking;
use crate::funnel::props;
use crate::helpers::{form_encode, spawn_app};

/// The reservation page opened from the route box, as its form arrives.
async fn opened(app: &crate::helpers::TestApp, path: &str, from: &str, to: &str) -> (Value, String) {
    let html = app.html(&format!("{path}?from={}&to={}", form_encode(from), form_encode(to))).await;
    (props(&html)["form"].clone(), html)
}

fn kinds(choices: &Value) -> Vec<&str> {
    choices.as_array().unwrap().iter().map(|c| c["kind"].as_str().unwrap_or("?")).collect()
}

#[actix_web::test]
async fn a_town_with_an_airport_of_its_name_opens_as_a_question_without_a_price() {
    let app = spawn_app().await;
    let cases = [
        ("/reserveren", "Düsseldorf", "Welke plaats bedoelt u?", "(plaats)"),
        ("/reserveren", "Keulen", "Welke plaats bedoelt u?", "(plaats)"),
        ("/reservieren", "Köln", "Welchen Ort meinen Sie?", "(Ort)"),
        ("/reservation", "Cologne", "Which place do you mean?", "(town)"),
        ("/reserveren", "Eindhoven", "Welke plaats bedoelt u?", "(plaats)"),
        ("/reservieren", "Weeze", "Welchen Ort meinen Sie?", "(Ort)"),
        ("/reservation", "Dusseldorf", "Which place do you mean?", "(town)"),
    ];
    for (path, to, question, town) in cases {
        let (form, html) = opened(&app, path, "Roermond", to).await;
        assert!(form.get("price").is_none(), "{to}: no price before the choice: {form}");
        assert_eq!(form["values"]["destination"], to, "the text stays as typed");
        assert!(form["values"].get("destinationPlaceId").is_none(), "{to}: nothing chosen for the visitor");
        assert!(form["errors"].as_object().unwrap().is_empty(), "{to}: a question, not an error");
        let choices = &form["choices"]["destination"];
        let kinds = kinds(choices);
        assert_eq!(kinds[0], "locality", "{to}: the town first: {choices}");
        assert!(kinds.contains(&"airport"), "{to}: and its airport: {choices}");
        // Server-rendered, so it works without JavaScript: radio buttons carrying the ids.
        assert!(html.contains(question), "{path} {to}");
        assert!(html.contains(town), "{path} {to}: the town is marked as the town");
        for choice in choices.as_array().unwrap() {
            let radio = format!(
                r#"type="radio" name="destinationPlaceId" value="{}""#,
                choice["id"].as_str().unwrap()
            );
            assert!(html.contains(&radio), "{to}: {radio}");
        }
        assert!(!html.contains(r#"type="hidden" name="destinationPlaceId""#), "{to}: one field of that name");
        // The departure named in full is filled in as before.
        assert_eq!(form["values"]["departurePlaceId"], "g2748000");
    }
    // Two towns and an airport start with "Frankfurt": a question too.
    let (form, _) = opened(&app, "/reservieren", "Roermond", "Frankfurt").await;
    assert!(form.get("price").is_none());
    assert!(form["choices"]["destination"].as_array().unwrap().len() >= 2, "{form}");
}

#[actix_web::test]
async fn a_name_in_full_is_that_place_and_priced_as_it() {
    let app = spawn_app().await;
    for (path, to, price) in [
        ("/reserveren", "Luchthaven Düsseldorf", "€ 100,00"),
        ("/reservieren", "Flughafen Düsseldorf", "100,00 €"),
        ("/reservation", "Düsseldorf Airport", "€ 100.00"),
        ("/reserveren", "Eindhoven Airport", "€ 100,00"),
    ] {
        let (form, _) = opened(&app, path, "Roermond", to).await;
        assert_eq!(form["price"]["priceText"], price, "{to}: {form}");
        assert!(form.get("choices").is_none(), "{to}");
    }
    // The city itself, as the prices page links it (`toKind`): priced as the city.
    let html = app.html("/reservation?to=Bonn&toKind=locality&from=Roermond").await;
    let form = &props(&html)["form"];
    assert!(form["values"]["destinationPlaceId"].as_str().unwrap().starts_with('g'), "{form}");
    assert!(form["price"]["explanation"].as_str().unwrap().contains("Bonn"), "{form}");
}

#[actix_web::test]
async fn a_booking_with_text_that_may_mean_two_places_reaches_staff_unpriced() {
    let app = spawn_app().await;
    let mut typed = booking();
    typed["destinationPlaceId"] = Value::Null;
    typed["destination"] = json!("Düsseldorf");
    typed["destinationName"] = json!("Düsseldorf");
    assert_eq!(app.post_json("/api/reservation/nl", &typed).await.status(), 200);
    let mails = app.mails(2).await;
    for mail in &mails {
        assert!(mail.contains("Geen prijsindicatie"), "{mail}");
        assert!(!mail.contains("100,00"), "not the airport's price: {mail}");
    }

    let body = json!({
        "name": "Jan", "passengerAmount": 2, "dateTime": crate::booking::in_two_days(),
        "departure": "Roermond", "departurePlaceId": "g2748000", "pickupStreet": "Markt 1", "destination": "Köln"
    });
    let answer: Value = app.post_json("/api/whatsappreservation/de", &body).await.json().await.unwrap();
    let url = answer["whatsappUrl"].as_str().unwrap();
    assert!(url.contains("K%C3%B6ln") && !url.contains("%E2%82%AC"), "the text as typed, no amount: {url}");
}

#[actix_web::test]
async fn without_javascript_the_price_button_asks_first_then_prices_the_choice() {
    let app = spawn_app().await;
    let post = |destination_id: &str| {
        let body = format!(
            "mode=mail&action=price&departure=Roermond&departurePlaceId=g2748000&destination=D%C3%BCsseldorf&destinationPlaceId={destination_id}"
        );
        app.post_raw("/reservation", "application/x-www-form-urlencoded", body)
    };
    let html = post("").await.text().await.unwrap();
    let form = &props(&html)["form"];
    assert!(form.get("price").is_none());
    assert_eq!(form["errorMessage"], "First choose which place you mean, then we show the price.");
    let airport = form["choices"]["destination"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["kind"] == "airport")
        .expect("the airport is offered")["id"]
        .as_str()
        .unwrap()
        .to_string();
    let html = post(&airport).await.text().await.unwrap();
    let form = &props(&html)["form"];
    assert_eq!(form["price"]["priceText"], "€ 100.00", "{form}");
}

#[actix_web::test]
async fn the_price_api_adds_the_ride_back_and_the_total_when_asked() {
    let app = spawn_app().await;
    let answer: Value = app.get("/api/places/g2748000/aAMS?lang=nl&return=true").await.json().await.unwrap();
    assert_eq!(answer["priceText"], "€ 230,00");
    assert_eq!(answer["back"]["priceText"], "€ 235,00", "the reversed route, its own price");
    assert_eq!(answer["totalText"], "€ 465,00");
    let one_way: Value = app.get("/api/places/g2748000/aAMS?lang=nl").await.json().await.unwrap();
    assert!(one_way.get("back").is_none() && one_way.get("totalText").is_none());
    assert_eq!(app.get("/api/places/g2748000/aAMS?lang=nl&return=maybe").await.status(), 400);
}

#[actix_web::test]
async fn without_javascript_typed_places_priced_are_shown_with_their_price() {
    // The price is shown for the route the fields hold: text naming one place in
    // full comes back as that place, so the page draws the price it was asked for
    // (it used to carry the price in its data but draw none).
    let app = spawn_app().await;
    let body = "mode=mail&action=price&departure=Roermond&destination=Donderberg";
    let html =
        app.post_raw("/reserveren", "application/x-www-form-urlencoded", body).await.text().await.unwrap();
    let form = &props(&html)["form"];
    let values = &form["values"];
    assert_eq!(
        (values["departurePlaceId"].as_str(), values["destinationPlaceId"].as_str()),
        (Some("g2748000"), Some("d:donderberg")),
        "{form}"
    );
    assert_eq!(values["destination"], "Donderberg, Roermond, Nederland");
    assert!(form["price"]["priceText"].as_str().is_some_and(|p| p.starts_with("€ ")), "{form}");
    assert!(html.contains("class=\"price-box\""), "the price drawn on the page");
}

#[actix_web::test]
async fn a_belgian_postcode_with_its_town_is_a_question_not_a_dutch_area_far_away() {
    let app = spawn_app().await;
    // 3545 is Halen in Belgian Limburg, and a part of Utrecht, 100 km north.
    let (form, html) = opened(&app, "/reservation", "Roermond", "3545 Halen").await;
    assert!(form.get("price").is_none(), "no price for either: {form}");
    assert!(form["values"].get("destinationPlaceId").is_none(), "nothing chosen: {form}");
    let choices = form["choices"]["destination"].as_array().unwrap();
    let names: Vec<&str> = choices.iter().map(|c| c["mainText"].as_str().unwrap_or("")).collect();
    assert!(names.contains(&"Halen") && names.contains(&"3545 Utrecht"), "both offered: {names:?}");
    assert!(html.contains("Which place do you mean?"));
    // Beside its own town (here the town itself is named in full) it is priced at once, as before.
    let (form, _) = opened(&app, "/reservation", "Roermond", "3511 Utrecht").await;
    assert!(form["values"]["destinationPlaceId"].is_string(), "{form}");
    assert!(form.get("price").is_some(), "{form}");
}

#[actix_web::test]
async fn a_place_named_in_full_or_alone_opens_priced_without_a_question() {
    // Issue 55 item 6: "Roermond Outlet" asked a question with one option,
    // "Düsseldorf Flughafen" and "Flughafen Köln" one with the airport's station.
    let app = spawn_app().await;
    for (path, from, to, price) in [
        ("/reserveren", "Roermond Outlet", "Düsseldorf Flughafen", "€ 100,00"),
        ("/reservieren", "Roermond", "Flughafen Köln", "155,00 €"),
        ("/reservieren", "Roermond", "Köln/Bonn Flughafen", "155,00 €"),
        ("/reservation", "Laurentius", "Eindhoven Airport", "€ 100.00"),
    ] {
        let (form, _) = opened(&app, path, from, to).await;
        assert!(form.get("choices").is_none(), "{from} → {to}: no question: {form}");
        assert_eq!(form["price"]["priceText"], price, "{from} → {to}: {form}");
    }
    let (form, _) = opened(&app, "/reservieren", "Roermond", "Düsseldorf Flughafen").await;
    assert_eq!(form["values"]["destinationPlaceId"], "aDUS", "the airport, not its station: {form}");
    let (form, _) = opened(&app, "/reserveren", "Roermond Outlet", "Venlo").await;
    assert_eq!(form["values"]["departurePlaceId"], "f:outlet", "{form}");
}

#[actix_web::test]
async fn far_places_are_found_by_name_and_unknown_ones_never_as_a_namesake() {
    // Issue 55 item 2: "Hamburg" offered Homburg, "Berlin" Berlingen.
    let app = spawn_app().await;
    let (form, _) = opened(&app, "/reservieren", "Roermond", "Hamburg").await;
    let names: Vec<&str> = form["choices"]["destination"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["mainText"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["Hamburg", "Flughafen Hamburg"], "the town and its airport: {form}");
    for (path, to, id) in [
        ("/reservation", "Munich Airport", "aMUC"),
        ("/reserveren", "Luchthaven Berlijn Brandenburg", "aBER"),
        ("/reservieren", "Stuttgart Hbf", "s8000096"),
        ("/reserveren", "Doornik", "g2785341"),
    ] {
        let (form, _) = opened(&app, path, "Roermond", to).await;
        assert_eq!(form["values"]["destinationPlaceId"], id, "{to}: {form}");
        assert_eq!(form["price"]["rule"], "metered", "{to}: beyond the fixed prices, metered: {form}");
    }
    // Too small to be in the data, too far to be the company's: the note, never a namesake.
    let (form, _) = opened(&app, "/reservieren", "Roermond", "Berchtesgaden").await;
    assert!(form.get("price").is_none() && form.get("choices").is_none(), "{form}");
    assert_eq!(form["errors"]["destination"], "Wir konnten diesen Ort nicht finden. Geben Sie Straße und Hausnummer, einen Ort, Bahnhof oder eine Postleitzahl ein und wählen Sie aus der Liste – oder rufen Sie +31 475 00 00 00 an.");
}

#[actix_web::test]
async fn a_street_with_its_town_typed_with_one_error_is_offered_never_guessed() {
    // Issue 55 item 3: "Hamstraat 12 Roermnd" found nothing.
    let app = spawn_app().await;
    let (form, _) = opened(&app, "/reserveren", "Hamstraat 12 Roermnd", "Düsseldorf Flughafen").await;
    assert!(form.get("price").is_none(), "a typing error is confirmed, not priced: {form}");
    let first = &form["choices"]["departure"][0];
    assert_eq!((first["mainText"].as_str(), first["kind"].as_str()), (Some("Hamstraat 12"), Some("address")));
    assert_eq!(first["secondaryText"], "Roermond, Limburg, Nederland");
    assert_eq!(first["approximate"], true);
    // Chosen, it is priced as a street of Roermond.
    let id = first["id"].as_str().unwrap();
    let answer: Value = app.get(&format!("/api/places/{id}/aDUS?lang=nl")).await.json().await.unwrap();
    assert_eq!(answer["priceText"], "€ 100,00", "{answer}");
    let details: Value = app.get(&format!("/api/place-details/{id}?lang=nl")).await.json().await.unwrap();
    assert_eq!(details["formattedAddress"], "Hamstraat 12, Roermond");
}
