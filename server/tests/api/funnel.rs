//! The booking funnel: the reservation page opened with a route (`?from=&to=`),
//! and the extras of a booking (street for a whole-town pick-up, flight number,
//! remarks, return ride, larger vehicle) through validation, mails, .ics and WhatsApp.
use mail_parser::{MessageParser, MimeHeaders};
use serde_json::{json, Value};

use crate::{
    booking::{booking, in_two_days, percent_decode},
    helpers::{between, header, spawn_app, TestApp},
};

/// A mail as a reader sees it: headers, the text part and the attachments, decoded.
pub(crate) fn readable(raw: &str) -> String {
    let msg = MessageParser::default().parse(raw.as_bytes()).expect("a mail");
    let mut out = format!(
        "Subject: {}\nTo: {:?}\n{}",
        msg.subject().unwrap_or(""),
        msg.to(),
        msg.body_text(0).unwrap_or_default()
    );
    for attachment in msg.attachments() {
        out.push_str(&format!("\n--- {}\n", attachment.attachment_name().unwrap_or("?")));
        out.push_str(&String::from_utf8_lossy(attachment.contents()));
    }
    out
}

async fn staff_and_customer(app: &TestApp) -> (String, String) {
    let mails = app.mails(2).await;
    let staff = mails
        .iter()
        .find(|m| m.contains("planning@taxiroermond.example"))
        .map(|m| readable(m))
        .expect("staff mail");
    let customer =
        mails.iter().find(|m| !m.contains("To: planning@")).map(|m| readable(m)).expect("customer mail");
    (staff, customer)
}

fn in_days(days: i64, time: &str) -> String {
    let day = jiff::Zoned::now().date().checked_add(jiff::Span::new().days(days)).unwrap();
    format!("{day}T{time}")
}

#[actix_web::test]
async fn each_extra_is_checked_with_a_message_in_the_pages_language() {
    let app = spawn_app().await;
    let expected = [
        (
            "nl",
            [
                "Vul een vluchtnummer in zoals KL1234 of HV 5432.",
                "Vul de straat en het huisnummer in waar we u ophalen.",
                "Gebruik maximaal 500 tekens.",
                "Kies een tijd voor de terugrit na de ophaaltijd.",
            ],
        ),
        (
            "de",
            [
                "Bitte geben Sie eine Flugnummer wie KL1234 oder HV 5432 ein.",
                "Bitte geben Sie Straße und Hausnummer ein, wo wir Sie abholen.",
                "Bitte verwenden Sie höchstens 500 Zeichen.",
                "Bitte wählen Sie für die Rückfahrt eine Zeit nach der Abholzeit.",
            ],
        ),
        (
            "en",
            [
                "Enter a flight number like KL1234 or HV 5432.",
                "Enter the street and house number where we pick you up.",
                "Use at most 500 characters.",
                "Choose a return time after the pick-up time.",
            ],
        ),
    ];
    for (lang, [flight, street, remarks, back]) in expected {
        for path in [format!("/api/reservation/{lang}"), format!("/api/whatsappreservation/{lang}")] {
            let mut bad = booking();
            bad["flightNumber"] = json!("12345");
            bad["pickupStreet"] = json!("  ");
            bad["remarks"] = json!("x".repeat(501));
            bad["returnDateTime"] = bad["dateTime"].clone();
            let response = app.post_json(&path, &bad).await;
            assert_eq!(response.status(), 400, "{path}");
            let body: Value = response.json().await.unwrap();
            let errors = &body["errors"];
            assert_eq!(errors["flightNumber"], flight, "{path}");
            assert_eq!(errors["pickupStreet"], street, "{path}");
            assert_eq!(errors["remarks"], remarks, "{path}");
            assert_eq!(errors["returnDateTime"], back, "{path}");
            assert_eq!(errors.as_object().unwrap().len(), 4, "{path}: {errors}");
        }
    }
    // Other refusals: an impossible return time, a flight number smuggling a header,
    // a return beyond the horizon, the wrong types.
    for (field, value) in [
        ("returnDateTime", json!("morgen")),
        ("returnDateTime", json!(in_days(400, "10:00"))),
        ("flightNumber", json!("KL1\r\nBcc: evil@example.com")),
        ("flightNumber", json!(["KL1234"])),
        ("remarks", json!({"a": 1})),
        ("pickupStreet", json!("x".repeat(101))),
    ] {
        let mut bad = booking();
        bad[field] = value.clone();
        let response = app.post_json("/api/reservation/en", &bad).await;
        assert_eq!(response.status(), 400, "{field}={value}");
        let body: Value = response.json().await.unwrap();
        assert!(body["errors"][field].is_string(), "{field}={value}: {body}");
        assert!(!body["errors"][field].as_str().unwrap().contains("{{"), "placeholders filled: {body}");
    }
    // A street is needed only for a whole town: an airport or typed address needs none.
    for (from, id) in [("Luchthaven Schiphol", "aAMS"), ("Markt 1, Roermond", "")] {
        let mut ok = booking();
        ok["pickupStreet"] = json!("");
        ok["departure"] = json!(from);
        ok["departurePlaceId"] = json!(id);
        ok["destination"] = json!("Venlo");
        ok["destinationPlaceId"] = json!("g2745641");
        assert_eq!(app.post_json("/api/reservation/en", &ok).await.status(), 200, "{from}");
    }
    // A whole town typed and sent without choosing it from the list needs its street too,
    // by mail and by WhatsApp.
    for path in ["/api/reservation/en", "/api/whatsappreservation/en"] {
        let mut town = booking();
        (town["departure"], town["departurePlaceId"], town["pickupStreet"]) =
            (json!("Roermond"), json!(""), json!(""));
        let response = app.post_json(path, &town).await;
        assert_eq!(response.status(), 400, "{path}");
        let body: Value = response.json().await.unwrap();
        assert_eq!(
            body["errors"]["pickupStreet"], "Enter the street and house number where we pick you up.",
            "{body}"
        );
        town["pickupStreet"] = json!("Markt 1");
        town["email"] = json!("town@example.nl");
        assert_eq!(app.post_json(path, &town).await.status(), 200, "{path} with its street");
    }
}

