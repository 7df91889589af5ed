//! Unit tests of the checker and of the wording at the edge, kept apart to keep files short.
use super::*;
use serde_json::json;

fn code(key: &str, count: Option<u64>, args: Vec<(&'static str, Arg)>) -> Problem {
    Problem { key: key.into(), count, args }
}

#[test]
fn the_checker_gives_each_field_its_first_problem_as_a_code() {
    let typed = Input::from_json(json!({
        "name": "Jan www.example.nl", "email": "nope", "phone": "abc", "list": [1], "long": "xxxx"
    }))
    .unwrap();
    let mut c = Checker::new();
    assert_eq!(c.name(&typed, "name"), "Jan www.example.nl");
    assert!(c.email(&typed, "email").is_none());
    assert!(c.phone(&typed, "phone", (Country::NL, Lang::Nl)).is_none());
    c.optional(&typed, "list", 10);
    c.optional(&typed, "long", 3);
    c.required(&typed, "missing", 10, "subjectRequired");
    // A second problem of the same field: the first one stays.
    c.fail_counting("long", "dateTimeTooSoon", 30);
    c.fail_counting("soon", "dateTimeTooSoon", 30);
    assert_eq!(
        c.problems,
        Problems::from([
            ("email", code("validation.email", None, vec![])),
            ("list", code("validation.required", None, vec![])),
            ("long", code("validation.tooLong", None, vec![("max", 3.into())])),
            ("missing", code("validation.subjectRequired", None, vec![])),
            ("name", code("validation.nameOnly", None, vec![])),
            ("phone", code("validation.phone", None, vec![])),
            ("soon", code("validation.dateTimeTooSoon", Some(30), vec![])),
        ])
    );
    assert!(c.finish(|| Some(())).is_err());
    assert_eq!(Checker::new().finish(|| Some(7)), Ok(7));
}

#[test]
fn worded_puts_counts_times_and_what_the_edge_knows_into_the_language() {
    let locales = Locales::load();
    let back = Pickup::parse("2026-11-24T20:00").unwrap();
    let problems = Problems::from([
        ("dateTime", code("manage.ask.outwardAfterReturn", None, vec![("back", back.into())])),
        ("passengerAmount", code("validation.passengerAmountTooMany", Some(1), vec![])),
    ]);
    let phone = [("phone", "0475 123 456")];
    let en = worded(&problems, Lang::En, &locales, &phone);
    assert_eq!(
        en["passengerAmount"],
        "You can book for at most 1 passenger on the website. For a larger group, call us on 0475 123 456."
    );
    let when = date_time_long(&locales, Lang::En, back);
    assert_eq!(
        en["dateTime"],
        format!(
            "Your return ride is on {when}: choose an outward time before it, or move the return ride too."
        )
    );
    let de = worded(&problems, Lang::De, &locales, &phone);
    assert!(de["passengerAmount"].starts_with("Über die Website können Sie für höchstens 1 Person buchen."));
    assert!(de["dateTime"].contains(&date_time_long(&locales, Lang::De, back)), "{de:?}");
}
