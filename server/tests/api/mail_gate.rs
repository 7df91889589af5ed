//! The one gate of mails to addresses a visitor typed (issue 41, item 1):
//! every kind of customer mail counts per mailbox however spelt, a booking
//! that could not mail its address never does, and the thank-you box says so
//! and shows the booking's own page.
use serde_json::{json, Value};

use crate::{
    booking::booking,
    desk::{desk_limited, Desk},
    helpers::clear_of_the_hour,
};

const VICTIM: &str = "idn@xn--bcher-kva.example";

/// A booking to `email`, told apart from the others by its passengers.
fn booking_to(email: &str, passengers: u32) -> Value {
    let mut body = booking();
    body["email"] = json!(email);
    body["passengerAmount"] = json!(passengers.to_string());
    body
}

fn contact_to(email: &str, n: u32) -> Value {
    json!({"name": "Anna", "email": email, "subject": format!("Vraag {n}"), "message": "Rijden jullie ook 's nachts?"})
}

/// Mails to the mailbox of `address`, however the envelope spells it.
fn mails_to(desk: &Desk, address: &str) -> usize {
    let mailbox = |to: &str| {
        let (local, domain) =
            to.to_lowercase().rsplit_once('@').map(|(l, d)| (l.to_owned(), d.to_owned())).unwrap();
        format!("{}@{domain}", local.split('+').next().unwrap())
    };
    desk.all_mails().iter().filter(|m| m.to.len() == 1 && mailbox(&m.to[0]) == mailbox(address)).count()
}

#[actix_web::test]
async fn one_mailbox_however_spelt_gets_its_days_share_of_bookings_and_messages_together() {
    clear_of_the_hour();
    let desk =
        desk_limited("en", "rate_limit_per_minute = 0\nconfirmations_per_recipient_per_day = 3", "").await;
    let spellings = ["idn@bücher.example", "IDN+1@BÜCHER.example", "idn@xn--bcher-kva.example"];
    let mut answers = Vec::new();
    for (n, email) in spellings.iter().enumerate() {
        let n = n as u32;
        answers.push(desk.app.post_json("/api/reservation/en", &booking_to(email, 1 + n)).await);
        answers.push(desk.app.post_json("/api/contact/nl", &contact_to(email, n)).await);
    }
    let mut no_mail = 0;
    for answer in answers {
        assert_eq!(answer.status(), 200, "each booking and message is taken");
        let body: Value = answer.json().await.unwrap();
        no_mail += usize::from(body["noMail"].is_string());
    }
    desk.mails(6 + 3).await;
    desk.app.outbox_idle().await;
    assert_eq!(mails_to(&desk, VICTIM), 3, "three mails to the one mailbox, its day's share");
    assert_eq!(no_mail, 3, "the other three answers say that no mail will come");
    let unicode = desk.all_mails().iter().filter(|m| m.to.iter().any(|to| !to.is_ascii())).count();
    assert_eq!(unicode, 0, "the envelope carries the domain in ASCII");
}

#[actix_web::test]
async fn a_booking_that_could_not_mail_its_address_never_does_and_later_mails_count_too() {
    clear_of_the_hour();
    let limits = "rate_limit_per_minute = 0\nconfirmations_per_recipient_per_day = 1\ncustomer_mails_per_recipient_per_day = 2";
    let desk = desk_limited("en", limits, "").await;
    let mut references = Vec::new();
    for passengers in 1..=3 {
        let answer =
            desk.app.post_json("/api/reservation/nl", &booking_to("jan@example.nl", passengers)).await;
        let body: Value = answer.json().await.unwrap();
        let message = body["message"].as_str().unwrap();
        let at = message.find("R-").unwrap();
        references.push(message[at..at + 8].to_string());
        assert_eq!(body["noMail"].is_string(), passengers > 1, "{body}");
    }
    desk.mails(3 + 1).await;
    // Staff confirm all three: only the first booking may mail its address,
    // and it has one mail left today.
    for reference in &references {
        let confirm = desk.link(reference, "confirm").await;
        assert_eq!(desk.post(&confirm, &[("note", "")]).await.status(), 200);
    }
    desk.app.outbox_idle().await;
    let to_customer: Vec<_> = desk.all_mails().into_iter().filter(|m| m.to == ["jan@example.nl"]).collect();
    let answered: Vec<_> =
        to_customer.iter().filter(|m| m.message_id.contains(".customer-answer.")).collect();
    assert_eq!((to_customer.len(), answered.len()), (2, 1), "the confirmation and one answer");
    assert!(answered[0].text.contains(&references[0]), "the answer is the first booking's");
    // The first booking's customer step would be its third mail today: dropped.
    let mails_before = desk.all_mails().len();
    let manage = manage_path(&desk, &references[0]).await;
    let cancel = desk.post(&manage, &[("action", "cancel"), ("confirmed", "yes"), ("note", "")]).await;
    assert_eq!(cancel.status(), 200);
    desk.mails(mails_before + 1).await;
    desk.app.outbox_idle().await;
    assert_eq!(
        mails_to(&desk, "jan@example.nl"),
        2,
        "staff are told of the cancellation; the customer is not"
    );
}

/// The manage page of `reference`, from its customer mail.
async fn manage_path(desk: &Desk, reference: &str) -> String {
    let mails = desk.all_mails();
    let mail = mails.iter().find(|m| m.to == ["jan@example.nl"] && m.text.contains(reference)).unwrap();
    let start = mail.flat.find("https://www.taxiroermond.example/booking/").expect("the manage link");
    let link = mail.flat[start..].split_whitespace().next().unwrap();
    link.trim_start_matches("https://www.taxiroermond.example").trim_end_matches('>').to_string()
}

