//! The note under the pick-up time: a ride that starts before the answer the
//! booking mail promises (answer hours set here so that "now" is a night)
//! gets the note with the time of the promised answer; a later one none.
use serde_json::Value;

use crate::helpers::{spawn_app_with, AppOptions};

/// The answer hours and an early ride, pinned once so that they hold at any hour: "now" is
/// before the answer hours, the ride before the promised answer (30 minutes into them), and
/// the ride and the answer on one day, so the note names the answer's time alone. Until 21:30
/// the hours start 90 minutes from now; later they would cross midnight, so they are
/// tomorrow's from 01:30 and the ride tomorrow at 01:00.
struct Night {
    pickup: String,
    from: String,
    until: String,
    answer_by: String,
    /// A ride long after the promised answer.
    later: String,
}

fn night() -> Night {
    let zone = jiff::tz::TimeZone::get("Europe/Amsterdam").unwrap();
    let now = jiff::Timestamp::now().to_zoned(zone).datetime();
    let minute = i32::from(now.hour()) * 60 + i32::from(now.minute());
    let (day, minute) = match minute + 150 < 24 * 60 {
        true => (now.date(), minute),
        false => (now.date().tomorrow().unwrap(), 0),
    };
    let clock = |m: i32| format!("{:02}:{:02}", m / 60, m % 60);
    Night {
        pickup: format!("{day}T{}", clock(minute + 60)),
        from: clock(minute + 90),
        until: clock(minute + 150),
        answer_by: clock(minute + 120),
        later: format!("{}T12:00", day.checked_add(jiff::Span::new().days(2)).unwrap()),
    }
}

#[actix_web::test]
async fn a_ride_before_the_promised_answer_gets_the_note_and_a_later_one_none() {
    let Night { pickup, from, until, answer_by, later } = night();
    let config = format!("[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n[mail]\nanswer_within_minutes = 30\nanswer_from = \"{from}\"\nanswer_until = \"{until}\"\n");
    let app = spawn_app_with(AppOptions { config_toml: Some(config), ..AppOptions::default() }).await;
    let note = |pickup: String| {
        let app = &app;
        async move {
            let response = app.get(&format!("/api/pickup-note/{pickup}?lang=nl")).await;
            assert_eq!(response.status(), 200);
            response.json::<Value>().await.unwrap()["note"].as_str().map(str::to_string)
        }
    };
    // Answered at `from` + 30 minutes at the latest.
    let soon = note(pickup).await.expect("a note for a ride in an hour");
    assert!(soon.starts_with("Uw rit begint vóór wij per e-mail kunnen antwoorden (uiterlijk"), "{soon}");
    assert!(soon.contains(&format!("(uiterlijk {answer_by})")), "{soon}");
    assert_eq!(note(later).await, None, "after the promised answer");
    assert_eq!(note("tomorrow".into()).await, None, "not a time: no note, no error");
}

#[actix_web::test]
async fn every_spelling_of_the_note_path_answers_alike_and_shares_the_look_up_limit() {
    let Night { pickup, from, until, .. } = night();
    let config = format!("[render]\nworkers = 1\n[limits]\nlookup_rate_limit_per_minute = 4\n[mail]\nanswer_from = \"{from}\"\nanswer_until = \"{until}\"\n");
    let app = spawn_app_with(AppOptions { config_toml: Some(config), ..AppOptions::default() }).await;
    let canonical =
        app.get(&format!("/api/pickup-note/{pickup}?lang=nl")).await.json::<Value>().await.unwrap();
    assert!(canonical["note"].is_string(), "{canonical}");
    // Escaped letters and an escaped colon reach the same handler with the same answer.
    for spelling in [
        format!("/%61pi/pickup-note/{pickup}?lang=nl"),
        format!("/api/pickup%2Dnote/{pickup}?lang=nl"),
        format!("/api/pickup-note/{}?lang=nl", pickup.replace(':', "%3A")),
    ] {
        let response = app.get(&spelling).await;
        assert_eq!(response.status(), 200, "{spelling}");
        assert_eq!(response.json::<Value>().await.unwrap(), canonical, "{spelling}");
    }
    // Four look-ups a minute, whatever the spelling: the fifth is refused.
    let refused = app.get(&format!("/%61pi/pickup-note/{pickup}?lang=nl")).await;
    assert_eq!(refused.status(), 429);
}
