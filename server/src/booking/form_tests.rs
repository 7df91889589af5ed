//! Unit tests of the parent module, kept apart to keep files short.
use super::*;
use crate::{
    forms::{worded, FieldErrors, Problem},
    i18n::Locales,
};
use serde_json::{json, Value};

fn rules() -> BookingSettings {
    BookingSettings::for_tests()
}

/// The company's phone, which the routes give the refusals a call can solve.
const CALL_US: &str = "0475 123 456";

fn now() -> Timestamp {
    "2026-11-22T10:00:00Z".parse().unwrap()
}

fn valid() -> Value {
    json!({
        "name": "Jan de Vries", "email": "jan@example.nl", "phone": "06 12345678", "passengerAmount": "2",
        "departure": "Markt 1, Roermond", "departureName": "Markt 1", "destination": "Schiphol", "destinationName": "Schiphol",
        "dateTime": "2026-11-24T14:30", "paymentMethod": "cash", "priceIndication": "€ 230,00", "language": "nl",
        "departurePlaceId": "g2748000", "destinationPlaceId": "aAMS", "pickupStreet": "Markt 1"
    })
}

/// Checked on a page in `lang`, with the company in the Netherlands.
fn validate(
    input: &Input,
    rules: &BookingSettings,
    lang: Lang,
    now: Timestamp,
) -> Result<ReservationInput, Problems> {
    validate_reservation(input, rules, (Country::NL, lang), now)
}

/// The problems in words, as the booking routes word them.
fn words(problems: Problems, lang: Lang) -> FieldErrors {
    worded(&problems, lang, &Locales::load(), &[("phone", CALL_US)])
}

/// Checked and worded in `lang`.
fn check(value: Value, lang: Lang) -> Result<ReservationInput, FieldErrors> {
    validate(&Input::from_json(value).unwrap(), &rules(), lang, now()).map_err(|p| words(p, lang))
}

/// Checked: each field's problem, in no language.
fn problems(value: Value) -> Problems {
    validate(&Input::from_json(value).unwrap(), &rules(), Lang::En, now()).unwrap_err()
}

fn with(field: &str, value: Value) -> Value {
    let mut v = valid();
    v[field] = value;
    v
}

#[test]
fn accepts_a_valid_booking() {
    let ok = check(valid(), Lang::Nl).unwrap();
    assert_eq!(ok.passengers, 2);
    assert_eq!(ok.payment_method, Some(PaymentMethod::Cash));
    assert_eq!(ok.pickup_at.to_string(), "2026-11-24T14:30:00");
    assert_eq!(ok.destination_place_id.as_ref().map(PlaceId::as_str), Some("aAMS"));
    assert_eq!(ok.phone.as_deref(), Some("+31612345678"), "kept in international form");
    // Numbers as numbers, empty payment method, no phone.
    let ok = check(with("passengerAmount", json!(8)), Lang::Nl).unwrap();
    assert_eq!(ok.passengers, 8);
    assert_eq!(check(with("paymentMethod", json!("")), Lang::Nl).unwrap().payment_method, None);
    assert_eq!(check(with("phone", Value::Null), Lang::Nl).unwrap().phone, None);
}

#[test]
fn each_invalid_value_gets_its_message_in_each_language() {
    let cases: &[(&str, Value, &str, [&str; 3])] = &[
        (
            "name",
            json!(""),
            "name",
            ["Vul uw naam in.", "Bitte geben Sie Ihren Namen ein.", "Enter your name."],
        ),
        (
            "name",
            json!("x".repeat(101)),
            "name",
            [
                "Gebruik maximaal 100 tekens.",
                "Bitte verwenden Sie höchstens 100 Zeichen.",
                "Use at most 100 characters.",
            ],
        ),
        (
            "email",
            json!("jan@"),
            "email",
            [
                "Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.",
                "Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. name@beispiel.de.",
                "Enter a valid email address, like name@example.com.",
            ],
        ),
        (
            "phone",
            json!("1".repeat(31)),
            "phone",
            [
                "Gebruik maximaal 30 tekens.",
                "Bitte verwenden Sie höchstens 30 Zeichen.",
                "Use at most 30 characters.",
            ],
        ),
        (
            "passengerAmount",
            json!("0"),
            "passengerAmount",
            [
                "Vul een aantal personen in van 1 tot en met 8.",
                "Bitte geben Sie eine Personenzahl von 1 bis 8 ein.",
                "Enter a number of passengers from 1 to 8.",
            ],
        ),
        (
            "departure",
            json!(" "),
            "departure",
            [
                "Vul het vertrekadres in.",
                "Bitte geben Sie die Abholadresse ein.",
                "Enter the pick-up address.",
            ],
        ),
        (
            "destination",
            Value::Null,
            "destination",
            ["Vul de bestemming in.", "Bitte geben Sie das Ziel ein.", "Enter the destination."],
        ),
        (
            "dateTime",
            json!("morgen"),
            "dateTime",
            [
                "Vul een geldige datum en tijd in.",
                "Bitte geben Sie ein gültiges Datum und eine gültige Uhrzeit ein.",
                "Enter a valid date and time.",
            ],
        ),
        (
            "paymentMethod",
            json!("bitcoin"),
            "paymentMethod",
            [
                "Kies pinpas, creditcard of contant.",
                "Bitte wählen Sie Girokarte, Kreditkarte oder Bar.",
                "Choose debit card, credit card or cash.",
            ],
        ),
    ];
    for (field, value, key, messages) in cases {
        for (lang, message) in Lang::ALL.iter().zip(messages) {
            let errors = check(with(field, value.clone()), *lang).unwrap_err();
            assert_eq!(errors.get(key).map(String::as_str), Some(*message), "{field}={value} in {lang}");
            assert_eq!(errors.len(), 1, "{errors:?}");
        }
    }
}