#[actix_web::test]
async fn the_thank_you_box_shows_the_bookings_own_page_and_says_when_no_mail_will_come() {
    clear_of_the_hour();
    let desk =
        desk_limited("en", "rate_limit_per_minute = 0\nconfirmations_per_recipient_per_day = 1", "").await;
    let first: Value = desk
        .app
        .post_json("/api/reservation/de", &booking_to("jan@example.nl", 1))
        .await
        .json()
        .await
        .unwrap();
    assert!(first["noMail"].is_null(), "{first}");
    let href = first["manage"]["href"].as_str().expect("the manage link");
    let path = href.trim_start_matches("https://www.taxiroermond.example");
    let page = desk.app.get(path).await;
    assert_eq!(page.status(), 200, "the link opens the booking's page");
    let message = first["message"].as_str().unwrap();
    let reference = &message[message.find("R-").unwrap()..][..8];
    assert!(page.text().await.unwrap().contains(reference), "{reference}");
    let second = desk.app.post_json("/api/reservation/de", &booking_to("jan@example.nl", 2)).await;
    let second: Value = second.json().await.unwrap();
    assert!(
        second["noMail"].as_str().unwrap().starts_with("Wir senden dazu keine E-Mail an jan@example.nl"),
        "{second}"
    );
    assert!(second["manage"]["href"].is_string(), "the link is the way to the booking now");
}

#[actix_web::test]
async fn a_contact_message_sent_twice_says_both_times_that_no_mail_will_come() {
    clear_of_the_hour();
    let limits = "rate_limit_per_minute = 0\nconfirmations_per_recipient_per_day = 1";
    let desk = desk_limited("en", limits, "").await;
    let first: Value =
        desk.app.post_json("/api/contact/de", &contact_to("jan@example.nl", 1)).await.json().await.unwrap();
    assert!(first["noMail"].is_null(), "{first}");
    // The second message is not acknowledged; sent again (a retry, a double click), its
    // repeat stores nothing and says the same.
    for round in 0..2 {
        let again: Value = desk
            .app
            .post_json("/api/contact/de", &contact_to("jan@example.nl", 2))
            .await
            .json()
            .await
            .unwrap();
        assert!(again["noMail"].as_str().is_some_and(|t| t.contains("jan@example.nl")), "{round}: {again}");
        assert_eq!(again["message"], first["message"], "{again}");
    }
    desk.app.outbox_idle().await;
    let to_staff = desk.all_mails().iter().filter(|m| m.to != ["jan@example.nl"]).count();
    assert_eq!(to_staff, 2, "two messages, the second once");
}

/// A booking to `email` sent by the client `from` (behind the trusted proxy): its answer.
async fn book_from(desk: &Desk, from: &str, email: &str, passengers: u32) -> Value {
    let url = format!("{}/api/reservation/en", desk.app.address);
    let ride = booking_to(email, passengers);
    let response =
        desk.app.client.post(url).header("X-Forwarded-For", from).json(&ride).send().await.unwrap();
    assert_eq!(response.status(), 200, "{email} from {from}");
    response.json().await.unwrap()
}

#[actix_web::test]
async fn a_few_networks_cannot_spend_the_sites_hour_of_customer_mail_for_everybody() {
    clear_of_the_hour();
    // The site mails 12 new addresses an hour, a network at most 4 of them.
    let limits = "rate_limit_per_minute = 0\ntrusted_proxies = [\"127.0.0.1\"]\n\
        customer_mails_per_hour = 12\ncustomer_mails_per_network_per_hour = 4";
    // What the proof of work would cost the flood is not this test's matter.
    let desk = desk_limited("en", limits, "[proof_of_work]\nlevels = []\n").await;
    // Three networks flood, each from many addresses of its /24, to many victims.
    let mut flood_mailed = 0;
    for network in 1..=3 {
        for host in 1..=10 {
            let email = format!("victim{network}x{host}@example.org");
            let answer = book_from(&desk, &format!("198.51.{network}.{host}"), &email, 1).await;
            flood_mailed += usize::from(answer["noMail"].is_null());
        }
    }
    assert_eq!(flood_mailed, 12, "the flood got its networks' shares, the site's hour");
    // Then ten customers, each from a network of their own.
    let mut honest_mailed = 0;
    for n in 1..=10 {
        let answer = book_from(&desk, &format!("203.0.{n}.7"), &format!("customer{n}@example.nl"), 2).await;
        honest_mailed += usize::from(answer["noMail"].is_null());
    }
    assert_eq!(honest_mailed, 10, "every customer gets their confirmation");
    desk.mails(30 + 10 + 22).await;
}

#[actix_web::test]
async fn a_mailboxs_days_share_holds_across_a_restart() {
    let desk =
        desk_limited("nl", "rate_limit_per_minute = 0\nconfirmations_per_recipient_per_day = 2", "").await;
    for n in 0..2 {
        let answer = desk.app.post_json("/api/reservation/nl", &booking_to(VICTIM, 1 + n)).await;
        assert_eq!(answer.status(), 200);
        assert!(answer.json::<Value>().await.unwrap()["noMail"].is_null(), "booking {n} mails its address");
    }
    desk.mails(4).await;
    let desk = desk.restart_after(|_| {}).await;
    let answer = desk.app.post_json("/api/reservation/nl", &booking_to(VICTIM, 3)).await;
    assert_eq!(answer.status(), 200, "the booking is taken");
    let body: Value = answer.json().await.unwrap();
    assert!(body["noMail"].is_string(), "the day's share was used before the restart: {body}");
    desk.mails(5).await;
    desk.app.outbox_idle().await;
    assert_eq!(mails_to(&desk, VICTIM), 2, "no third mail to the mailbox after the restart");
}
