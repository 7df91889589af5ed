//! The customer's manage page, from the link in their mails: accept a
//! proposed time, cancel; each step once, refused after the pick-up, and every
//! wrong link refused like a wrong staff link. Mails read from a real SMTP
//! server on loopback.
use crate::{
    helpers::header,
    staff_answers::{desk, Desk, Mail},
};

const SITE: &str = "https://www.taxiroermond.example";

/// The path and query of the manage link in `mail`.
pub(crate) fn manage_link(mail: &Mail) -> String {
    let start = mail
        .text
        .find(&format!("{SITE}/booking/"))
        .unwrap_or_else(|| panic!("no manage link in\n{}", mail.text));
    let link: String = mail.text[start..].chars().take_while(|c| !c.is_whitespace()).collect();
    link.trim_start_matches(SITE).to_string()
}

pub(crate) fn ics_field(ics: &str, name: &str) -> String {
    ics.lines()
        .find_map(|l| l.strip_prefix(&format!("{name}:")))
        .unwrap_or_else(|| panic!("no {name} in\n{ics}"))
        .to_string()
}

pub(crate) fn of_kind(mails: &[Mail], kind: &str) -> Vec<String> {
    mails.iter().filter(|m| m.message_id.contains(&format!(".{kind}."))).map(|m| m.subject.clone()).collect()
}

impl Desk {
    /// Answers `reference` with the staff mail's `action` button and `fields`; the manage link
    /// in the customer's mail about that answer.
    pub(crate) async fn answered(&self, reference: &str, action: &str, fields: &[(&str, &str)]) -> String {
        let staff_link = self.link(reference, action).await;
        assert_eq!(self.post(&staff_link, fields).await.status(), 200);
        manage_link(&self.mails_of("customer-answer", 1).await.remove(0))
    }

    pub(crate) async fn mails_of(&self, kind: &str, count: usize) -> Vec<Mail> {
        for _ in 0..100 {
            let mails: Vec<Mail> = self
                .all_mails()
                .into_iter()
                .filter(|m| m.message_id.contains(&format!(".{kind}.")))
                .collect();
            if mails.len() >= count {
                return mails;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("fewer than {count} {kind} mails");
    }
}

#[actix_web::test]
async fn accepting_a_proposed_time_confirms_the_ride_once_and_moves_both_calendars() {
    let desk = desk("en").await;
    let reference = desk.book("nl").await;
    let day = jiff::Zoned::now().date().checked_add(jiff::Span::new().days(3)).unwrap();
    let propose = desk.link(&reference, "propose").await;
    assert_eq!(
        desk.post(&propose, &[("dateTime", &format!("{day}T09:15")), ("note", "")]).await.status(),
        200
    );
    let answer = desk.mails_of("customer-answer", 1).await.remove(0);
    let link = manage_link(&answer);
    assert!(answer.text.contains("Nieuwe tijd bekijken en aannemen"), "{}", answer.text);

    let page = desk.app.get(&link).await;
    assert_eq!(page.status(), 200);
    assert_eq!(header(&page, "cache-control"), "no-store");
    assert_eq!(header(&page, "referrer-policy"), "no-referrer");
    let html = page.text().await.unwrap();
    assert!(html.contains("<html lang=\"nl\"") && html.contains("content=\"noindex\""));
    assert!(html.contains("maar wel op") && html.contains("09:15"), "the proposal: {html}");
    assert!(html.contains("Nieuwe tijd aannemen") && html.contains("Rit annuleren"), "both steps");
    desk.app.get(&link).await;
    desk.app.outbox_idle().await;
    let before = desk.all_mails().len();
    assert_eq!(before, 3, "GET sends nothing");

    // Five taps at once from one page: one step, one pair of mails; the others are told.
    let version = desk.version(&link).await;
    let fields = [("action", "accept"), ("version", version.as_str())];
    let taps = (0..5).map(|_| desk.post_follow(&link, &fields));
    let pages = futures_util::future::join_all(taps).await;
    let statuses: Vec<u16> = pages.iter().map(|p| p.status().as_u16()).collect();
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 1, "{statuses:?}");
    assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 4, "{statuses:?}");
    for page in pages.into_iter().filter(|p| p.status() == 409) {
        let html = page.text().await.unwrap();
        assert!(html.contains("Uw keuze is niet overgenomen") && html.contains("is aangenomen"), "{html}");
    }
    desk.app.outbox_idle().await;
    let mails = desk.all_mails();
    assert_eq!(of_kind(&mails, "staff-step").len(), 1, "one mail to staff");
    assert_eq!(of_kind(&mails, "customer-step").len(), 1, "one mail to the customer");
    let staff = mails.iter().find(|m| m.message_id.contains(".staff-step.")).unwrap();
    assert!(staff.subject.starts_with("Accepted by customer"), "staff language: {}", staff.subject);
    let customer = mails.iter().find(|m| m.message_id.contains(".customer-step.")).unwrap();
    assert_eq!(customer.to, ["jan@example.nl"]);
    assert!(customer.subject.contains("is bevestigd voor"), "{}", customer.subject);
    for mail in [staff, customer] {
        assert_eq!(ics_field(&mail.ics, "UID"), ics_field(&answer.ics, "UID"), "the same event");
        assert_eq!(ics_field(&mail.ics, "SEQUENCE"), "2", "booked 0, proposed 1, accepted 2");
        assert_eq!(ics_field(&mail.ics, "STATUS"), "CONFIRMED");
        let compact = day.to_string().replace('-', "");
        let start = format!("DTSTART;TZID=Europe/Amsterdam:{compact}T091500");
        assert!(mail.ics.lines().any(|l| l == start), "the new time: {}", mail.ics);
    }
    let after = desk.app.get(&link).await.text().await.unwrap();
    assert!(after.contains("is bevestigd: uw taxi is geboekt") && !after.contains("Nieuwe tijd aannemen"));
    // Staff's old link now tells what the customer did.
    let staff_page = desk.app.get(&propose).await.text().await.unwrap();
    assert!(staff_page.contains("The customer accepted the proposed time"), "{staff_page}");
}

