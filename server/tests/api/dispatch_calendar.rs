//! The dispatchers' calendar: a secret `text/calendar` address listing the
//! bookings with their status, updated by staff's answers.
use std::process::Command;

use taxi_server::{secret::SecretKey, staff_answers::calendar};

use serde_json::Value;

use crate::{
    booking::booking,
    helpers::{header, TempDir},
    process::{server_command, Process},
    staff_answers::desk,
};

/// The unfolded `VEVENT`s of a calendar, each as its lines.
pub(crate) fn events(ics: &str) -> Vec<Vec<String>> {
    let unfolded = ics.replace("\r\n ", "");
    unfolded
        .split("BEGIN:VEVENT\r\n")
        .skip(1)
        .map(|e| e.split("\r\n").take_while(|l| *l != "END:VEVENT").map(str::to_string).collect())
        .collect()
}

pub(crate) fn field<'a>(event: &'a [String], name: &str) -> &'a str {
    event
        .iter()
        .find_map(|l| l.strip_prefix(name).and_then(|l| l.strip_prefix(':')))
        .unwrap_or_else(|| panic!("no {name} in {event:?}"))
}

#[actix_web::test]
async fn the_feed_lists_each_booking_with_its_status_and_follows_the_answers() {
    let desk = desk("nl").await;
    let key = SecretKey::from_bytes(std::fs::read(desk.app.data_dir.join("secret.key")).unwrap());
    let feed = calendar::path(&key, 1);
    let first = desk.book("en").await;
    // Not the same ride again, which would be a repeat of the first (in any language).
    let mut other = booking();
    other["passengerAmount"] = "3".into();
    let answer = desk.app.post_json("/api/reservation/de", &other).await.json::<Value>().await.unwrap();
    let message = answer["message"].as_str().expect("booked");
    let second = message[message.find("R-").expect("a reference")..][..8].to_string();
    let confirm = desk.link(&first, "confirm").await;
    assert_eq!(desk.post(&confirm, &[("note", "")]).await.status(), 200);

    let response = desk.app.get(&feed).await;
    assert_eq!(response.status(), 200);
    assert_eq!(header(&response, "content-type"), "text/calendar; charset=utf-8");
    assert_eq!(header(&response, "cache-control"), "no-store");
    assert_eq!(header(&response, "referrer-policy"), "no-referrer");
    let ics = response.text().await.unwrap();
    assert!(ics.starts_with("BEGIN:VCALENDAR\r\n") && ics.ends_with("END:VCALENDAR\r\n"));
    assert!(ics.contains("\r\nX-WR-CALNAME:Ritten – Taxi Roermond Demo\r\n"), "{ics}");
    assert!(ics.contains("\r\nREFRESH-INTERVAL;VALUE=DURATION:PT15M\r\n"));
    assert!(ics.split("\r\n").all(|line| line.len() <= 75), "folded at 75 octets");
    let events = events(&ics);
    assert_eq!(events.len(), 2, "{ics}");
    let event = |reference: &str| {
        events
            .iter()
            .find(|e| field(e, "SUMMARY").contains(reference))
            .unwrap_or_else(|| panic!("no event for {reference} in {ics}"))
    };
    let (answered, waiting) = (event(&first), event(&second));
    assert!(field(answered, "SUMMARY").starts_with("[Bevestigd] "), "the staff language");
    assert_eq!((field(answered, "STATUS"), field(answered, "SEQUENCE")), ("CONFIRMED", "1"));
    assert!(field(waiting, "SUMMARY").starts_with("[Aangevraagd] "));
    assert_eq!((field(waiting, "STATUS"), field(waiting, "SEQUENCE")), ("TENTATIVE", "0"));
    assert!(field(waiting, "DESCRIPTION").contains("Jan de Vries"), "the staff mail's fields");

    // The same event as the staff mail's attachment, so an imported one is updated.
    let staff_mail = desk
        .mails(3)
        .await
        .into_iter()
        .find(|m| m.to == ["planning@taxiroermond.example"] && m.text.contains(&second))
        .expect("the staff mail");
    let staff_events = self::events(&staff_mail.ics);
    assert_eq!(field(&staff_events[0], "UID"), field(waiting, "UID"));

    // An unanswered ride links its answer page; an answered one does not.
    let answer_page = field(waiting, "URL").trim_start_matches("https://www.taxiroermond.example");
    assert!(answer_page.starts_with(&format!("/staff/{second}/confirm?")), "{answer_page}");
    assert_eq!(desk.app.get(answer_page).await.status(), 200);
    assert!(!answered.iter().any(|l| l.starts_with("URL:")));

    // Rides long past drop out.
    let store = rusqlite::Connection::open(desk.app.data_dir.join(taxi_server::store::FILE_NAME)).unwrap();
    store.execute("UPDATE bookings SET pickup_at = 1000 WHERE reference = ?1", [&first]).unwrap();
    let ics = desk.app.get(&feed).await.text().await.unwrap();
    assert_eq!(self::events(&ics).len(), 1);
    assert!(!ics.contains(&first));
}

