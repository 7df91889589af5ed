//! The dispatchers' calendar under a flood of requests from many addresses
//! (issue 41): the rides staff answered keep their place whatever was booked
//! before them, declined and cancelled bookings leave the feed and free their
//! place, requests beyond the window stay out, and a list the cap cuts says so.
//!
//! The sizes can be raised to the attack's (`FLOOD_ADDRESSES=101
//! FLOOD_PER_ADDRESS=10 FLOOD_CAP=1000`); the figures are printed either way.
use std::time::{Duration, Instant};

use taxi_server::{
    bookings::{answer::Action, answer_links},
    secret::SecretKey,
    staff_answers::calendar,
    types::Pickup,
};

use crate::{
    desk::{desk_limited, flood_size},
    dispatch_calendar::{events, field},
    helpers::form_encode,
    manage_booking::manage_link,
    staff_answers::Desk,
};

/// `days` from today, `minutes` after midnight, as the booking form sends it.
fn at(days: i64, minutes: usize) -> String {
    let day = jiff::Zoned::now().date().checked_add(jiff::Span::new().days(days)).unwrap();
    let time = day.to_datetime(jiff::civil::Time::midnight()) + jiff::Span::new().minutes(minutes as i64);
    time.strftime("%Y-%m-%dT%H:%M").to_string()
}

/// A booking for `time` sent by the client `from`; its reference.
async fn book(desk: &Desk, from: &str, name: &str, email: &str, time: &str) -> String {
    desk.book_from(from, (name, email), Some(time)).await
}