#[actix_web::test]
async fn cancelling_tells_staff_cancels_the_calendar_and_closes_the_staff_links() {
    let desk = desk("nl").await;
    let reference = desk.book("de").await;
    let booked = desk.mails_of("customer-booking", 1).await.remove(0);
    assert!(booked.text.contains("Ihre Buchung verwalten"), "{}", booked.text);
    let link = manage_link(&booked);
    // The link outlives a restart (the key is kept in the data directory).
    let desk = desk.restart_after(|_| {}).await;
    let html = desk.app.get(&link).await.text().await.unwrap();
    assert!(html.contains("Wir haben Ihre Anfrage") && html.contains("Fahrt stornieren"), "{html}");
    assert!(!html.contains("Neue Zeit annehmen"), "nothing to accept");

    let bad =
        desk.post(&link, &[("action", "cancel"), ("confirmed", "yes"), ("note", &"x".repeat(501))]).await;
    assert_eq!(bad.status(), 400);
    assert!(bad.text().await.unwrap().contains("500"), "the note's limit, under the field");
    assert_eq!(desk.post(&link, &[("action", "explode")]).await.status(), 400);

    let done =
        desk.post(&link, &[("action", "cancel"), ("confirmed", "yes"), ("note", "Flug gestrichen")]).await;
    assert_eq!(done.status(), 200);
    assert!(done.text().await.unwrap().contains("Erledigt: Ihre Fahrt ist storniert"));
    let staff = desk.mails_of("staff-step", 1).await.remove(0);
    assert!(staff.subject.starts_with("GEANNULEERD door klant"), "{}", staff.subject);
    assert!(staff.flat.contains("Reden van de klant: Flug gestrichen"), "{}", staff.text);
    assert_eq!(ics_field(&staff.ics, "STATUS"), "CANCELLED");
    let customer = desk.mails_of("customer-step", 1).await.remove(0);
    assert!(customer.subject.contains("ist storniert"), "{}", customer.subject);
    assert_eq!(
        (ics_field(&customer.ics, "STATUS"), ics_field(&customer.ics, "SEQUENCE")),
        ("CANCELLED".into(), "1".into())
    );
    assert_eq!(ics_field(&customer.ics, "UID"), ics_field(&booked.ics, "UID"));

    // Staff's confirm link now says so and sends the customer nothing.
    let confirm = desk.link(&reference, "confirm").await;
    let page = desk.app.get(&confirm).await.text().await.unwrap();
    assert!(page.contains("De klant heeft deze rit geannuleerd"), "{page}");
    assert_eq!(desk.post(&confirm, &[("note", "")]).await.status(), 409, "no form, so no version");
    // A second cancel changes nothing either.
    assert_eq!(desk.post(&link, &[("action", "cancel")]).await.status(), 409);
    desk.app.outbox_idle().await;
    assert!(desk.answers_to_customer().is_empty(), "no confirmation of a cancelled ride");
    assert_eq!(of_kind(&desk.all_mails(), "staff-step").len(), 1);
}