#[test]
fn each_problem_is_a_code_with_what_the_check_knows() {
    let problem = |key: &str, count: Option<u64>, args: Vec<(&'static str, crate::forms::Arg)>| Problem {
        key: key.into(),
        count,
        args,
    };
    let field = |field: &str, value: Value| problems(with(field, value)).remove(field).unwrap();
    assert_eq!(field("name", json!("")), problem("validation.nameRequired", None, vec![]));
    assert_eq!(
        field("name", json!("x".repeat(101))),
        problem("validation.tooLong", None, vec![("max", 100.into())])
    );
    // Refusals a call can solve carry no phone: the routes add it when they word them.
    assert_eq!(
        field("passengerAmount", json!("9")),
        problem("validation.passengerAmountTooMany", Some(8), vec![])
    );
    assert_eq!(
        field("dateTime", json!("2026-11-22T11:29")),
        problem("validation.dateTimeTooSoon", Some(30), vec![])
    );
    assert_eq!(
        field("dateTime", json!("2027-11-22T11:01")),
        problem("validation.dateTimeTooFar", Some(365), vec![])
    );
    assert_eq!(field("flightNumber", json!("1234")), problem("funnel.validation.flightNumber", None, vec![]));
    assert_eq!(problems(with("name", json!(""))).len(), 1, "one field, one problem");
}

#[test]
fn the_extras_problems_are_codes_too() {
    let problem = |key: &str, count: Option<u64>, args: Vec<(&'static str, crate::forms::Arg)>| Problem {
        key: key.into(),
        count,
        args,
    };
    let field = |field: &str, value: Value| problems(with(field, value)).remove(field).unwrap();
    assert_eq!(
        field("passengerAmount", json!("abc")),
        problem("validation.passengerAmount", None, vec![("max", 8.into())])
    );
    assert_eq!(
        field("returnDateTime", json!("2026-11-24T14:00")),
        problem("funnel.validation.returnBeforePickup", None, vec![])
    );
    assert_eq!(
        field("returnDateTime", json!("2027-11-22T11:01")),
        problem("validation.dateTimeTooFar", Some(365), vec![])
    );
    assert_eq!(
        field("remarks", json!("x".repeat(501))),
        problem("validation.tooLong", None, vec![("max", 500.into())])
    );
    // A town chosen from the list needs its street.
    let mut town = with("departurePlaceId", json!("g2748000"));
    town["pickupStreet"] = json!("");
    assert_eq!(
        problems(town).remove("pickupStreet").unwrap(),
        problem("funnel.validation.pickupStreetRequired", None, vec![])
    );
}

#[test]
fn passenger_boundaries() {
    for bad in [json!("9"), json!("-1"), json!("2.5"), json!("abc"), json!(300), json!(true), json!([2])] {
        assert!(
            check(with("passengerAmount", bad.clone()), Lang::En)
                .unwrap_err()
                .contains_key("passengerAmount"),
            "{bad}"
        );
    }
    for good in [json!("1"), json!(" 8 "), json!(1)] {
        assert!(check(with("passengerAmount", good.clone()), Lang::En).is_ok(), "{good}");
    }
}

