use super::*;
use crate::bookings::model::ListedPlace;

fn listed(name: &str, formatted: &str, street_typed: bool) -> Option<ListedPlace> {
    let json = serde_json::json!({"name": name, "formatted": formatted, "streetAsRequested": street_typed});
    Some(serde_json::from_value(json).unwrap())
}

fn answer(action: Action) -> Answer {
    Answer {
        action,
        note: String::new(),
        proposed_pickup_at: None,
        reason: None,
        answered_at: "2026-11-26T14:10:00Z".parse().unwrap(),
    }
}

/// A ride from a street typed in Roermond (`addr:` id) to Venlo, chosen from the list.
fn typed_street() -> Booking {
    let mut b = crate::bookings::model::sample("2026-11-26T14:00:00Z".parse().unwrap(), "2026-11-27T09:00");
    b.departure = Address {
        formatted: "Kerkstraat 5, Roermond".into(),
        name: "Kerkstraat 5".into(),
        place_id: None,
        listed: listed("Roermond", "Roermond, Limburg, Nederland", true),
        own: None,
    };
    b.destination.listed = listed("Venlo", "Venlo, Limburg, Nederland", false);
    b
}

#[test]
fn a_customer_copy_keeps_a_name_but_not_a_link_a_phone_or_typed_text() {
    let mut b = crate::bookings::model::sample("2026-11-26T14:00:00Z".parse().unwrap(), "2026-11-27T09:00");
    b.name = "Jan de Vries".into();
    b.phone = crate::types::phone::Phone::parse("+31 6 12345678", crate::types::Country::NL, b.lang);
    b.extras.remarks = Some("ring twice".into());
    b.extras.pickup_street = Some("Markt 1".into());
    let copy = CustomerCopy::of(&b, &Locales::load());
    assert_eq!(copy.name, "Jan de Vries");
    assert_eq!((copy.phone.as_deref(), copy.extras.remarks.as_deref()), (None, None));
    assert_eq!(copy.extras.pickup_street, None);
    for name in ["Visit cheap-pills.com", "Call 0612345678", "http://x.example", "a@b.example"] {
        b.name = name.into();
        assert_eq!(CustomerCopy::of(&b, &Locales::load()).name, "", "{name}");
    }
}

#[test]
fn before_staff_read_it_a_typed_street_is_its_town_and_untyped_text_is_your_address() {
    let locales = Locales::load();
    let copy = CustomerCopy::of(&typed_street(), &locales);
    assert_eq!(copy.ends(), [Shown::Town, Shown::Whole]);
    assert_eq!(
        (copy.departure.name.as_str(), copy.departure.formatted.as_str()),
        ("Roermond", "Roermond, Limburg, Nederland")
    );
    assert!(!format!("{copy:?}").contains("Kerkstraat"), "{copy:?}");
    // A street typed beside a whole town: the town is shown, the street is not.
    let mut beside =
        crate::bookings::model::sample("2026-11-26T14:00:00Z".parse().unwrap(), "2026-11-27T09:00");
    beside.departure.listed = listed("Roermond", "Roermond, Limburg, Nederland", false);
    beside.extras.pickup_street = Some("Markt 1".into());
    assert_eq!(CustomerCopy::of(&beside, &locales).ends()[0], Shown::Town);
    // Nothing chosen: not even a town.
    let mut b = typed_street();
    b.destination = Address {
        formatted: "Hoogstraat 9, Venlo".into(),
        name: "Hoogstraat 9, Venlo".into(),
        place_id: None,
        listed: None,
        own: None,
    };
    let copy = CustomerCopy::of(&b, &locales);
    assert_eq!(copy.ends(), [Shown::Town, Shown::Typed]);
    assert_eq!((copy.destination.name.as_str(), copy.destination.formatted.as_str()), ("uw adres", ""));
}

#[test]
fn once_staff_confirmed_or_proposed_a_time_the_copy_carries_the_address_as_typed() {
    assert!(ReadByStaff::of(&answer(Action::Decline)).is_none());
    assert!(ReadByStaff::of(&answer(Action::Junk)).is_none());
    let read = ReadByStaff::of(&answer(Action::Confirm)).unwrap();
    assert!(ReadByStaff::of(&answer(Action::Propose)).is_some());
    let mut b = typed_street();
    b.extras.remarks = Some("ring twice".into());
    let copy = CustomerCopy::read_by_staff(&b, &read);
    assert_eq!(copy.ends(), [Shown::Whole, Shown::Whole]);
    assert_eq!(
        (copy.departure.name.as_str(), copy.departure.formatted.as_str()),
        ("Roermond", "Kerkstraat 5, Roermond")
    );
    assert_eq!(
        copy.destination.formatted, "Venlo, Limburg, Nederland",
        "a listed place in its provider's words"
    );
    assert_eq!(
        (copy.phone.as_deref(), copy.extras.remarks.as_deref()),
        (None, None),
        "never the phone or remarks"
    );
    b.extras.pickup_street = Some("Markt 1".into());
    assert_eq!(CustomerCopy::read_by_staff(&b, &read).extras.pickup_street.as_deref(), Some("Markt 1"));
}
