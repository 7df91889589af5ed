//! A stop on the way (`via` + `viaPlaceId`): priced by the trip's own rule plus
//! `tariff.extra_stop_cents` with 5 km of detour included and each further
//! kilometre at the metered rate, said in words; carried to the staff mail
//! (flagged in its subject), the customer's mail, the WhatsApp text and
//! book-again; a stop that names no place leaves the ride unpriced.
use serde_json::{json, Value};

use crate::{
    booking::{booking, percent_decode},
    manage_booking::manage_link,
    staff_answers::desk_with,
};

/// Markt 1, Roermond → Schiphol: € 230.00 fixed, 180.3 km direct (the gazetteer's estimate).
const ROUTE: &str = "/api/places/g2748000/aAMS?lang=en";
const SWALMEN: &str = "vnl-roermond-swalmen";
const WEERT: &str = "g2744911";

async fn price(app: &crate::helpers::TestApp, query: &str) -> Value {
    let response = app.get(&format!("{ROUTE}{query}")).await;
    assert_eq!(response.status(), 200, "{query}");
    response.json().await.unwrap()
}

#[actix_web::test]
async fn a_stop_adds_its_amount_and_the_detour_beyond_five_km_at_the_metered_rate() {
    let desk = desk_with("en", "").await;
    let near = price(&desk.app, &format!("&via={SWALMEN}")).await;
    assert_eq!(
        (near["amountCents"].as_i64(), near["rule"].as_str()),
        (Some(23_750), Some("fixed")),
        "{near}"
    );
    assert_eq!(near["stop"], json!({"surchargeCents": 750, "detourKm": 4.9, "metered": false}));
    assert_eq!(
        near["explanation"],
        "Fixed price to Schiphol Airport. With a stop on the way (4.9 km detour): + € 7.50."
    );
    // 6.5 km of detour: 1.5 km beyond at € 2.40, no cliff to the meter over both legs (€ 499.98).
    let further = price(&desk.app, &format!("&via={WEERT}")).await;
    assert_eq!(further["amountCents"], 23_000 + 750 + 360, "{further}");
    assert_eq!(further["priceText"], "€ 241.10");
    // The ride back is the direct route, without the stop (€ 230.00 + the € 5.00 pick-up surcharge).
    let both = price(&desk.app, &format!("&via={WEERT}&return=true")).await;
    assert_eq!(
        (both["back"]["amountCents"].as_i64(), both["back"].get("stop")),
        (Some(23_500), None),
        "{both}"
    );
    assert_eq!(both["totalText"], "€ 476.10");
    let unknown = desk.app.get(&format!("{ROUTE}&via=gNOWHERE")).await;
    assert_eq!(unknown.status(), 404, "a stop that is no place is refused, not ignored");
}

