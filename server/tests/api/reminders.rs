//! Reminders, run at chosen times (no waiting): each sent once, kept across a
//! restart, to the right people in the right language, and stopped by an answer.
use jiff::{civil::DateTime, tz::TimeZone, Timestamp};

use crate::staff_answers::{desk, desk_with, Desk, Mail};

/// The booking's pick-up as stored, as an instant.
fn pickup(desk: &Desk, reference: &str) -> Timestamp {
    let store = rusqlite::Connection::open(desk.app.data_dir.join(taxi_server::store::FILE_NAME)).unwrap();
    let seconds: i64 = store
        .query_row("SELECT pickup_at FROM bookings WHERE reference = ?1", [reference], |row| row.get(0))
        .unwrap();
    Timestamp::from_second(seconds).unwrap()
}

fn minutes(n: i64) -> jiff::SignedDuration {
    jiff::SignedDuration::from_mins(n)
}

fn of_kind(desk: &Desk, kind: &str) -> Vec<Mail> {
    desk.all_mails().into_iter().filter(|m| m.message_id.contains(&format!(".{kind}."))).collect()
}

async fn run(desk: &Desk, at: Timestamp) -> usize {
    let sent = desk.app.reminders.run(at).await.expect("reminders run");
    desk.app.outbox_idle().await;
    sent
}

#[actix_web::test]
async fn an_unanswered_booking_reminds_staff_escalation_and_customer_once_each_across_a_restart() {
    let escalation = "[reminders]\nescalation_recipients = [\"chef@taxiroermond.example\"]\n";
    let desk = desk_with("en", escalation).await;
    let reference = desk.book("de").await;
    let pickup = pickup(&desk, &reference);
    assert_eq!(run(&desk, Timestamp::now()).await, 0, "nothing due yet");
    // The timers live in the store: a restart between booking and reminder loses none.
    let desk = desk.restart_after(|_| {}).await;

    assert_eq!(run(&desk, pickup - minutes(119)).await, 2, "unanswered, and two hours before the pick-up");
    assert_eq!(run(&desk, pickup - minutes(119)).await, 0, "each once");
    // Each recipient gets a copy of their own (a refusal of one never holds up another).
    let staff = of_kind(&desk, "staff-reminder");
    let to = |subject: &str| -> Vec<String> {
        let mut to: Vec<String> =
            staff.iter().filter(|m| m.subject.starts_with(subject)).flat_map(|m| m.to.clone()).collect();
        to.sort();
        to
    };
    assert_eq!(to("NOT ANSWERED"), ["planning@taxiroermond.example"]);
    assert_eq!(
        to("PICK-UP SOON"),
        ["chef@taxiroermond.example", "planning@taxiroermond.example"],
        "and the escalation"
    );
    let soon = staff.iter().find(|m| m.subject.starts_with("PICK-UP SOON")).unwrap();
    assert!(soon.text.contains(&format!("/staff/{reference}/confirm?")), "the answer buttons: {}", soon.text);
    assert!(of_kind(&desk, "customer-reminder").is_empty(), "the customer not yet");

    let desk = desk.restart_after(|_| {}).await;
    assert_eq!(run(&desk, pickup - minutes(89)).await, 1);
    let customer = of_kind(&desk, "customer-reminder").remove(0);
    assert_eq!(customer.to, ["jan@example.nl"]);
    assert!(customer.subject.contains("noch nicht bestätigt"), "German: {}", customer.subject);
    assert!(
        customer.flat.contains("+31 475 00 00 00") && customer.text.contains("/booking/"),
        "{}",
        customer.text
    );
    assert_eq!(run(&desk, pickup - minutes(1)).await, 0);
    assert_eq!(run(&desk, pickup + minutes(1)).await, 0, "nothing after the pick-up");
    assert_eq!(of_kind(&desk, "staff-reminder").len() + of_kind(&desk, "customer-reminder").len(), 4);
}

#[actix_web::test]
async fn a_confirmed_ride_is_recalled_the_evening_before_and_staff_are_not_reminded() {
    let desk = desk("nl").await;
    let reference = desk.book("en").await;
    let confirm = desk.link(&reference, "confirm").await;
    assert_eq!(desk.post(&confirm, &[("note", "")]).await.status(), 200);
    let pickup = pickup(&desk, &reference);
    let tz = TimeZone::get("Europe/Amsterdam").unwrap();
    let day_before = pickup.to_zoned(tz.clone()).date().yesterday().unwrap();
    let evening = |time: &str| {
        format!("{day_before}T{time}").parse::<DateTime>().unwrap().to_zoned(tz.clone()).unwrap().timestamp()
    };

    assert_eq!(run(&desk, evening("18:59")).await, 0);
    assert_eq!(run(&desk, evening("19:00")).await, 1, "the evening before");
    assert_eq!(
        run(&desk, pickup - minutes(30)).await,
        0,
        "once, and no staff reminder for an answered booking"
    );
    let reminder = of_kind(&desk, "customer-reminder").remove(0);
    assert!(reminder.subject.starts_with("Reminder: your taxi on"), "English: {}", reminder.subject);
    assert!(
        reminder.text.contains("Manage your booking: https://www.taxiroermond.example/booking/"),
        "{}",
        reminder.text
    );
    assert!(of_kind(&desk, "staff-reminder").is_empty());
}

#[actix_web::test]
async fn a_cancelled_booking_gets_no_reminder() {
    let desk = desk("nl").await;
    let reference = desk.book("nl").await;
    let booked =
        desk.mails(2).await.into_iter().find(|m| m.message_id.contains(".customer-booking.")).unwrap();
    let start = booked.text.find("/booking/").unwrap();
    let link: String = booked.text[start..].chars().take_while(|c| !c.is_whitespace()).collect();
    assert_eq!(desk.post(&link, &[("action", "cancel"), ("confirmed", "yes")]).await.status(), 200);
    assert_eq!(run(&desk, pickup(&desk, &reference) - minutes(30)).await, 0);
}
