//! The Junk button's page beyond one request (issue 41 item 4): one tap marks
//! every unanswered request of the network in the last hour, and refuses the
//! network and the tapped request's address (issue 51: not the addresses a
//! flooder typed in the others; `junk_network.rs` has the answered bookings
//! it leaves alone); a forged, altered or expired link is refused like any wrong staff
//! link, and a post from a page of another version of the booking (or with
//! none) changes nothing.
use jiff::{SignedDuration, Timestamp};
use taxi_server::bookings::{answer::Action, answer_links};

use crate::{
    desk::desk_limited,
    helpers::header,
    junk::{book, booked, column, key, staff_link, BEHIND_PROXY},
};

/// The flood's size: 3, or `JUNK_FLOOD` (the figures in `docs/edge.md`).
fn flood_size() -> usize {
    std::env::var("JUNK_FLOOD").ok().and_then(|v| v.parse().ok()).unwrap_or(3)
}

#[actix_web::test]
async fn one_tap_marks_every_unanswered_request_of_the_network_in_the_last_hour_and_refuses_the_tapped_address(
) {
    // A flood of JUNK_FLOOD would meet the /24's limit and the proof of work (`proof_of_work.rs`): off here.
    let limits = format!("{BEHIND_PROXY}\nnetwork_rate_limit_per_minute = 0");
    let desk = desk_limited("en", &limits, "[proof_of_work]\nlevels = []\n").await;
    let (flood, size) = ("198.51.100.7", flood_size());
    let mut junk = Vec::new();
    for i in 0..size {
        junk.push(booked(&desk, flood, &format!("flood{i}@example.org")).await);
    }
    let older = booked(&desk, flood, "earlier@example.org").await;
    let honest = booked(&desk, "203.0.113.5", "anna@example.nl").await;
    // One request of that network came more than an hour ago (moved back while the site is stopped).
    let desk = desk
        .restart_after(|data| {
            let store = rusqlite::Connection::open(data.join(taxi_server::store::FILE_NAME)).unwrap();
            let changed = store
                .execute("UPDATE bookings SET created_at = created_at - 7200 WHERE reference = ?1", [&older])
                .unwrap();
            assert_eq!(changed, 1);
        })
        .await;

    // The page lists the requests created before the second it is opened.
    tokio::time::sleep(std::time::Duration::from_millis(1100)).await;
    let path = staff_link(&desk, &junk[0], Action::Junk);
    let started = std::time::Instant::now();
    let html = desk.app.get(&path).await.text().await.unwrap();
    println!("the Junk page listing {size} requests of a network in {} ms", started.elapsed().as_millis());
    let all = format!("Mark these {size} unanswered requests from this network in the last hour as junk");
    assert!(html.contains(&all), "{html}");
    assert!(junk.iter().all(|r| html.contains(&format!("<strong>{r}</strong>"))), "each listed");
    assert!(!html.contains(&older) && !html.contains(&honest), "neither the older one nor another network's");
    let fields = desk.form_fields(&path).await;
    let mut fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    fields.push(("scope", "network"));
    let started = std::time::Instant::now();
    let tapped = desk.post_raw(&path, &fields).await;
    let took = started.elapsed();
    assert_eq!(tapped.status(), 303);
    println!("one tap marked {size} requests of a network as junk in {} ms", took.as_millis());
    let done = desk.app.get(header(&tapped, "location")).await;
    assert_eq!(done.status(), 200);
    let done = done.text().await.unwrap();
    assert!(
        done.contains("Done: the unanswered requests from this network in the last hour are marked as junk;"),
        "{done}"
    );

    for reference in &junk {
        assert_eq!(column::<String>(&desk, reference, "status"), "junk", "{reference}");
    }
    for reference in [&older, &honest] {
        assert_eq!(column::<String>(&desk, reference, "status"), "requested", "{reference} is untouched");
    }
    // The tapped request's address is refused from any network; those typed in the others are not.
    assert_eq!(book(&desk, "203.0.113.30", "flood0@example.org", "en").await.status(), 403);
    let last = format!("flood{}@example.org", size - 1);
    assert_eq!(book(&desk, "203.0.113.30", &last, "en").await.status(), 200, "a swept request's address");
    assert_eq!(book(&desk, "203.0.113.31", "earlier@example.org", "en").await.status(), 200);
    assert_eq!(book(&desk, "203.0.113.5", "anna+2@example.nl", "en").await.status(), 200, "anybody else");
    assert_eq!(book(&desk, flood, "new@example.net", "en").await.status(), 403, "and the network");
}

