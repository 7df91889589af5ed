//! A stop on the way priced with Google's routes when the route of ONE leg
//! fails (HTTP 500, a body that is not Google's, no route, no answer within
//! `google.timeout_ms`): the price API answers without a price (never the
//! direct route's, never a 500), and a booking with that stop goes out
//! unpriced for staff to price, never priced as the direct route or one leg.
//! A leg refused by Google's call budget: all the ride's routes from the gazetteer.
use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::{
    booking::booking,
    desk::{desk_on_google, Desk},
    fake_google::{place_id, FakeGoogle, Fault},
};

const FROM: &str = "Roermond";
const TO: &str = "Venlo";
/// A stop whose routes all answer: the control that the fake prices stops.
const GOOD_STOP: &str = "Echt";
/// Each call to the fake bounded by this (one retry within twice it).
const TIMEOUT_MS: u32 = 400;

/// The faults of a leg, each with its own stop (the server keeps routes it got).
const FAULTS: [(Fault, &str); 3] =
    [(Fault::ServerError, "Weert"), (Fault::Malformed, "Swalmen"), (Fault::NoRoute, "Maasbracht")];

fn price_path(stop: Option<&str>) -> String {
    let via = stop.map(|s| format!("&via={}", place_id(s))).unwrap_or_default();
    format!("/api/places/{}/{}?lang=en{via}", place_id(FROM), place_id(TO))
}