#[actix_web::test]
async fn a_booking_with_extras_reaches_staff_and_customer_and_their_calendars() {
    let app = spawn_app().await;
    let mut body = booking();
    body["passengerAmount"] = json!("6");
    body["pickupStreet"] = json!("Markt 1\r\nBcc: evil@example.com");
    body["flightNumber"] = json!("kl 1234");
    body["returnDateTime"] = json!(in_days(5, "18:45"));
    body["remarks"] = json!("Kinderzitje voor 3 jaar\nRolstoel\u{7} mee");
    let response = app.post_json("/api/reservation/nl", &body).await;
    assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    let (staff, customer) = staff_and_customer(&app).await;

    for part in [
        "Markt 1 Bcc: evil@example.com",
        "Terugrit",
        "Luchthaven Schiphol → Markt 1",
        "Prijs terugrit",
        "Kinderzitje voor 3 jaar\nRolstoel mee",
        "6 personen: stuur een grotere auto (taxibus).",
    ] {
        assert!(staff.contains(part), "staff mail has {part:?}:\n{staff}");
    }
    assert!(!staff.lines().any(|l| l.starts_with("Bcc:")), "no header injection");
    // A flight the taxi brings you to: no "the landing time is the pick-up time" here.
    let flight = staff.lines().find(|l| l.starts_with("Vlucht:")).expect("the flight line");
    assert!(flight.trim_end().ends_with("KL1234"), "{flight}");
    // The return ride is its own ride, priced on the reversed route: fixed price plus the pick-up
    // surcharge, and for six the taxibus's.
    let back_price = staff.lines().find(|l| l.starts_with("Prijs terugrit")).unwrap();
    assert!(back_price.contains("€ 250,00") && back_price.contains("ophaaltoeslag"), "{back_price}");
    assert!(back_price.contains("taxibus voor 6 personen: + € 15,00"), "{back_price}");
    let ics = staff.split("\n--- ").nth(1).expect("a calendar attachment");
    assert_eq!(ics.matches("BEGIN:VEVENT").count(), 2, "{ics}");
    assert!(ics.contains("terugrit"), "{ics}");

    // The customer sees the flight and the return ride, never the typed street or remarks.
    for part in ["KL1234", "Terugrit", "Prijs terugrit"] {
        assert!(customer.contains(part), "customer mail has {part:?}:\n{customer}");
    }
    for absent in ["Markt 1", "Kinderzitje", "Rolstoel", "evil@"] {
        assert!(!customer.contains(absent), "customer mail must not repeat {absent:?}:\n{customer}");
    }
    assert_eq!(customer.matches("BEGIN:VEVENT").count(), 2);
}