#[test]
fn dutch_belgian_and_german_numbers_are_read_on_every_page() {
    let phone = |typed: &str, lang| check(with("phone", json!(typed)), lang).map(|ok| ok.phone);
    for lang in Lang::ALL {
        for &(typed, e164) in crate::types::phone::tests::NEIGHBOURS_TYPED {
            assert_eq!(phone(typed, lang).unwrap().as_deref(), Some(e164), "{typed} on a {lang} page");
        }
        // Valid Dutch and German: the company's (issue 40).
        assert_eq!(phone("06 12345678", lang).unwrap().as_deref(), Some("+31612345678"));
    }
    let messages = [
        (Lang::Nl, "Vul een telefoonnummer in waarop we u kunnen bellen: Nederlands (06 12345678), Belgisch (0470 12 34 56), Duits (0151 23456789) of met landcode (+44 20 7946 0958)."),
        (Lang::De, "Bitte geben Sie eine Telefonnummer ein, unter der wir Sie erreichen: niederländisch (06 12345678), belgisch (0470 12 34 56), deutsch (0151 23456789) oder mit Ländervorwahl (+44 20 7946 0958)."),
        (Lang::En, "Enter a phone number we can call you on: Dutch (06 12345678), Belgian (0470 12 34 56), German (0151 23456789) or with its country code (+44 20 7946 0958)."),
    ];
    for (lang, message) in messages {
        for bad in ["abc", "0612", "+31 6 123456789", "0151 23456789x", "+32 470 12 34 5"] {
            assert_eq!(phone(bad, lang).unwrap_err()["phone"], message, "{bad}");
        }
        // Its examples read as the countries it names.
        for (example, e164) in [
            ("06 12345678", "+31612345678"),
            ("0470 12 34 56", "+32470123456"),
            ("0151 23456789", "+4915123456789"),
            ("+44 20 7946 0958", "+442079460958"),
        ] {
            assert!(message.contains(&format!("({example})")), "{message}");
            assert_eq!(phone(example, lang).unwrap().as_deref(), Some(e164), "{example}");
        }
    }
}

#[test]
fn refusals_say_what_to_do_instead() {
    let many = check(with("passengerAmount", json!("9")), Lang::Nl).unwrap_err();
    assert_eq!(many["passengerAmount"], "Via de website kunt u voor maximaal 8 personen boeken. Voor een grotere groep belt u ons op 0475 123 456.");
    let many = check(with("passengerAmount", json!(300)), Lang::De).unwrap_err();
    assert!(many["passengerAmount"].ends_with("rufen Sie uns an: 0475 123 456."), "{many:?}");
    let one_seat = BookingSettings { max_passengers: 1, ..rules() };
    let input = Input::from_json(with("passengerAmount", json!(2))).unwrap();
    let many = words(validate(&input, &one_seat, Lang::En, now()).unwrap_err(), Lang::En);
    assert_eq!(
        many["passengerAmount"],
        "You can book for at most 1 passenger on the website. For a larger group, call us on 0475 123 456."
    );
    // The lead time's unit follows the number.
    let one_minute = BookingSettings { lead_time_minutes: 1, ..rules() };
    let input = Input::from_json(with("dateTime", json!("2026-11-22T10:30"))).unwrap();
    let soon = words(validate(&input, &one_minute, Lang::De, now()).unwrap_err(), Lang::De);
    assert_eq!(soon["dateTime"], "Bitte wählen Sie eine Zeit, die mindestens 1 Minute in der Zukunft liegt. Sie brauchen früher ein Taxi? Rufen Sie uns an: 0475 123 456.");
}

#[test]
fn lead_time_and_horizon_boundaries() {
    // now = 11:00 in Amsterdam (UTC+1 in November); lead time 30 minutes.
    assert!(check(with("dateTime", json!("2026-11-22T11:30")), Lang::En).is_ok());
    let early = check(with("dateTime", json!("2026-11-22T11:29")), Lang::En).unwrap_err();
    assert_eq!(
        early["dateTime"],
        "Choose a time at least 30 minutes from now. Need a taxi sooner? Call us on 0475 123 456."
    );
    assert!(check(with("dateTime", json!("2027-11-22T11:00")), Lang::En).is_ok(), "365 days is allowed");
    let far = check(with("dateTime", json!("2027-11-22T11:01")), Lang::En).unwrap_err();
    assert_eq!(
        far["dateTime"],
        "Choose a date at most 365 days ahead. For a ride further ahead, call us on 0475 123 456."
    );
    assert!(check(with("dateTime", json!("2026-11-22T09:00")), Lang::En).is_err(), "the past");
    assert!(check(with("dateTime", json!("99999-01-01T00:00")), Lang::En).is_err());
}

