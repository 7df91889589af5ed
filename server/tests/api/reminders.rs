//! Reminders, run at chosen times (no waiting): each sent once, kept across a
//! restart, to the right people in the right language, and stopped by an answer.
use jiff::{civil::DateTime, tz::TimeZone, Timestamp};

use crate::{
    helpers::TempDir,
    process::{server_command, Process},
    staff_answers::{desk, desk_with, Desk, Mail},
};

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

/// A local time in the company's zone as an instant.
fn local(at: DateTime) -> Timestamp {
    at.to_zoned(TimeZone::get("Europe/Amsterdam").unwrap()).unwrap().timestamp()
}

#[actix_web::test]
async fn a_night_request_for_an_early_ride_reminds_staff_and_customer_before_the_pickup() {
    let escalation = "[reminders]\nescalation_recipients = [\"chef@taxiroermond.example\"]\n";
    let desk = desk_with("en", escalation).await;
    let reference = desk.book("en").await;
    desk.mails(2).await;
    // The request came in at 23:57 for 05:30 the next morning (ten days ahead, so the
    // mails are not past their pick-up when they leave). Answers are promised from 06:00.
    let tz = TimeZone::get("Europe/Amsterdam").unwrap();
    let day = Timestamp::now().to_zoned(tz).date().checked_add(jiff::Span::new().days(10)).unwrap();
    let at = |day: jiff::civil::Date, time: &str| local(format!("{day}T{time}").parse().unwrap());
    let (received, pickup) = (at(day, "23:57"), at(day.tomorrow().unwrap(), "05:30"));
    let store = rusqlite::Connection::open(desk.app.data_dir.join(taxi_server::store::FILE_NAME)).unwrap();
    let night = "UPDATE bookings SET created_at = ?2, pickup_at = ?3,
        booking = json_set(booking, '$.receivedAt', ?4, '$.pickupAt', ?5) WHERE reference = ?1";
    let pickup_text = format!("{}T05:30", day.tomorrow().unwrap());
    let params = (&reference, received.as_second(), pickup.as_second(), received.to_string(), pickup_text);
    assert_eq!(store.execute(night, params).unwrap(), 1);

    let after = |minutes: i64| received + jiff::SignedDuration::from_mins(minutes);
    assert_eq!(run(&desk, after(44)).await, 0, "00:41");
    // Not at 06:45 (after the ride): 30 + 15 minutes after the request, at 00:42.
    assert_eq!(run(&desk, after(45)).await, 1, "unanswered");
    assert_eq!(run(&desk, pickup - minutes(120)).await, 1, "03:30: pick-up soon");
    // 04:00 is in the quiet hours, which end after the pick-up: sent all the same.
    assert_eq!(run(&desk, pickup - minutes(91)).await, 0);
    assert_eq!(run(&desk, pickup - minutes(90)).await, 1, "04:00: call us");
    assert_eq!(run(&desk, pickup).await, 0);
    let staff: Vec<String> = of_kind(&desk, "staff-reminder").into_iter().map(|m| m.subject).collect();
    assert!(staff[0].starts_with("NOT ANSWERED") && staff[1].starts_with("PICK-UP SOON"), "{staff:?}");
    let customer = of_kind(&desk, "customer-reminder");
    assert_eq!(customer.len(), 1);
    assert!(customer[0].subject.ends_with("not confirmed yet"), "{}", customer[0].subject);
}

/// Without an escalation address the reminder before an unanswered pick-up
/// reaches the staff mailbox only: the start-up log says so, naming the setting.
#[test]
fn start_up_warns_when_no_escalation_address_is_set() {
    let dir = TempDir::new();
    let start = |config: Option<&std::path::Path>| {
        let data = dir.0.join(if config.is_some() { "with" } else { "without" });
        let mut command =
            server_command(std::process::Command::new(env!("CARGO_BIN_EXE_taxi-server")), &data, "text");
        if let Some(config) = config {
            command.env("TAXI_CONFIG", config);
        }
        let server = Process::spawn(command);
        let log = server.log.lock().unwrap().join("\n");
        log
    };
    let log = start(None);
    let warning = log
        .lines()
        .find(|l| l.contains("reminders.escalation_recipients"))
        .unwrap_or_else(|| panic!("{log}"));
    assert!(warning.contains("WARN"), "{warning}");
    let config = dir.0.join("escalation.toml");
    std::fs::write(&config, "[reminders]\nescalation_recipients = [\"chef@taxiroermond.example\"]\n")
        .unwrap();
    let log = start(Some(&config));
    assert!(!log.contains("escalation_recipients"), "{log}");
}