#[actix_web::test]
async fn forged_expired_and_stale_junk_posts_change_nothing() {
    let desk = desk_limited("en", BEHIND_PROXY, "").await;
    let reference = booked(&desk, "198.51.100.7", "flood@example.org").await;
    let junk = desk.link(&reference, "junk").await;
    let confirm = desk.link(&reference, "confirm").await;

    let expired = answer_links::signed_path(
        &key(&desk),
        &reference,
        Action::Junk,
        Timestamp::now() - SignedDuration::from_secs(1),
    );
    let forged = [
        (confirm.replace("/confirm?", "/junk?"), "the confirm button's signature"),
        (junk.replace(&reference, "R-AAAAAA"), "another booking"),
        (junk.replace("sig=", "sig=A"), "an altered signature"),
        (expired, "expired"),
    ];
    for (path, what) in &forged {
        assert_eq!(desk.app.get(path).await.status(), 404, "{what}");
        let posted = desk.post_raw(path, &[("version", "0"), ("scope", "network")]).await;
        assert_eq!(posted.status(), 404, "{what}");
    }
    assert_eq!(column::<String>(&desk, &reference, "status"), "requested");

    // A page opened before a colleague confirmed the ride, and a post without a version.
    let opened = desk.version(&junk).await;
    assert_eq!(opened, "0");
    assert_eq!(desk.post(&confirm, &[("note", "")]).await.status(), 200);
    let stale = desk.post_raw(&junk, &[("version", &opened), ("scope", "one")]).await;
    assert_eq!(stale.status(), 409);
    assert!(stale.text().await.unwrap().contains("the booking changed after you opened this page"));
    assert_eq!(desk.post_raw(&junk, &[("scope", "one")]).await.status(), 409, "no version");
    assert_eq!(column::<String>(&desk, &reference, "status"), "confirmed");
    assert_eq!(book(&desk, "198.51.100.7", "other@example.net", "en").await.status(), 200, "nobody refused");

    // A confirmed ride can still be junk, from a page of its current version; a second tap changes nothing.
    let current = desk.version(&junk).await;
    assert_eq!(desk.post_raw(&junk, &[("version", &current), ("scope", "one")]).await.status(), 303);
    assert_eq!(column::<String>(&desk, &reference, "status"), "junk");
    let again = desk.post_raw(&junk, &[("version", &current), ("scope", "one")]).await;
    assert_eq!(again.status(), 409, "the page is out of date now");
    assert!(again.text().await.unwrap().contains("was marked as junk"));
}

#[actix_web::test]
async fn a_request_from_before_networks_were_kept_refuses_only_its_address() {
    let desk = desk_limited("en", BEHIND_PROXY, "").await;
    let reference = booked(&desk, "198.51.100.7", "older@example.org").await;
    // As a row stored by the release before: no network.
    let desk = desk
        .restart_after(|data| {
            let store = rusqlite::Connection::open(data.join(taxi_server::store::FILE_NAME)).unwrap();
            store.execute("UPDATE bookings SET network = NULL WHERE reference = ?1", [&reference]).unwrap();
        })
        .await;
    let path = staff_link(&desk, &reference, Action::Junk);
    let html = desk.app.get(&path).await.text().await.unwrap();
    assert!(html.contains("only its e-mail address will be refused"), "{html}");
    assert_eq!(desk.post(&path, &[("scope", "network")]).await.status(), 200, "all of no network: this one");
    assert_eq!(column::<String>(&desk, &reference, "status"), "junk");
    assert_eq!(book(&desk, "203.0.113.9", "older@example.org", "en").await.status(), 403, "its address");
    assert_eq!(book(&desk, "198.51.100.7", "new@example.net", "en").await.status(), 200, "not its network");
}