async fn price(desk: &Desk, stop: Option<&str>) -> (u16, Value) {
    let response = desk.app.get(&price_path(stop)).await;
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

/// The route of leg `leg` (1: pick-up → stop, 2: stop → destination) of a ride via `stop`.
fn leg_ends(leg: u8, stop: &'static str) -> (&'static str, &'static str) {
    match leg {
        1 => (FROM, stop),
        _ => (stop, TO),
    }
}

/// A desk on a fake Google, the control prices known: the direct ride and one via [`GOOD_STOP`].
async fn desk_and_prices(google: &FakeGoogle) -> (Desk, String) {
    let desk = desk_on_google(&google.section(TIMEOUT_MS)).await;
    let (status, direct) = price(&desk, None).await;
    assert_eq!(status, 200, "{direct}");
    let direct = direct["priceText"].as_str().expect("the direct ride priced").to_string();
    let (status, via) = price(&desk, Some(GOOD_STOP)).await;
    assert_eq!(status, 200, "{via}");
    assert!(via["stop"].is_object() && via["priceText"] != direct.as_str(), "a stop priced as such: {via}");
    (desk, direct)
}

/// The price API's answer for a ride via `stop` whose leg fails as `fault`: no price, a reason.
async fn assert_no_price(desk: &Desk, stop: &str, fault: Fault) {
    let (status, body) = price(desk, Some(stop)).await;
    let (expected, words) = match fault {
        Fault::NoRoute => (422, "No route was found between these addresses."),
        _ => (502, "No price indication could be calculated. Please try again later or call us."),
    };
    assert_eq!(status, expected, "{fault:?} via {stop}: {body}");
    assert!(body.get("amountCents").is_none() && body.get("priceText").is_none(), "{fault:?}: {body}");
    assert!(body.to_string().contains(words), "{fault:?}: said in the visitor's words: {body}");
}

/// Books the ride via `stop`, the desk's `nth` booking; the staff mail and the stored booking
/// say it is unpriced, never at `direct` (the ride without the stop) nor at any other amount.
async fn assert_booked_unpriced(desk: &Desk, (stop, nth): (&str, usize), direct: &str, what: &str) {
    let mut body = booking();
    (body["departure"], body["departureName"], body["departurePlaceId"]) =
        (json!(FROM), json!(FROM), json!(place_id(FROM)));
    (body["destination"], body["destinationName"], body["destinationPlaceId"]) =
        (json!(TO), json!(TO), json!(place_id(TO)));
    (body["via"], body["viaPlaceId"]) = (json!(stop), json!(place_id(stop)));
    // Each booking its own ride (the same one twice is one booking).
    body["name"] = json!(format!("Jan via {stop}"));
    let response = desk.app.post_json("/api/reservation/en", &body).await;
    assert_eq!(response.status(), 200, "{what}: the booking is taken");
    let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    let at = message.find("R-").expect("a reference");
    let reference = &message[at..at + 8];

    let record = desk.app.bookings.record(reference).await.unwrap().expect("stored");
    assert!(record.booking.price.is_none(), "{what}: stored unpriced: {:?}", record.booking.price);
    assert!(record.booking.extras.via.is_some(), "{what}: with its stop");
    let mails = desk.mails_of("staff-booking", nth).await;
    let staff = mails.iter().find(|m| m.flat.contains(reference)).expect("the staff mail");
    assert!(staff.flat.contains(&format!("Stop on the way: {stop}")), "{what}: {}", staff.flat);
    assert!(staff.flat.contains("Price indication: No price indication"), "{what}: unpriced: {}", staff.flat);
    assert!(staff.subject.contains("No price indication"), "{what}: {}", staff.subject);
    assert!(!staff.flat.contains(direct), "{what}: not the ride without its stop: {}", staff.flat);
    assert!(!staff.flat.contains("€"), "{what}: no amount at all (one leg's): {}", staff.flat);
}

async fn a_failing_leg(leg: u8) {
    let google = FakeGoogle::start().await;
    let (desk, direct) = desk_and_prices(&google).await;
    for (nth, (fault, stop)) in (1..).zip(FAULTS) {
        let (from, to) = leg_ends(leg, stop);
        google.fail_route(from, to, fault);
        assert_no_price(&desk, stop, fault).await;
        assert_booked_unpriced(&desk, (stop, nth), &direct, &format!("leg {leg}, {fault:?}")).await;
    }
    google.stop().await;
}

#[actix_web::test]
async fn the_first_leg_failing_leaves_the_price_api_and_the_booking_unpriced() {
    a_failing_leg(1).await;
}

#[actix_web::test]
async fn the_second_leg_failing_leaves_the_price_api_and_the_booking_unpriced() {
    a_failing_leg(2).await;
}

/// A leg Google answers only after the client gave up (twice: the retry too):
/// the same as a failure, within twice the timeout and a little (not the fake's 2 s).
#[actix_web::test]
async fn a_leg_answered_after_the_timeout_leaves_the_ride_unpriced_in_bounded_time() {
    let google = FakeGoogle::start().await;
    let (desk, direct) = desk_and_prices(&google).await;
    let slow = Fault::Slow(Duration::from_millis(u64::from(TIMEOUT_MS) * 5));
    for (nth, (leg, stop)) in (1..).zip([(1, "Weert"), (2, "Swalmen")]) {
        let (from, to) = leg_ends(leg, stop);
        google.fail_route(from, to, slow);
        let started = Instant::now();
        assert_no_price(&desk, stop, slow).await;
        let took = started.elapsed();
        assert!(took < Duration::from_millis(u64::from(TIMEOUT_MS) * 2 + 1000), "leg {leg}: {took:?}");
        let started = Instant::now();
        assert_booked_unpriced(&desk, (stop, nth), &direct, &format!("leg {leg}, slow")).await;
        eprintln!("slow leg {leg}: price API answered in {took:?}, the booking in {:?}", started.elapsed());
    }
    google.stop().await;
}

/// Google's call budget used up between the routes of one ride (the direct route and the first
/// leg from Google, the second refused): the ride is priced as every ride beyond the budget, all
/// its routes from the gazetteer, never a detour of one provider's legs less the other's route.
#[actix_web::test]
async fn the_budget_used_up_between_the_legs_prices_all_three_routes_from_the_gazetteer() {
    crate::helpers::clear_of_the_hour();
    let google = FakeGoogle::start().await;
    // The three places' details, then (with 5) the direct route and the first leg.
    let budget = |calls: u32| format!("{}max_calls_per_hour = {calls}\n", google.section(TIMEOUT_MS));
    let (offline, halfway) = (desk_on_google(&budget(3)).await, desk_on_google(&budget(5)).await);
    let (status, gazetteer) = price(&offline, Some("Weert")).await;
    assert_eq!(status, 200, "{gazetteer}");
    let routes = |n| google.calls().iter().filter(|c| c.kind == "route").count() == n;
    assert!(routes(0), "beyond the budget, no route from Google");
    let (status, mixed) = price(&halfway, Some("Weert")).await;
    assert!(routes(2), "the direct route and the first leg were Google's: {:?}", google.calls());
    assert_eq!((status, &mixed), (200, &gazetteer), "priced from the gazetteer alone");
    google.stop().await;
}