#[actix_web::test]
async fn after_the_pickup_nothing_changes_and_the_page_gives_the_phone() {
    let desk = desk("nl").await;
    let reference = desk.book("en").await;
    let link = manage_link(&desk.mails_of("customer-booking", 1).await.remove(0));
    let store = rusqlite::Connection::open(desk.app.data_dir.join(taxi_server::store::FILE_NAME)).unwrap();
    store
        .execute(
            "UPDATE bookings SET booking = json_set(booking, '$.pickupAt', '2020-01-01T10:00:00') WHERE reference = ?1",
            [&reference],
        )
        .unwrap();
    let html = desk.app.get(&link).await.text().await.unwrap();
    assert!(html.contains("The pick-up time has passed") && html.contains("+31 475 00 00 00"), "{html}");
    assert!(!html.contains("method=\"post\""), "no forms");
    assert_eq!(desk.post(&link, &[("action", "cancel")]).await.status(), 409);
    desk.app.outbox_idle().await;
    assert!(of_kind(&desk.all_mails(), "staff-step").is_empty());
}

#[actix_web::test]
async fn tampered_expired_and_staff_signed_links_get_the_staff_links_not_found_page() {
    let desk = desk("en").await;
    let reference = desk.book("en").await;
    let link = manage_link(&desk.mails_of("customer-booking", 1).await.remove(0));
    let staff_confirm = desk.link(&reference, "confirm").await;
    let wrong_staff_link = desk.app.get("/staff/R-ZZZZZZ/confirm").await.text().await.unwrap();
    let (path, query) = link.split_once('?').unwrap();
    let param = |q: &str, name: &str| {
        q.split('&').find_map(|p| p.strip_prefix(&format!("{name}="))).unwrap().to_string()
    };
    let (expires, sig) = (param(query, "expires"), param(query, "sig"));
    let later = (expires.parse::<i64>().unwrap() + 86_400).to_string();
    let staff_query = staff_confirm.split_once('?').unwrap().1;
    let mut flipped = sig.clone();
    flipped.replace_range(0..1, if sig.starts_with('A') { "B" } else { "A" });
    // A genuine signature for a moment already past: expired.
    let key = taxi_server::secret::SecretKey::from_bytes(
        std::fs::read(desk.app.data_dir.join("secret.key")).unwrap(),
    );
    let expired = taxi_server::bookings::answer_links::manage_path(
        &key,
        &reference,
        jiff::Timestamp::now() - std::time::Duration::from_secs(1),
    );
    for wrong in [
        expired,
        format!("{path}?expires={expires}&sig={flipped}"),
        format!("{path}?expires={later}&sig={sig}"),
        format!("{path}?expires={expires}"),
        format!("{path}?{staff_query}"),
        format!("/booking/R-ZZZZZZ?{query}"),
        format!("/booking/{}?{query}", reference.to_lowercase()),
        path.to_string(),
    ] {
        let response = desk.app.get(&wrong).await;
        assert_eq!(response.status(), 404, "{wrong}");
        assert_eq!(response.text().await.unwrap(), wrong_staff_link, "{wrong}");
        assert_eq!(desk.post(&wrong, &[("action", "cancel")]).await.status(), 404, "POST {wrong}");
    }
    desk.app.outbox_idle().await;
    assert!(of_kind(&desk.all_mails(), "staff-step").is_empty());
    assert_eq!(desk.app.get(&link).await.status(), 200);
}

#[actix_web::test]
async fn another_time_asked_for_soon_is_urgent_for_staff_counted_from_the_ask() {
    let desk = desk("nl").await;
    // Booked days ahead: not urgent then.
    let reference = desk.book("en").await;
    let link = desk.answered(&reference, "confirm", &[("note", "")]).await;
    let soon = jiff::Zoned::now()
        .in_tz("Europe/Amsterdam")
        .unwrap()
        .checked_add(jiff::Span::new().hours(2))
        .unwrap();
    let asked = desk
        .post(&link, &[("action", "ask"), ("dateTime", &soon.strftime("%Y-%m-%dT%H:%M").to_string())])
        .await;
    assert_eq!(asked.status(), 200);
    let staff = desk.mails_of("staff-step", 1).await.remove(0);
    assert!(staff.subject.starts_with("SPOED · ANDERE TIJD gevraagd door klant"), "{}", staff.subject);
    assert!(staff.text.contains("SPOED: ophalen binnen"), "{}", staff.text);
}