#[actix_web::test]
async fn the_stop_reaches_staff_the_customer_whatsapp_and_book_again() {
    let desk = desk_with("en", "").await;
    let mut body = booking();
    (body["via"], body["viaPlaceId"]) = (json!("Weert, Nederland"), json!(WEERT));
    // The town chosen from the list, its street beside it: book-again can price it.
    (body["departure"], body["departureName"]) = (json!("Roermond"), json!("Roermond"));
    let response = desk.app.post_json("/api/reservation/en", &body).await;
    assert_eq!(response.status(), 200);
    let staff = desk.mails_of("staff-booking", 1).await.remove(0);
    assert!(staff.subject.contains("· stop"), "{}", staff.subject);
    assert!(staff.flat.contains("Stop on the way: Weert"), "{}", staff.flat);
    assert!(
        staff.flat.contains(
            "€ 241.10 (fixed price to Schiphol Airport; with a stop on the way (6.5 km detour): + € 11.10)"
        ),
        "{}",
        staff.flat
    );
    let title = staff.ics.lines().find(|l| l.starts_with("SUMMARY")).unwrap().to_string();
    assert!(title.ends_with("[stop]"), "{title}");
    let customer = desk.mails_of("customer-booking", 1).await.remove(0);
    assert!(
        customer.flat.contains("Stop on the way: Weert"),
        "a listed place, in its provider's words: {}",
        customer.flat
    );

    let manage = desk.app.get(&manage_link(&customer)).await.text().await.unwrap();
    let repeat = |marker: &str| {
        let at = manage.find(marker).expect("a repeat link");
        let href = &manage[manage[..at].rfind("href=\"").unwrap() + 6..];
        href[..href.find('"').unwrap()].replace("&amp;", "&")
    };
    let again = desk.app.get(&repeat("repeat=again")).await.text().await.unwrap();
    let values = crate::funnel::props(&again)["form"]["values"].clone();
    assert_eq!(values["viaPlaceId"], WEERT, "the same ride, via the same stop: {values}");
    let again_price = &crate::funnel::props(&again)["form"]["price"];
    assert_eq!(
        again_price["priceText"], "€ 241.10",
        "priced with the stop, as the form will ask: {again_price}"
    );
    let back = desk.app.get(&repeat("repeat=back")).await.text().await.unwrap();
    assert_eq!(crate::funnel::props(&back)["form"]["values"].get("via"), None, "the way back is direct");

    body["passengerAmount"] = json!("2");
    let answer: Value = desk.app.post_json("/api/whatsappreservation/de", &body).await.json().await.unwrap();
    let text = percent_decode(answer["whatsappUrl"].as_str().unwrap());
    assert!(text.contains("Zwischenstopp: Weert"), "{text}");
    assert!(text.contains("241,10 €"), "{text}");
}

#[actix_web::test]
async fn a_stop_that_names_no_place_leaves_the_ride_unpriced_never_priced_without_it() {
    let desk = desk_with("en", "").await;
    let mut body = booking();
    body["via"] = json!("Nergenshuizen 12");
    let response = desk.app.post_json("/api/reservation/en", &body).await;
    assert_eq!(response.status(), 200);
    let staff = desk.mails_of("staff-booking", 1).await.remove(0);
    assert!(staff.flat.contains("Stop on the way: Nergenshuizen 12"), "{}", staff.flat);
    assert!(!staff.flat.contains("€ 230.00"), "not the price without the stop: {}", staff.flat);
    let customer = desk.mails_of("customer-booking", 1).await.remove(0);
    assert!(!customer.text.contains("Nergenshuizen"), "typed words stay out of the customer's mail");
}

/// Without JavaScript the price button posts the form: a stop whose text may mean several
/// places is asked like an end (radio buttons under it); the answer prices the trip with it.
#[actix_web::test]
async fn without_javascript_a_stop_is_asked_like_an_end_and_then_priced() {
    let desk = desk_with("en", "").await;
    let form = |via: &str, via_id: &str| {
        format!(
            "mode=mail&action=price&departure=Roermond&departurePlaceId=g2748000&pickupStreet=Markt+1\
             &destination=Schiphol&destinationPlaceId=aAMS&via={via}&viaPlaceId={via_id}"
        )
    };
    let post = |body: String| desk.app.post_raw("/reservation", "application/x-www-form-urlencoded", body);
    // Text naming one place in full is that place: priced at once.
    let html = post(form("Weert", "")).await.text().await.unwrap();
    assert!(html.contains("€ 241.10"), "priced with the stop");
    let html = post(form("Duesseldorf", "")).await.text().await.unwrap();
    let choices = crate::funnel::props(&html)["form"]["choices"]["via"].clone();
    let list = choices.as_array().expect("a question for the stop");
    let ids: Vec<&str> = list.iter().filter_map(|c| c["id"].as_str()).collect();
    assert!(ids.contains(&"g2934246"), "{choices}");
    assert!(html.contains("name=\"viaPlaceId\" value=\"g2934246\""), "asked with radio buttons");
    let html = post(form("Duesseldorf", "g2934246")).await.text().await.unwrap();
    assert!(
        html.contains("both legs metered") || html.contains("With a stop on the way"),
        "priced once chosen"
    );
}