#[actix_web::test]
async fn a_flight_the_taxi_meets_is_marked_so_for_the_customer_too() {
    let app = spawn_app().await;
    let mut body = booking();
    (body["departure"], body["departurePlaceId"]) = (json!("Luchthaven Schiphol"), json!("aAMS"));
    (body["destination"], body["destinationPlaceId"]) = (json!("Venlo"), json!("g2745641"));
    body["flightNumber"] = json!("HV5432");
    assert_eq!(app.post_json("/api/reservation/nl", &body).await.status(), 200);
    let (staff, customer) = staff_and_customer(&app).await;
    for mail in [&staff, &customer] {
        assert!(mail.contains("HV5432 (de landingstijd is de ophaaltijd)"), "{mail}");
    }
}

#[actix_web::test]
async fn the_whatsapp_text_carries_the_extras() {
    let app = spawn_app().await;
    let body = json!({
        "name": "Eva", "passengerAmount": 5, "dateTime": in_two_days(), "returnDateTime": in_days(4, "09:15"),
        "departure": "Luchthaven Schiphol", "departurePlaceId": "aAMS", "destination": "Roermond", "destinationPlaceId": "g2748000",
        "flightNumber": "HV-5432", "remarks": "2 koffers"
    });
    let response = app.post_json("/api/whatsappreservation/en", &body).await;
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    let url = answer["whatsappUrl"].as_str().unwrap();
    let decoded = percent_decode(url.split_once("?text=").unwrap().1);
    for part in [
        // Labelled as the mails are, never with the form's "(optional)".
        "Flight: HV5432 (the landing time is the pick-up time)",
        "Return ride: ",
        "09:15",
        "Price indication return ride: € 2",
        "Larger vehicle needed (taxi van).",
        "Remarks: 2 koffers",
    ] {
        assert!(decoded.contains(part), "{part:?} in {decoded}");
    }
    assert!(!decoded.contains("(optional)"), "{decoded}");
}

/// The hydration data of a page: its props.
pub(crate) fn props(html: &str) -> Value {
    let data =
        between(html, "<script type=\"application/json\" id=\"page-data\">", "</script>").expect("page data");
    serde_json::from_str(data).expect("props parse")
}

#[actix_web::test]
async fn the_reservation_page_opened_with_a_route_arrives_filled_in_and_priced() {
    let app = spawn_app().await;
    for (path, price) in [("/reserveren", "230,00"), ("/reservieren", "230,00"), ("/reservation", "230.00")] {
        let response = app.get(&format!("{path}?from=Roermond&to=Schiphol")).await;
        assert_eq!(response.status(), 200);
        assert_eq!(header(&response, "cache-control"), "no-cache");
        let html = response.text().await.unwrap();
        let form = &props(&html)["form"];
        assert_eq!(form["values"]["departurePlaceId"], "g2748000", "{path}: {form}");
        assert_eq!(form["values"]["destinationPlaceId"], "aAMS", "{path}: {form}");
        assert!(form["price"]["priceText"].as_str().unwrap().contains(price), "{path}: {form}");
        // Server-rendered: the price and the filled fields are in the HTML itself.
        assert!(html.contains(price) && html.contains("value=\"aAMS\""), "{path}");
    }
    // Only a destination: filled, no price; text that finds nothing stays, with a message.
    let html = app.html("/reservation?to=Schiphol&mode=whatsapp").await;
    let p = props(&html);
    assert_eq!(p["reservationMode"], "whatsapp");
    assert_eq!(p["form"]["values"]["destinationPlaceId"], "aAMS");
    assert!(p["form"].get("price").is_none());
    let html = app.html("/reservation?from=Xyzzy%20Nowhere&to=Weeze").await;
    let p = props(&html);
    assert_eq!(p["form"]["values"]["departure"], "Xyzzy Nowhere");
    assert_eq!(
        p["form"]["errors"]["departure"],
        "We could not find this place. Type a street and house number, or a town, station or postcode, and choose from the list; or call +31 475 00 00 00."
    );
    assert!(html.contains("value=\"Xyzzy Nowhere\""));
}