#[actix_web::test]
async fn asking_for_another_time_makes_a_confirmed_ride_a_request_again_for_staff_to_answer() {
    let desk = desk("nl").await;
    let reference = desk.book("en").await;
    let confirm = desk.link(&reference, "confirm").await;
    assert_eq!(desk.post(&confirm, &[("note", "")]).await.status(), 200);
    let confirmed = desk.mails_of("customer-answer", 1).await.remove(0);
    let link = manage_link(&confirmed);
    let html = desk.app.get(&link).await.text().await.unwrap();
    assert!(html.contains("Ask for another time") && html.contains("type=\"datetime-local\""), "{html}");

    let past = desk.post(&link, &[("action", "ask"), ("dateTime", "2020-01-01T10:00")]).await;
    assert_eq!(past.status(), 400);
    assert!(past.text().await.unwrap().contains("id=\"dateTime-error\""), "the error under the field");
    let day = jiff::Zoned::now().date().checked_add(jiff::Span::new().days(4)).unwrap();
    let asked = desk.post(&link, &[("action", "ask"), ("dateTime", &format!("{day}T10:45"))]).await;
    assert_eq!(asked.status(), 200);
    assert!(asked.text().await.unwrap().contains("Done: we have your request for"));

    let staff = desk.mails_of("staff-step", 1).await.remove(0);
    assert!(staff.subject.starts_with("ANDERE TIJD gevraagd door klant"), "{}", staff.subject);
    let compact = day.to_string().replace('-', "");
    let start = format!("DTSTART;TZID=Europe/Amsterdam:{compact}T104500");
    let customer = desk.mails_of("customer-step", 1).await.remove(0);
    assert!(customer.subject.starts_with("Your request for another time"), "{}", customer.subject);
    for mail in [&staff, &customer] {
        assert_eq!(
            (ics_field(&mail.ics, "STATUS"), ics_field(&mail.ics, "SEQUENCE")),
            ("TENTATIVE".into(), "2".into())
        );
        assert!(mail.ics.lines().any(|l| l == start), "the asked time: {}", mail.ics);
    }
    // The staff mail's buttons answer the request at the asked time.
    let button = staff
        .text
        .lines()
        .find(|l| l.contains(&format!("/staff/{reference}/confirm?")))
        .expect("a confirm button");
    let again = button[button.find("/staff/").unwrap()..].trim().to_string();
    let page = desk.app.get(&again).await.text().await.unwrap();
    assert!(page.contains("De klant vraagt een andere tijd") && page.contains("method=\"post\""), "{page}");
    assert_eq!(desk.post(&again, &[("note", "")]).await.status(), 200);
    let answers = desk.mails_of("customer-answer", 2).await;
    let reconfirmed =
        answers.iter().find(|m| ics_field(&m.ics, "SEQUENCE") == "3").expect("the new confirmation");
    assert_eq!(ics_field(&reconfirmed.ics, "STATUS"), "CONFIRMED");
    assert!(reconfirmed.ics.lines().any(|l| l == start), "confirmed at the asked time");
}

#[actix_web::test]
async fn after_twelve_changes_another_time_is_asked_by_phone_while_cancelling_stays_open() {
    let desk = desk("nl").await;
    let reference = desk.book("en").await;
    let link = desk.answered(&reference, "confirm", &[("note", "")]).await;
    let day = jiff::Zoned::now().date().checked_add(jiff::Span::new().days(4)).unwrap();
    // The staff answer was change 1; eleven asks make twelve.
    for minute in 10..21 {
        let asked = desk.post(&link, &[("action", "ask"), ("dateTime", &format!("{day}T10:{minute}"))]).await;
        assert_eq!(asked.status(), 200, "ask at 10:{minute}");
    }
    desk.mails_of("staff-step", 11).await;
    let html = desk.app.get(&link).await.text().await.unwrap();
    assert!(!html.contains("type=\"datetime-local\""), "no more asking online");
    assert!(
        html.contains("Call us on") && html.contains("confirm=cancel"),
        "the phone, and cancelling: {html}"
    );
    let refused = desk.post(&link, &[("action", "ask"), ("dateTime", &format!("{day}T11:00"))]).await;
    assert_eq!(refused.status(), 409, "the page as it stands");
    assert!(!refused.text().await.unwrap().contains("Done:"));
    // Posted from the page that asks "cancel this ride?" (the only form left, with the version).
    let ask_first = format!("{link}&confirm=cancel");
    let cancelled = desk.post(&ask_first, &[("action", "cancel"), ("confirmed", "yes"), ("note", "")]).await;
    assert!(cancelled.text().await.unwrap().contains("Done:"), "cancelling is always possible");
    desk.mails_of("staff-step", 12).await;
    desk.app.outbox_idle().await;
    let steps = desk.mails_of("staff-step", 12).await;
    assert_eq!(steps.len(), 12, "eleven asks and the cancellation, no thirteenth");
    assert!(
        steps.iter().any(|m| m.subject.contains("GEANNULEERD")),
        "{:?}",
        steps.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
}
