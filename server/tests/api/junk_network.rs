//! Junk never sweeps what a person answered (issue 51 item 5). Behind a
//! carrier's NAT an honest customer shares the flooder's address: from one
//! client address come a ride staff confirmed, one whose customer then asked
//! for another time (a request again, but the customer's), and three junk
//! requests. The Junk page of a junk one lists what "all from this network"
//! marks and what it leaves, with each status; the tap marks the three junk
//! requests only, the honest bookings keep their status, their calendar entry
//! and their queued mails, and only the tapped request's mailbox is refused.
use std::time::Duration;

use jiff::{SignedDuration, Timestamp};
use taxi_server::bookings::{answer::Action, answer_links};

use crate::{
    desk::desk_with_sink,
    helpers::{header, TempDir},
    junk::{book, booked, column, feed, key, staff_link, BEHIND_PROXY},
};

#[actix_web::test]
async fn the_network_tap_leaves_what_staff_or_the_customer_answered_and_refuses_only_the_tapped_mailbox() {
    // The mail server refuses everything until the tap: every customer mail waits in the outbox.
    let mode = TempDir::new();
    let mode_file = mode.0.join("mode");
    std::fs::write(&mode_file, "421").unwrap();
    let desk = desk_with_sink(BEHIND_PROXY, "", &["--mode-file", &mode_file.display().to_string()]).await;
    let shared = "198.51.100.7";
    let confirmed = booked(&desk, shared, "honest@example.nl").await;
    let moved = booked(&desk, shared, "moved@example.nl").await;
    let mut junk = Vec::new();
    for i in 0..3 {
        junk.push(booked(&desk, shared, &format!("flood{i}@example.org")).await);
    }
    for reference in [&confirmed, &moved] {
        let confirm = staff_link(&desk, reference, Action::Confirm);
        assert_eq!(desk.post(&confirm, &[("note", "")]).await.status(), 200, "{reference} confirmed");
    }
    // The second customer asks for another time: a request again, which staff have not answered yet.
    let expires = Timestamp::now() + SignedDuration::from_hours(72);
    let manage = answer_links::manage_path(&key(&desk), &moved, expires);
    let day = jiff::Zoned::now().date().checked_add(jiff::Span::new().days(3)).unwrap();
    let asked = desk.post(&manage, &[("action", "ask"), ("dateTime", &format!("{day}T10:45"))]).await;
    assert_eq!(asked.status(), 200);
    assert_eq!(column::<String>(&desk, &moved, "status"), "requested");
    // The page lists the requests created before the second it is opened: all of these.
    tokio::time::sleep(Duration::from_millis(1100)).await;

    let path = staff_link(&desk, &junk[0], Action::Junk);
    let html = desk.app.get(&path).await.text().await.unwrap();
    assert!(
        html.contains("Mark these 3 unanswered requests from this network in the last hour as junk"),
        "{html}"
    );
    let item = |reference: &str| {
        let at = html
            .find(&format!("<strong>{reference}</strong>"))
            .unwrap_or_else(|| panic!("{reference} listed"));
        html[at..at + html[at..].find("</li>").unwrap()].to_string()
    };
    for reference in &junk {
        assert!(item(reference).ends_with("Requested"), "{}", item(reference));
    }
    assert!(item(&confirmed).ends_with("Confirmed · answered by staff"), "{}", item(&confirmed));
    assert!(item(&moved).ends_with("Requested · the customer acted on it"), "{}", item(&moved));
    let swept_at = html.find("The button for the network marks these 3 requests").expect("what it marks");
    let spared_at =
        html.find("It leaves these 2 bookings from the same network alone").expect("what it leaves");
    assert!(html.find(&format!("<strong>{}</strong>", junk[2])).unwrap() < spared_at);
    assert!(swept_at < spared_at && spared_at < html.find(&format!("<strong>{confirmed}</strong>")).unwrap());
    for personal in ["honest@", "moved@", "flood1@"] {
        assert!(!html.contains(personal), "{personal} of another booking on the page");
    }

    let fields = desk.form_fields(&path).await;
    assert!(fields.iter().any(|(name, _)| name == "through"), "{fields:?}");
    let fields: Vec<(&str, &str)> = fields.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let tapped = desk.post_raw(&path, &[&fields[..], &[("scope", "network")]].concat()).await;
    assert_eq!(tapped.status(), 303);
    let done = desk.app.get(header(&tapped, "location")).await.text().await.unwrap();
    assert!(
        done.contains("Done: the unanswered requests from this network in the last hour are marked"),
        "{done}"
    );

    for reference in &junk {
        assert_eq!(column::<String>(&desk, reference, "status"), "junk", "{reference}");
    }
    assert_eq!(column::<String>(&desk, &confirmed, "status"), "confirmed");
    assert_eq!(column::<String>(&desk, &moved, "status"), "requested");
    assert!(column::<Option<String>>(&desk, &moved, "customer_step").is_some(), "its step kept");
    let calendar = feed(&desk).await;
    assert!(calendar.contains(&confirmed) && calendar.contains(&moved), "still in the calendar");
    assert!(!junk.iter().any(|r| calendar.contains(r.as_str())), "the junk left it");

    // The mail server is back: the honest customers get what was queued for them, the junk nothing.
    std::fs::write(&mode_file, "").unwrap();
    desk.app.outbox_idle().await;
    let mails = desk.all_mails();
    let to = |address: &str, kind: &str| {
        mails.iter().any(|m| m.to.iter().any(|t| t == address) && m.message_id.contains(&format!(".{kind}.")))
    };
    assert!(to("honest@example.nl", "customer-answer"), "the confirmation of the confirmed ride");
    assert!(to("moved@example.nl", "customer-answer") && to("moved@example.nl", "customer-step"));
    let to_flood = mails.iter().filter(|m| m.to.iter().any(|t| t.starts_with("flood"))).count();
    assert_eq!(to_flood, 0, "nothing to the junk addresses");

    // The network stays refused, and the tapped request's mailbox; nobody else's.
    let elsewhere = "203.0.113.40";
    for (email, status, what) in [
        ("honest@example.nl", 200, "the confirmed ride's customer"),
        ("moved@example.nl", 200, "the customer who asked for another time"),
        ("flood1@example.org", 200, "an address typed in a request the tap swept"),
        ("flood0@example.org", 403, "the tapped request's address"),
    ] {
        assert_eq!(book(&desk, elsewhere, email, "en").await.status(), status, "{what}");
    }
    assert_eq!(book(&desk, shared, "new@example.net", "en").await.status(), 403, "the network");
}
