//! Pages left open while the booking changed: a post carries the version its
//! page showed, and one from an older page (or one that lost a race) changes
//! nothing, sends nothing, and says what changed, in the page's language.
//! A post that is taken answers with a redirect to the page.
use crate::{
    helpers::header,
    manage_booking::{manage_link, of_kind},
    staff_answers::{desk, Desk},
};

/// A date four days ahead, as the date-time field writes it.
fn day() -> jiff::civil::Date {
    jiff::Zoned::now().date().checked_add(jiff::Span::new().days(4)).unwrap()
}

/// The booking's row as stored: status and sequence.
fn stored(desk: &Desk, reference: &str) -> (String, u32) {
    let store = rusqlite::Connection::open(desk.app.data_dir.join(taxi_server::store::FILE_NAME)).unwrap();
    store
        .query_row("SELECT status, sequence FROM bookings WHERE reference = ?1", [reference], |row| {
            Ok((row.get(0)?, row.get(1)?))
        })
        .unwrap()
}

#[actix_web::test]
async fn a_staff_page_opened_before_the_customer_asked_another_time_confirms_nothing() {
    let desk = desk("en").await;
    let reference = desk.book("nl").await;
    let confirm = desk.link(&reference, "confirm").await;
    let seen = desk.version(&confirm).await;
    assert_eq!(seen, "0");
    // Meanwhile the customer asks for 18:00 from the link in their booking mail.
    let manage = manage_link(&desk.mails_of("customer-booking", 1).await.remove(0));
    let asked = desk.post(&manage, &[("action", "ask"), ("dateTime", &format!("{}T18:00", day()))]).await;
    assert_eq!(asked.status(), 200);
    desk.mails_of("staff-step", 1).await;

    let stale =
        desk.post_raw(&confirm, &[("note", "See you at the time you booked"), ("version", &seen)]).await;
    assert_eq!(stale.status(), 409);
    let html = stale.text().await.unwrap();
    assert!(html.contains("Your answer was not sent: the booking changed"), "{html}");
    assert!(
        html.contains("The customer asks for another time") && html.contains("18:00"),
        "what changed: {html}"
    );
    assert!(
        html.contains("name=\"version\" value=\"1\""),
        "the form again, for the booking as it is: {html}"
    );
    desk.app.outbox_idle().await;
    assert!(desk.answers_to_customer().is_empty(), "nothing sent to the customer");
    assert_eq!(stored(&desk, &reference), ("requested".into(), 1));

    // Answered from the page as it is now: the customer gets 18:00.
    assert_eq!(desk.post(&confirm, &[("note", "")]).await.status(), 200);
    let answer = desk.mails_of("customer-answer", 1).await.remove(0);
    assert!(answer.flat.contains("18:00"), "{}", answer.flat);
}

#[actix_web::test]
async fn a_staff_page_opened_before_a_colleagues_proposal_sends_nothing() {
    let desk = desk("de").await;
    let reference = desk.book("en").await;
    let (confirm, propose) = (desk.link(&reference, "confirm").await, desk.link(&reference, "propose").await);
    let seen = desk.version(&confirm).await;
    let proposed = desk.post(&propose, &[("dateTime", &format!("{}T22:00", day())), ("note", "")]).await;
    assert_eq!(proposed.status(), 200);
    let stale = desk.post_raw(&confirm, &[("note", "Bis dann"), ("version", &seen)]).await;
    assert_eq!(stale.status(), 409);
    let html = stale.text().await.unwrap();
    assert!(
        html.contains("Ihre Antwort wurde nicht gesendet") && html.contains("bereits beantwortet"),
        "{html}"
    );
    desk.app.outbox_idle().await;
    assert_eq!(desk.answers_to_customer().len(), 1, "only the proposal");
    assert_eq!(stored(&desk, &reference), ("rescheduled".into(), 1));
}

