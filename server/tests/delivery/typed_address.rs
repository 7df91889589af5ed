//! A pick-up street the visitor typed, in the customer's mails: before staff
//! answered, the street is named as "the street you typed, in <town>" with a
//! note on how to check and correct it, and the calendar's LOCATION is the
//! town; once staff confirmed (a person read it), the mail and the calendar
//! carry the full address. Golden files as in `golden.rs`.
use taxi_server::{
    bookings::{
        answer::{Action, Answer, Status},
        model::{Address, Booking, ListedPlace},
        record::Record,
        reminder::Reminder,
    },
    types::Lang,
};

use crate::{
    golden::{check, describe},
    helpers::{booking, composer},
};

fn listed(name: &str, formatted: &str, street_typed: bool) -> Option<ListedPlace> {
    let json = serde_json::json!({"name": name, "formatted": formatted, "streetAsRequested": street_typed});
    Some(serde_json::from_value(json).unwrap())
}

/// The golden booking, picked up at a street typed in Roermond (an `addr:` place).
fn typed(lang: Lang) -> Booking {
    let mut b = booking(lang);
    b.departure = Address {
        formatted: "Kerkstraat 5, 6041 Roermond".into(),
        name: "Kerkstraat 5".into(),
        place_id: taxi_server::types::PlaceId::parse("addr:g2748000:S2Vya3N0cmFhdCA1"),
        listed: listed("Roermond", "Roermond, Limburg, Nederland", true),
        own: None,
    };
    b
}

fn record(b: Booking, status: Status, answer: Option<Answer>) -> Record {
    Record {
        booking: b,
        status,
        sequence: 1,
        calendar_uid: "R7K3Q9.golden@taxiroermond.example".into(),
        answer,
        customer_step: None,
        reminders_sent: Vec::new(),
    }
}

fn answer(action: Action) -> Answer {
    Answer {
        action,
        note: String::new(),
        proposed_pickup_at: None,
        reason: None,
        answered_at: "2025-11-20T09:40:00Z".parse().unwrap(),
    }
}

/// The value of a `Label:   value` line of a plain-text mail.
fn field<'a>(text: &'a str, label: &str) -> &'a str {
    text.lines().find_map(|l| l.strip_prefix(label)?.strip_prefix(':').map(str::trim)).unwrap_or("")
}

/// The LOCATION lines of a calendar file.
fn locations(ics: &str) -> Vec<String> {
    let unfolded = ics.replace("\r\n ", "");
    unfolded.lines().filter_map(|l| l.strip_prefix("LOCATION:")).map(str::to_owned).collect()
}

#[test]
fn before_staff_answer_the_mail_names_the_town_and_says_how_to_correct_the_street() {
    for lang in Lang::ALL {
        let mails = composer(lang).booking(&typed(lang), "golden").unwrap();
        let customer = &mails[1];
        check(&format!("booking-customer-typed-{lang}"), &describe(customer));
        assert!(!customer.text.contains("Kerkstraat"), "{lang}: not repeated: {}", customer.text);
        assert!(!customer.ics.as_deref().unwrap().contains("Kerkstraat"), "{lang}");
        assert!(mails[0].text.contains("Kerkstraat 5"), "{lang}: staff see it");
    }
    let mails = composer(Lang::En).booking(&typed(Lang::En), "x").unwrap();
    assert_eq!(field(&mails[1].text, "From"), "The street you typed, in Roermond");
    let text = mails[1].text.replace('\n', " ");
    assert!(text.contains("Reply to this e-mail with the right address"), "{text}");
    let ics = mails[1].ics.as_deref().unwrap();
    assert_eq!(
        locations(ics),
        ["Roermond\\, Limburg\\, Nederland", "Evert van de Beekstraat 202\\, 1118 CP Schiphol\\, Nederland"]
    );
}

#[test]
fn once_staff_confirmed_the_mail_and_the_calendar_carry_the_full_pickup_address() {
    let confirmed = record(typed(Lang::En), Status::Requested, None);
    let mail = composer(Lang::Nl).answer(&confirmed, &answer(Action::Confirm), "golden").unwrap().unwrap();
    check("answer-confirm-typed-en", &describe(&mail));
    assert_eq!(field(&mail.text, "From"), "Kerkstraat 5, 6041 Roermond");
    assert!(!mail.text.contains("you typed"), "{}", mail.text);
    assert_eq!(locations(mail.ics.as_deref().unwrap())[0], "Kerkstraat 5\\, 6041 Roermond");
    // A decline: nobody offered to drive there; the street stays out.
    let declined = composer(Lang::Nl).answer(&confirmed, &answer(Action::Decline), "x").unwrap().unwrap();
    assert!(!declined.text.contains("Kerkstraat"), "{}", declined.text);
    // The reminder of the confirmed ride carries it too.
    let ride = record(typed(Lang::De), Status::Confirmed, Some(answer(Action::Confirm)));
    let at = "2025-11-23T18:00:00Z".parse().unwrap();
    let reminder = composer(Lang::Nl).reminder(&ride, Reminder::CustomerBeforeRide, "x", at).unwrap();
    assert!(reminder[0].text.contains("Kerkstraat 5, 6041 Roermond"), "{}", reminder[0].text);
    // … while the "not confirmed yet" of an unanswered one does not.
    let open = record(typed(Lang::De), Status::Requested, None);
    let reminder = composer(Lang::Nl).reminder(&open, Reminder::CustomerNoAnswer, "x", at).unwrap();
    assert!(!reminder[0].text.contains("Kerkstraat"), "{}", reminder[0].text);
    assert!(
        reminder[0].text.contains("Die Straße, die Sie eingegeben haben, in Roermond"),
        "{}",
        reminder[0].text
    );
}

#[test]
fn a_street_beside_a_whole_town_and_an_address_typed_without_a_choice() {
    let mut beside = booking(Lang::Nl);
    beside.departure.listed = listed("Roermond", "Roermond, Limburg, Nederland", false);
    beside.departure.formatted = "Roermond, Limburg, Nederland".into();
    beside.extras.pickup_street = Some("Markt 1".into());
    let mails = composer(Lang::Nl).booking(&beside, "x").unwrap();
    assert!(!mails[1].text.contains("Markt 1"), "{}", mails[1].text);
    assert!(mails[1].text.contains("De straat die u invulde, in Roermond"), "{}", mails[1].text);
    let answered = record(beside, Status::Requested, None);
    let mail = composer(Lang::Nl).answer(&answered, &answer(Action::Confirm), "x").unwrap().unwrap();
    assert!(mail.text.contains("Markt 1"), "{}", mail.text);
    assert_eq!(locations(mail.ics.as_deref().unwrap())[0], "Markt 1\\, Roermond\\, Limburg\\, Nederland");

    // Typed without choosing from the list: not even a town is known, so no LOCATION at all.
    let mut unchosen = booking(Lang::En);
    unchosen.departure = Address {
        formatted: "Kerkstraat 5 Roermond".into(),
        name: "Kerkstraat 5 Roermond".into(),
        place_id: None,
        listed: None,
        own: None,
    };
    let mails = composer(Lang::Nl).booking(&unchosen, "x").unwrap();
    let ics = mails[1].ics.as_deref().unwrap().replace("\r\n ", "");
    assert!(!mails[1].text.contains("Kerkstraat"), "{}", mails[1].text);
    assert_eq!(field(&mails[1].text, "From"), "The address you typed");
    assert!(ics.contains("SUMMARY:Taxi your address → Schiphol (R7K3Q9)"), "{ics}");
    assert_eq!(locations(&ics).len(), 1, "only the return ride's, from Schiphol: {ics}");
}