/// Staff's `action` on the booking `reference` (pick-up `time`), from the
/// signed link of their mail, posted from a dispatcher's phone `from`.
async fn answer(
    desk: &Desk,
    key: &SecretKey,
    (reference, time): (&str, &str),
    action: Action,
    fields: &[(&str, &str)],
    from: &str,
) {
    let expires = answer_links::expires_at(time.parse::<Pickup>().unwrap());
    let path = answer_links::signed_path(key, reference, action, expires);
    let version = desk.version(&path).await;
    let body: Vec<String> = [fields, &[("version", version.as_str())]]
        .concat()
        .iter()
        .map(|(k, v)| format!("{k}={}", form_encode(v)))
        .collect();
    let response = desk
        .app
        .client
        .post(format!("{}{path}", desk.app.address))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("X-Forwarded-For", from)
        .body(body.join("&"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 303, "{reference}: {}", action.code());
}

/// The feed's rides (summary of each event naming a reference) and its notice (summary, description).
async fn feed(desk: &Desk, path: &str) -> (Vec<String>, Option<(String, String)>) {
    let response = desk.app.get(path).await;
    assert_eq!(response.status(), 200);
    let ics = response.text().await.unwrap();
    let events = events(&ics);
    let (notices, rides): (Vec<_>, Vec<_>) =
        events.iter().partition(|e| field(e, "UID").starts_with("dispatch-calendar-cut@"));
    let notice =
        notices.first().map(|n| (field(n, "SUMMARY").to_string(), field(n, "DESCRIPTION").to_string()));
    (rides.iter().map(|e| field(e, "SUMMARY").to_string()).collect(), notice)
}

fn listed(rides: &[String], reference: &str) -> bool {
    rides.iter().any(|summary| summary.contains(reference))
}

#[actix_web::test]
async fn junk_requests_push_no_answered_ride_out_and_declined_ones_free_their_place() {
    let (addresses, per_address, cap) =
        (flood_size("FLOOD_ADDRESSES", 8), flood_size("FLOOD_PER_ADDRESS", 5), flood_size("FLOOD_CAP", 20));
    let junk_count = addresses * per_address;
    assert!(addresses <= 250, "one /24 of addresses");
    // Every client within its limit, as in the attack (the site's default is 10 a minute).
    // What the calendar does with a flood that got in: the network limit and the proof of
    // work, which make it cost (`proof_of_work.rs`), are off.
    let limits = format!(
        "rate_limit_per_minute = {per_address}\nnetwork_rate_limit_per_minute = 0\ntrusted_proxies = [\"127.0.0.1\"]"
    );
    let more = format!("[dispatch_calendar]\nmax_bookings = {cap}\n[proof_of_work]\nlevels = []\n");
    let desk = desk_limited("en", &limits, &more).await;
    let key = SecretKey::from_bytes(std::fs::read(desk.app.data_dir.join("secret.key")).unwrap());
    let path = calendar::path(&key, 1);

    // Two real customers ask for rides in three days.
    let (real_a, real_b) = (at(3, 10 * 60), at(3, 11 * 60));
    let a = book(&desk, "203.0.113.10", "Anna Jansen", "anna@example.nl", &real_a).await;
    let b = book(&desk, "203.0.113.11", "Bert Smeets", "bert@example.nl", &real_b).await;
    // The flood: requests for tomorrow, a minute apart, from many addresses; one far ahead.
    let started = Instant::now();
    let mut junk = Vec::new();
    for i in 0..junk_count {
        let (from, time) = (format!("198.51.100.{}", i / per_address + 1), at(1, 6 * 60 + i));
        let name = format!("Junk Sender {i}");
        junk.push((book(&desk, &from, &name, &format!("junk{i}@example.org"), &time).await, time));
    }
    let far = at(100, 9 * 60);
    let far_ref = book(&desk, "203.0.113.99", "Far Ahead", "far@example.org", &far).await;
    let flood_time = started.elapsed();
    // Staff confirm the first ride and propose another time for the second.
    answer(&desk, &key, (&a, &real_a), Action::Confirm, &[("note", "")], "192.0.2.1").await;
    let proposal = at(4, 9 * 60);
    answer(
        &desk,
        &key,
        (&b, &real_b),
        Action::Propose,
        &[("dateTime", &proposal), ("note", "")],
        "192.0.2.1",
    )
    .await;

    let (rides, notice) = feed(&desk, &path).await;
    let real_listed = [&a, &b].iter().filter(|r| listed(&rides, r)).count();
    eprintln!(
        "flood: {junk_count} requests from {addresses} addresses in {flood_time:.1?}, cap {cap}: \
         {} rides listed, {real_listed} of 2 answered rides among them, notice: {notice:?}",
        rides.len()
    );
    assert_eq!(real_listed, 2, "the answered rides stay listed: {rides:#?}");
    assert!(rides.iter().any(|s| s.starts_with("[Confirmed] ") && s.contains(&a)), "{rides:#?}");
    assert!(rides.iter().any(|s| s.starts_with("[Other time proposed] ") && s.contains(&b)), "{rides:#?}");
    assert_eq!(rides.len(), cap, "the cap still holds");
    // The cut keeps the soonest requests, and says it cut.
    assert!(junk[..cap - 2].iter().all(|(r, _)| listed(&rides, r)), "{rides:#?}");
    assert!(!junk[cap - 2..].iter().any(|(r, _)| listed(&rides, r)));
    assert!(!listed(&rides, &far_ref), "beyond the window");
    let (summary, description) = notice.expect("a cut list says so");
    assert_eq!(summary, format!("List cut at {cap} rides: open the mails for the rest"));
    assert!(
        description.starts_with(&format!("{} more rides are not in this calendar.", junk_count + 2 - cap))
    );

    // Staff decline most of the junk (from their phones, each within its limit);
    // one junk customer cancels from the manage link of their mail.
    let kept = cap / 2 - 1;
    let started = Instant::now();
    for (i, (reference, time)) in junk[kept..].iter().enumerate() {
        let phone = format!("192.0.2.{}", i / per_address + 2);
        let fields = [("reason", "fullyBooked"), ("note", "")];
        answer(&desk, &key, (reference, time), Action::Decline, &fields, &phone).await;
    }
    let decline_time = started.elapsed();
    let cancelled = &junk[0].0;
    let mail = wait_for(|| desk.all_mails().into_iter().find(|m| m.to == ["junk0@example.org"])).await;
    let done =
        desk.post(&manage_link(&mail), &[("action", "cancel"), ("confirmed", "yes"), ("note", "")]).await;
    assert_eq!(done.status(), 200);
    // A real customer books now: there is room again.
    let c = book(&desk, "203.0.113.12", "Carla Peeters", "carla@example.nl", &at(3, 12 * 60)).await;

    let (rides, notice) = feed(&desk, &path).await;
    let gone = junk[kept..].iter().map(|(r, _)| r).chain([cancelled]).filter(|r| listed(&rides, r)).count();
    eprintln!(
        "after {} declines ({decline_time:.1?}) and 1 cancellation, a third ride booked: {} rides listed, \
         {gone} declined or cancelled among them, {} of 3 real rides, notice: {notice:?}",
        junk_count - kept,
        rides.len(),
        [&a, &b, &c].iter().filter(|r| listed(&rides, r)).count()
    );
    assert_eq!(gone, 0, "declined and cancelled bookings leave the feed: {rides:#?}");
    assert!([&a, &b, &c].iter().all(|r| listed(&rides, r)), "{rides:#?}");
    assert!(junk[1..kept].iter().all(|(r, _)| listed(&rides, r)));
    assert_eq!(rides.len(), 3 + kept - 1);
    assert_eq!(notice, None, "nothing cut");
}

/// What `find` finds, waiting up to 10 s.
async fn wait_for<T>(find: impl Fn() -> Option<T>) -> T {
    for _ in 0..100 {
        if let Some(found) = find() {
            return found;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("not found within 10 s");
}