#[actix_web::test]
async fn a_wrong_or_revoked_address_gets_the_staff_links_not_found_page() {
    let desk = desk("en").await;
    let key = SecretKey::from_bytes(std::fs::read(desk.app.data_dir.join("secret.key")).unwrap());
    let wrong_staff_link = desk.app.get("/staff/R-ZZZZZZ/confirm").await.text().await.unwrap();
    let current = calendar::path(&key, 1);
    let token = current.trim_start_matches("/calendar/").trim_end_matches(".ics");
    let mut altered = token.to_string();
    altered.replace_range(0..1, if token.starts_with('A') { "B" } else { "A" });
    for path in [
        calendar::path(&key, 2),
        calendar::path(&SecretKey::from_bytes(vec![9; 32]), 1),
        format!("/calendar/{altered}.ics"),
        format!("/calendar/{token}"),
        format!("/calendar/{token}.ICS"),
        "/calendar/.ics".to_string(),
    ] {
        let response = desk.app.get(&path).await;
        assert_eq!(response.status(), 404, "{path}");
        assert_eq!(header(&response, "cache-control"), "no-store", "{path}");
        assert_eq!(response.text().await.unwrap(), wrong_staff_link, "{path}");
    }
    assert_eq!(desk.app.get(&current).await.status(), 200);
}

/// The address is a key to every ride: printed on request by a command that
/// reads the server's settings and key, never written to the log.
#[test]
fn the_address_is_printed_by_a_command_and_never_logged() {
    let dir = TempDir::new();
    let data_dir = dir.0.join("var");
    let binary = || server_command(Command::new(env!("CARGO_BIN_EXE_taxi-server")), &data_dir, "text");
    let before = binary().arg("calendar-url").output().unwrap();
    assert_eq!(before.status.code(), Some(1), "no key yet");
    assert!(String::from_utf8_lossy(&before.stderr).contains("start the server once"));
    assert!(!data_dir.join("secret.key").exists(), "the command creates no key");

    let server = Process::spawn(binary());
    let printed = binary().arg("calendar-url").output().unwrap();
    assert!(printed.status.success(), "{}", String::from_utf8_lossy(&printed.stderr));
    let key = SecretKey::from_bytes(std::fs::read(data_dir.join("secret.key")).unwrap());
    let path = calendar::path(&key, 1);
    let url = String::from_utf8(printed.stdout).unwrap();
    assert_eq!(url, format!("webcal://www.taxiroermond.example{path}\n"));
    let answer = server.get(&path);
    assert!(answer.starts_with("HTTP/1.1 200") && answer.contains("BEGIN:VCALENDAR"), "{answer}");

    let token = path.trim_start_matches("/calendar/").trim_end_matches(".ics");
    let log = server.log.lock().unwrap().join("\n");
    assert!(log.contains("taxi-server calendar-url"), "the log says where the address is:\n{log}");
    assert!(!log.contains(token) && !log.contains("webcal"), "the address is not logged:\n{log}");

    std::fs::write(dir.0.join("off.toml"), "[dispatch_calendar]\nenabled = false\n").unwrap();
    let off = binary().env("TAXI_CONFIG", dir.0.join("off.toml")).arg("calendar-url").output().unwrap();
    assert_eq!(off.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&off.stderr).contains("dispatch_calendar.enabled = false"));
}