#[actix_web::test]
async fn an_old_manage_tab_accepts_no_proposal_the_customer_never_saw() {
    let desk = desk("nl").await;
    let reference = desk.book("en").await;
    let manage = desk
        .answered(&reference, "propose", &[("dateTime", &format!("{}T10:00", day())), ("note", "")])
        .await;
    let old_tab = desk.version(&manage).await;
    assert_eq!(old_tab, "1");
    // In another tab the customer asks for 12:00; staff propose 22:00 instead.
    let asked = desk.post(&manage, &[("action", "ask"), ("dateTime", &format!("{}T12:00", day()))]).await;
    assert_eq!(asked.status(), 200);
    let step = desk.mails_of("staff-step", 1).await.remove(0);
    let line = step.text.lines().find(|l| l.contains(&format!("/staff/{reference}/propose?"))).unwrap();
    let again = line[line.find("/staff/").unwrap()..].trim().to_string();
    assert_eq!(
        desk.post(&again, &[("dateTime", &format!("{}T22:00", day())), ("note", "")]).await.status(),
        200
    );
    desk.mails_of("customer-answer", 2).await;

    // The old tab's "accept" (of 10:00) is not taken, and the page shows 22:00 to accept.
    let stale = desk.post_raw(&manage, &[("action", "accept"), ("version", &old_tab)]).await;
    assert_eq!(stale.status(), 409);
    let html = stale.text().await.unwrap();
    assert!(html.contains("Your choice was not taken: your booking changed"), "{html}");
    assert!(html.contains("We proposed another time") && html.contains("22:00"), "{html}");
    assert!(html.contains("Accept the new time") && html.contains("name=\"version\" value=\"3\""), "{html}");
    desk.app.outbox_idle().await;
    assert_eq!(of_kind(&desk.all_mails(), "staff-step").len(), 1, "only the ask");
    assert_eq!(stored(&desk, &reference), ("rescheduled".into(), 3));
}

#[actix_web::test]
async fn the_same_other_time_sent_twice_is_taken_once_and_a_taken_step_redirects() {
    let desk = desk("nl").await;
    let reference = desk.book("de").await;
    let manage = manage_link(&desk.mails_of("customer-booking", 1).await.remove(0));
    let seen = desk.version(&manage).await;
    let fields = [("action", "ask"), ("dateTime", &format!("{}T18:00", day())), ("version", &seen)];
    let first = desk.post_raw(&manage, &fields).await;
    assert_eq!(first.status(), 303, "POST/redirect/GET");
    let location = header(&first, "location").to_string();
    assert!(
        location.starts_with(&format!("/booking/{reference}?expires=")) && location.ends_with("&done=ask")
    );
    assert_eq!(header(&first, "cache-control"), "no-store");
    let done = desk.app.get(&location).await.text().await.unwrap();
    assert!(done.contains("Erledigt") && done.contains("18:00"), "{done}");
    // The same form again (Back and send, or a resend): nothing more.
    let second = desk.post_raw(&manage, &fields).await;
    assert_eq!(second.status(), 409);
    assert!(second.text().await.unwrap().contains("Ihre Wahl wurde nicht übernommen"));
    desk.app.outbox_idle().await;
    assert_eq!(of_kind(&desk.all_mails(), "staff-step").len(), 1);
    assert_eq!(of_kind(&desk.all_mails(), "customer-step").len(), 1);
    assert_eq!(stored(&desk, &reference), ("requested".into(), 1));
    // The page reloaded later says "done" only while the step is the booking's last change.
    let reload = desk.app.get(&location).await.text().await.unwrap();
    assert!(reload.contains("Erledigt"), "{reload}");
    let cancelled = desk.post(&manage, &[("action", "cancel"), ("confirmed", "yes"), ("note", "")]).await;
    assert_eq!(cancelled.status(), 200);
    let reload = desk.app.get(&location).await.text().await.unwrap();
    assert!(!reload.contains("wir haben Ihre Anfrage für"), "no stale 'done': {reload}");
}

#[actix_web::test]
async fn asking_for_the_time_the_ride_already_has_changes_nothing() {
    let desk = desk("nl").await;
    let reference = desk.book("en").await;
    let manage = desk.answered(&reference, "confirm", &[("note", "")]).await;
    let html = desk.app.get(&manage).await.text().await.unwrap();
    // The ask field's value, in whatever order the renderer writes the input's attributes.
    let input = html.split("<input").find(|tag| tag.contains("name=\"dateTime\"")).expect("the ask form");
    let at = input.find("value=\"").unwrap_or_else(|| panic!("the ask form: {html}")) + "value=\"".len();
    let same = input[at..].split('"').next().unwrap().to_string();
    let asked = desk.post(&manage, &[("action", "ask"), ("dateTime", &same)]).await;
    assert_eq!(asked.status(), 200);
    let html = asked.text().await.unwrap();
    assert!(html.contains("is already the time of your ride: nothing has changed"), "{html}");
    desk.app.outbox_idle().await;
    assert!(of_kind(&desk.all_mails(), "staff-step").is_empty());
    assert_eq!(stored(&desk, &reference), ("confirmed".into(), 1));
}

