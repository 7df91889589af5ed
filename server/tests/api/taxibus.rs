//! The taxibus priced: above `booking.large_vehicle_above` (4) passengers the
//! price API (`?passengers=N`), the booking, its mails and the WhatsApp text
//! carry the configured surcharge on top of the rule's price, said in words;
//! an amount or a percentage, as the owner set it.
use serde_json::{json, Value};

use crate::{
    booking::{booking, percent_decode},
    staff_answers::desk_with,
};

/// Markt 1, Roermond → Schiphol: the fixed price, € 230.00 by car.
const ROUTE: &str = "/api/places/g2748000/aAMS?lang=en";

async fn price(app: &crate::helpers::TestApp, query: &str) -> Value {
    let response = app.get(&format!("{ROUTE}{query}")).await;
    assert_eq!(response.status(), 200, "{query}");
    response.json().await.unwrap()
}

#[actix_web::test]
async fn above_four_passengers_every_price_carries_the_taxibus_surcharge_in_words() {
    let desk = desk_with("en", "").await;
    let car = price(&desk.app, "").await;
    assert_eq!((car["amountCents"].as_i64(), car.get("taxibus")), (Some(23_000), None), "{car}");
    for query in ["&passengers=4", "&passengers=0", "&passengers=abc", "&passengers=-3", "&passengers=999"] {
        assert_eq!(price(&desk.app, query).await["amountCents"], 23_000, "{query}: a car's price");
    }
    let bus = price(&desk.app, "&passengers=6").await;
    assert_eq!(bus["amountCents"], 24_500, "{bus}");
    assert_eq!(bus["priceText"], "€ 245.00");
    assert_eq!(bus["taxibus"], json!({ "passengers": 6, "surchargeCents": 1500 }));
    assert_eq!(bus["rule"], "fixed", "the rule stays the rule");
    let words = bus["explanation"].as_str().unwrap();
    assert!(words.ends_with("Taxibus for 6 passengers: + € 15.00."), "{words}");
    // Each ride of a round trip alike.
    let both = price(&desk.app, "&passengers=5&return=true").await;
    assert_eq!(
        (both["amountCents"].as_i64(), both["back"]["taxibus"]["surchargeCents"].as_i64()),
        (Some(24_500), Some(1500))
    );
    let total = 24_500 + both["back"]["amountCents"].as_i64().unwrap();
    assert_eq!(both["totalText"], format!("€ {}.{:02}", total / 100, total % 100), "{both}");

    // A booking for six: stored with it, said in the staff mail and the customer's (Dutch).
    let mut body = booking();
    body["passengerAmount"] = json!("6");
    let response = desk.app.post_json("/api/reservation/nl", &body).await;
    assert_eq!(response.status(), 200);
    let staff = desk.mails_of("staff-booking", 1).await.remove(0);
    assert!(
        staff
            .flat
            .contains("€ 245.00 (fixed price to Schiphol Airport; taxibus for 6 passengers: + € 15.00)"),
        "{}",
        staff.flat
    );
    let customer = desk.mails_of("customer-booking", 1).await.remove(0);
    assert!(customer.flat.contains("taxibus voor 6 personen: + € 15,00"), "{}", customer.flat);

    // The WhatsApp text, in German.
    let body = json!({
        "name": "Gruppe", "passengerAmount": 7, "dateTime": body["dateTime"], "paymentMethod": "cash",
        "departure": "Roermond", "departurePlaceId": "g2748000", "destination": "Schiphol", "destinationPlaceId": "aAMS",
        "pickupStreet": "Markt 1"
    });
    let answer: Value = desk.app.post_json("/api/whatsappreservation/de", &body).await.json().await.unwrap();
    let text = percent_decode(answer["whatsappUrl"].as_str().unwrap());
    assert!(text.contains("245,00 €") && text.contains("Taxibus für 7 Personen: + 15,00 €"), "{text}");
}

#[actix_web::test]
async fn a_percentage_is_a_share_of_each_ride_rounded_to_the_cent() {
    let desk = desk_with("en", "[tariff]\ntaxibus_surcharge = \"25%\"\n").await;
    let bus = price(&desk.app, "&passengers=8").await;
    assert_eq!(bus["amountCents"], 28_750, "€ 230.00 + 25 %: {bus}");
    assert!(bus["explanation"].as_str().unwrap().ends_with("Taxibus for 8 passengers: + € 57.50."), "{bus}");
}

/// The prices page and every landing page show the taxibus's price beside the car's, in the
/// page's language; with no surcharge, neither says a word of it.
#[actix_web::test]
async fn the_prices_and_landing_pages_show_the_taxibus_price_beside_the_cars() {
    let desk = desk_with("en", "").await;
    let page = |path: &'static str| {
        let app = &desk.app;
        async move {
            let response = app.get(path).await;
            assert_eq!(response.status(), 200, "{path}");
            response.text().await.unwrap()
        }
    };
    let prices = page("/prices").await;
    assert!(prices.contains("Travelling with 5 to 8 passengers, a taxibus comes; every price on this page is then € 15.00 higher."), "{prices}");
    assert!(
        prices.contains("€ 230.00<span class=\"taxibus-price\">taxibus €\u{a0}245.00</span>"),
        "Schiphol's row"
    );
    let dutch = page("/tarieven").await;
    assert!(dutch.contains("taxibus €\u{a0}245,00") && dutch.contains("Reist u met 5 tot 8 personen"), "nl");
    let landing = page("/en/taxi-roermond-to-maastricht-aachen-airport-beek").await;
    assert!(
        landing.contains("With 5 to 8 passengers a taxibus comes; the fixed price is then € 85.00."),
        "{landing}"
    );

    let free = desk_with("en", "[tariff]\ntaxibus_surcharge = 0\n").await;
    let prices = free.app.get("/prices").await.text().await.unwrap();
    assert!(!prices.contains("taxibus"), "no surcharge, no taxibus prices");
}
