//! More golden mails: a group's booking (the taxibus on both rides, `tests/golden/*-taxibus-*.txt`)
//! and how the staff HTML mail draws its answers.
use mail_parser::MessageParser;
use taxi_server::types::Lang;

use crate::{
    golden::{check, describe},
    helpers::{booking, composer},
};

/// A group of six: the taxibus's surcharge on both rides, said in the price lines of both mails.
#[test]
fn taxibus_booking_mails_in_three_languages() {
    use taxi_server::{pricing::taxibus::TaxibusPart, types::Money};
    for lang in Lang::ALL {
        let mut b = booking(lang);
        b.passengers = 6;
        b.extras.large_vehicle = true;
        let part = TaxibusPart { passengers: 6, surcharge_cents: Money::from_cents(1500) };
        for price in [b.price.as_mut(), b.extras.return_trip.as_mut().and_then(|r| r.price.as_mut())] {
            let price = price.expect("both rides priced");
            price.amount_cents = price.amount_cents + part.surcharge_cents;
            price.taxibus = Some(part);
        }
        let mails = composer(lang).booking(&b, "golden").unwrap();
        check(&format!("booking-staff-taxibus-{lang}"), &describe(&mails[0]));
        check(&format!("booking-customer-taxibus-{lang}"), &describe(&mails[1]));
    }
}

/// What decides the vehicle (luggage, child seats, a wheelchair), a stop on the way and a ride on
/// account: the staff mail flags them in its subject and lists them with the company invoiced;
/// the customer's lists what travels along and the stop, never the company
/// (`tests/golden/*-needs-*.txt`).
#[test]
fn needs_stop_and_invoice_mails_in_three_languages() {
    use taxi_server::{
        bookings::model::{Address, Invoice, PaymentMethod, RideNeeds},
        pricing::stop::StopPart,
        types::Money,
    };
    for lang in Lang::ALL {
        let mut b = booking(lang);
        b.extras.needs = RideNeeds { luggage: 5, child_seats: 1, wheelchair: true };
        b.payment_method = Some(PaymentMethod::Invoice);
        b.extras.invoice =
            Some(Invoice { company_name: "Janssen Logistiek BV".into(), reference: Some("PO-117".into()) });
        b.extras.via = Some(Address {
            formatted: "Weert, Limburg".into(),
            name: "Weert".into(),
            place_id: None,
            listed: None,
            own: None,
        });
        let price = b.price.as_mut().expect("priced");
        let stop = StopPart { surcharge_cents: Money::from_cents(1110), detour_km: 6.5, metered: false };
        price.amount_cents = price.amount_cents + stop.surcharge_cents;
        price.stop = Some(stop);
        let mails = composer(lang).booking(&b, "golden").unwrap();
        check(&format!("booking-staff-needs-{lang}"), &describe(&mails[0]));
        check(&format!("booking-customer-needs-{lang}"), &describe(&mails[1]));
    }
}

/// Issue 55: in the staff HTML mail Junk looked like Confirm. The three answers are large dark
/// buttons; Junk comes after them, small and outlined in red, so no thumb takes it for Confirm.
#[test]
fn junk_is_drawn_apart_and_quiet_in_the_staff_html_mail() {
    let mails = composer(Lang::En).booking(&booking(Lang::En), "golden").unwrap();
    let msg = MessageParser::default().parse(&mails[0].raw).unwrap();
    let html = msg.body_html(0).unwrap();
    let anchor = |label: &str| {
        let end = html.find(&format!(">{label}</a>")).unwrap_or_else(|| panic!("{label}: {html}"));
        html[..end].rsplit("<a ").next().unwrap().to_string()
    };
    let (confirm, junk) = (anchor("Confirm"), anchor("Junk"));
    assert!(confirm.contains("background:#1a1a1a") && confirm.contains("font-size:18px"), "{confirm}");
    assert!(!junk.contains("background:#1a1a1a") && junk.contains("border:1px solid #b3261e"), "{junk}");
    assert!(html.find(">Junk<") > html.find(">Decline<"), "after the answers");
}

/// Issue 55: the customer moved only the return ride, and staff's subject showed the unchanged
/// outward time. It now names the return ride and its new time (`step-ask-return-*-staff.txt`), as
/// does the reminder while the ask waits for an answer (`reminder-return-*-staff.txt`).
#[test]
fn a_return_ride_moved_alone_is_what_staffs_subject_names() {
    use taxi_server::bookings::{
        answer::Status,
        customer_step::{Asked, CustomerAction, CustomerStep},
        record::Record,
        reminder::Reminder,
    };
    for lang in Lang::ALL {
        let b = booking(lang);
        let outward = b.pickup_at;
        let record = Record {
            booking: b,
            status: Status::Confirmed,
            sequence: 1,
            calendar_uid: "R7K3Q9.golden@taxiroermond.example".into(),
            answer: None,
            customer_step: None,
            reminders_sent: Vec::new(),
        };
        let asked = Asked { pickup: outward, back: Some("2025-11-29T10:15".parse().unwrap()) };
        let at = "2025-11-20T10:05:00Z".parse().unwrap();
        let step = CustomerStep::on(&record, CustomerAction::Ask, String::new(), Some(asked), at).unwrap();
        let mails = composer(lang).customer_step(&record, &step, "golden").unwrap();
        let staff = describe(&mails[0]);
        let subject = staff.lines().next().unwrap();
        assert!(
            subject.contains("29-11 10:15")
                || subject.contains("29.11. 10:15")
                || subject.contains("29/11 10:15"),
            "{subject}"
        );
        assert!(!subject.contains("14:30"), "the outward time did not change: {subject}");
        check(&format!("step-ask-return-{lang}-staff"), &staff);

        // While it waits, staff's reminder names the same ride (it named the outward one).
        let record = Record {
            booking: step.applied_to(&record.booking),
            status: Status::Requested,
            sequence: 2,
            customer_step: Some(step),
            ..record
        };
        let at = "2025-11-20T12:05:00Z".parse().unwrap();
        let reminder = composer(lang).reminder(&record, Reminder::StaffUnanswered, "golden", at).unwrap();
        let staff = describe(&reminder[0]);
        let subject = staff.lines().next().unwrap();
        let back = ["29-11 10:15", "29.11. 10:15", "29/11 10:15"];
        assert!(back.iter().any(|at| subject.contains(at)), "the reminder names the return ride: {subject}");
        assert!(!subject.contains("14:30"), "{subject}");
        let lead = ["Terugrit ophalen: ", "Rückfahrt, Abholung: ", "Return ride pick-up: "];
        assert!(lead.iter().any(|l| staff.contains(l)), "the return ride's pick-up leads: {staff}");
        check(&format!("reminder-return-{lang}-staff"), &staff);
    }
}