#[test]
fn daylight_saving_changes_are_handled_in_local_time() {
    // Summer time starts 2027-03-28 at 02:00 (→ 03:00); ends 2026-10-25 at 03:00 (→ 02:00).
    let skipped = Pickup::parse("2027-03-28T02:30").unwrap().instant();
    assert_eq!(skipped.to_string(), "2027-03-28T01:30:00Z", "a time in the gap moves forward");
    let shown = Pickup::parse("2027-03-28T02:30").unwrap().field_value();
    assert_eq!(shown, "2027-03-28T03:30", "and is kept, shown and put in calendars as that time");
    let repeated_shown = Pickup::parse("2026-10-25T02:30").unwrap().field_value();
    assert_eq!(repeated_shown, "2026-10-25T02:30");
    let before = Pickup::parse("2027-03-28T01:59").unwrap().instant();
    assert_eq!(before.to_string(), "2027-03-28T00:59:00Z", "winter time: UTC+1");
    let after = Pickup::parse("2027-03-28T03:00").unwrap().instant();
    assert_eq!(after.to_string(), "2027-03-28T01:00:00Z", "summer time: UTC+2");
    let repeated = Pickup::parse("2026-10-25T02:30").unwrap().instant();
    assert_eq!(repeated.to_string(), "2026-10-25T00:30:00Z", "a repeated time takes the first");

    // Lead time measured in real minutes across the change: at 01:45 winter time,
    // 03:14 summer time is only 29 minutes away, 03:15 is 30.
    let now: Timestamp = "2027-03-28T00:45:00Z".parse().unwrap();
    let input = |t: &str| Input::from_json(with("dateTime", json!(t))).unwrap();
    assert!(validate(&input("2027-03-28T03:14"), &rules(), Lang::Nl, now).is_err());
    assert!(validate(&input("2027-03-28T03:15"), &rules(), Lang::Nl, now).is_ok());
}

#[test]
fn whatsapp_needs_only_name_passengers_and_time() {
    let input =
        Input::from_json(json!({"name": "Eva", "passengerAmount": 3, "dateTime": "2026-11-24T08:00"}))
            .unwrap();
    let ok = validate_whatsapp(&input, &rules(), now()).unwrap();
    assert_eq!((ok.passengers, ok.departure.as_str()), (3, ""));
    let input = Input::from_json(json!({"name": "", "passengerAmount": "x", "dateTime": ""})).unwrap();
    let errors = validate_whatsapp(&input, &rules(), now()).unwrap_err();
    assert_eq!(errors.keys().copied().collect::<Vec<_>>(), ["dateTime", "name", "passengerAmount"]);
}

#[test]
fn control_characters_cannot_reach_a_header() {
    let ok = check(with("name", json!("Jan\r\nX-Injected: yes")), Lang::En).unwrap();
    assert!(!ok.name.contains('\n') && !ok.name.contains('\r'));
}

#[test]
fn a_pickup_or_return_inside_a_closure_gets_its_message_as_a_code() {
    let closed: Vec<crate::config::Closure> = serde_json::from_value(json!([{
        "from": "2026-12-24T18:00", "until": "2026-12-26T08:00",
        "message": { "nl": "Met kerst rijden wij niet.", "de": "An Weihnachten fahren wir nicht.", "en": "We do not drive at Christmas." }
    }]))
    .unwrap();
    let rules = BookingSettings { closed, ..rules() };
    let at = |pickup: &str, back: Option<&str>| {
        let mut v = with("dateTime", json!(pickup));
        if let Some(back) = back {
            v["returnDateTime"] = json!(back);
        }
        validate(&Input::from_json(v).unwrap(), &rules, Lang::De, now())
    };
    let message = Arg::Own(rules.closed[0].message.clone());
    let inside = at("2026-12-25T10:00", None).unwrap_err();
    assert_eq!(inside["dateTime"].key, "validation.closed");
    assert_eq!(inside["dateTime"].args, [("message", message.clone())]);
    assert_eq!(words(inside, Lang::De)["dateTime"], "An Weihnachten fahren wir nicht.");
    let back = at("2026-12-23T10:00", Some("2026-12-24T18:00")).unwrap_err();
    assert_eq!(back.keys().copied().collect::<Vec<_>>(), ["returnDateTime"], "the outward ride is before it");
    assert_eq!(back["returnDateTime"].args, [("message", message)]);
    assert!(at("2026-12-24T17:59", Some("2026-12-26T08:00")).is_ok(), "until is open: both just outside");
    let whatsapp = json!({"name": "Eva", "passengerAmount": 3, "dateTime": "2026-12-25T10:00"});
    let problems = validate_whatsapp(&Input::from_json(whatsapp).unwrap(), &rules, now()).unwrap_err();
    assert_eq!(problems["dateTime"].key, "validation.closed", "the WhatsApp form too");
}