#[actix_web::test]
async fn a_route_in_the_query_never_reaches_the_page_cache() {
    let app = spawn_app().await;
    let plain = app.html("/reservation").await;
    assert!(props(&plain).get("form").is_none());
    // Hostile queries: very long, control characters, many distinct ones; each is
    // rendered for its request and forgotten.
    let long = "Schiphol".repeat(2000);
    for query in [
        format!("to={long}"),
        "from=%00%0d%0aSet-Cookie:x&to=%E2%80%AE".into(),
        "to=".into(),
        "from=%20&to=%20".into(),
    ] {
        let response = app.get(&format!("/reservation?{query}")).await;
        assert_eq!(response.status(), 200, "{query}");
        assert!(!header(&response, "set-cookie").contains("Set-Cookie:x"));
        let html = response.text().await.unwrap();
        assert!(!html.contains(&long), "long input cut");
    }
    for n in 0..30 {
        assert_eq!(app.get(&format!("/reservation?to=Venlo{n}")).await.status(), 200);
    }
    assert_eq!(app.html("/reservation").await, plain, "the cached page is unchanged");
    let empty_query = app.html("/reservation?from=&to=").await;
    assert!(props(&empty_query).get("form").is_none(), "empty fields: the cached page");
}

#[actix_web::test]
async fn every_fixed_price_row_links_to_the_reservation_page_with_its_destination() {
    let app = spawn_app().await;
    for (prices, reservation) in
        [("/tarieven", "/reserveren"), ("/tarife", "/reservieren"), ("/prices", "/reservation")]
    {
        let html = app.html(prices).await;
        let prefix = format!(" href=\"{reservation}?to=");
        let links: Vec<&str> =
            html.split(&prefix).skip(1).map(|rest| rest.split('"').next().unwrap()).collect();
        assert_eq!(links.len(), 11, "{prices}: one link per fixed price");
        for to in links {
            // Opened at the price: "Bonn" with `toKind=locality` is the city, not Köln/Bonn airport.
            let to = to.strip_suffix("#price").expect("opened at the price");
            let page = app.html(&format!("{reservation}?to={}", to.replace("&amp;", "&"))).await;
            let form = &props(&page)["form"];
            assert!(
                form["values"]["destinationPlaceId"].as_str().is_some_and(|id| !id.is_empty()),
                "{prices} → {to}: {form}"
            );
            assert!(form["errors"].as_object().unwrap().is_empty(), "{prices} → {to}: {form}");
        }
    }
}

#[actix_web::test]
async fn a_page_opened_with_a_route_counts_as_a_look_up() {
    let app = crate::helpers::spawn_app_with(crate::helpers::AppOptions {
        config_toml: Some("[limits]\nrate_limit_per_minute = 0\nlookup_rate_limit_per_minute = 3\n".into()),
        ..Default::default()
    })
    .await;
    for n in 0..3 {
        assert_eq!(app.get(&format!("/reservation?to=Venlo{n}")).await.status(), 200);
    }
    let response = app.get("/reservation?from=Roermond").await;
    assert_eq!(response.status(), 429, "the look-up budget is spent");
    assert!(!header(&response, "retry-after").is_empty());
    // The plain page costs no look-up.
    assert_eq!(app.get("/reservation").await.status(), 200);
    assert_eq!(app.get("/reservation?mode=whatsapp&to=").await.status(), 200);
}

#[actix_web::test]
async fn without_javascript_the_price_button_also_prices_the_return_ride() {
    let app = spawn_app().await;
    let body = format!(
        "mode=mail&action=price&departure=Roermond&departurePlaceId=g2748000&destination=Schiphol&destinationPlaceId=aAMS&returnDateTime={}",
        in_days(6, "18:00")
    );
    let response = app.post_raw("/reservation", "application/x-www-form-urlencoded", body).await;
    assert_eq!(response.status(), 200);
    let html = response.text().await.unwrap();
    let form = &props(&html)["form"];
    assert_eq!(form["price"]["priceText"], "€ 230.00");
    assert_eq!(form["returnPrice"]["priceText"], "€ 235.00", "the reversed route, priced as its own ride");
    assert!(html.contains("Price indication return ride"), "shown on the page");
    assert_eq!(form["totalText"], "€ 465.00", "both rides together");
    assert!(html.contains("Total, there and back"));
}