#[actix_web::test]
async fn a_proposal_whose_time_has_passed_cannot_be_accepted() {
    let desk = desk("nl").await;
    let reference = desk.book("de").await;
    let manage = desk
        .answered(&reference, "propose", &[("dateTime", &format!("{}T09:00", day())), ("note", "")])
        .await;
    let seen = desk.version(&manage).await;
    // The proposed time moves into the past; the ride's own time is still ahead.
    let store = rusqlite::Connection::open(desk.app.data_dir.join(taxi_server::store::FILE_NAME)).unwrap();
    let moved = "UPDATE bookings SET answer = json_set(answer, '$.proposedPickupAt', '2020-01-01T10:00:00') WHERE reference = ?1";
    assert_eq!(store.execute(moved, [&reference]).unwrap(), 1);
    let html = desk.app.get(&manage).await.text().await.unwrap();
    assert!(
        html.contains("kann nicht mehr angenommen werden") && html.contains("+31 475 00 00 00"),
        "{html}"
    );
    assert!(!html.contains("value=\"accept\""), "no accept button: {html}");
    assert!(html.contains("confirm=cancel"), "cancelling stays open");
    let late = desk.post_raw(&manage, &[("action", "accept"), ("version", &seen)]).await;
    assert_eq!(late.status(), 409);
    desk.app.outbox_idle().await;
    assert!(of_kind(&desk.all_mails(), "staff-step").is_empty(), "nothing taken");
    assert_eq!(stored(&desk, &reference), ("rescheduled".into(), 1));
}

#[actix_web::test]
async fn a_later_time_proposed_can_be_accepted_after_the_time_first_asked_for() {
    let desk = desk("nl").await;
    let reference = desk.book("de").await;
    let manage = desk
        .answered(&reference, "propose", &[("dateTime", &format!("{}T09:00", day())), ("note", "")])
        .await;
    // The time first asked for passes before the customer reads the proposal.
    let store = rusqlite::Connection::open(desk.app.data_dir.join(taxi_server::store::FILE_NAME)).unwrap();
    let passed = "UPDATE bookings SET pickup_at = 1577872800,
        booking = json_set(booking, '$.pickupAt', '2020-01-01T10:00:00') WHERE reference = ?1";
    assert_eq!(store.execute(passed, [&reference]).unwrap(), 1);
    let html = desk.app.get(&manage).await.text().await.unwrap();
    assert!(html.contains("value=\"accept\""), "the proposal can still be taken: {html}");
    assert!(!html.contains("Abholzeit ist vorbei"), "not closed: {html}");
    let seen = desk.version(&manage).await;
    let taken = desk.post_follow(&manage, &[("action", "accept"), ("version", &seen)]).await;
    assert_eq!(taken.status(), 200);
    assert_eq!(stored(&desk, &reference).0, "confirmed");
    desk.app.outbox_idle().await;
    assert_eq!(of_kind(&desk.all_mails(), "staff-step").len(), 1, "staff are told");
}

#[actix_web::test]
async fn a_cancel_that_loses_to_a_confirm_says_it_was_not_taken() {
    for round in 0..4 {
        let desk = desk("en").await;
        let reference = desk.book("de").await;
        let confirm = desk.link(&reference, "confirm").await;
        let manage = manage_link(&desk.mails_of("customer-booking", 1).await.remove(0));
        let (staff_seen, customer_seen) = (desk.version(&confirm).await, desk.version(&manage).await);
        let answer = [("note", ""), ("version", staff_seen.as_str())];
        let cancel =
            [("action", "cancel"), ("confirmed", "yes"), ("note", ""), ("version", customer_seen.as_str())];
        let (staff, customer) =
            tokio::join!(desk.post_follow(&confirm, &answer), desk.post_follow(&manage, &cancel));
        let (staff_status, customer_status) = (staff.status().as_u16(), customer.status().as_u16());
        let (staff, customer) = (staff.text().await.unwrap(), customer.text().await.unwrap());
        match (staff_status, customer_status) {
            (200, 409) => {
                assert!(customer.contains("Ihre Wahl wurde nicht übernommen"), "round {round}: {customer}");
                assert!(customer.contains("Wir haben Ihre Fahrt für") && customer.contains("bestätigt"));
                assert!(customer.contains("Fahrt stornieren"), "the choices there are now");
                assert_eq!(stored(&desk, &reference).0, "confirmed");
            }
            (409, 200) => {
                assert!(staff.contains("Your answer was not sent") && staff.contains("cancelled"), "{staff}");
                assert_eq!(stored(&desk, &reference).0, "cancelled");
            }
            other => panic!("round {round}: exactly one is taken, got {other:?}"),
        }
    }
}
