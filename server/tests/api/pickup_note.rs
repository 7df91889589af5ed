//! The note under the pick-up time: a ride that starts before the answer the
//! booking mail promises (answer hours set here so that "now" is a night)
//! gets the note with the time of the promised answer; a later one none.
use serde_json::Value;

use crate::helpers::{spawn_app_with, AppOptions};

/// Local time in the company's zone, `minutes` from now, as `YYYY-MM-DDTHH:MM`.
fn local_in(minutes: i64) -> String {
    let zone = jiff::tz::TimeZone::get("Europe/Amsterdam").unwrap();
    let at = jiff::Timestamp::now().checked_add(jiff::Span::new().minutes(minutes)).unwrap();
    at.to_zoned(zone).datetime().strftime("%Y-%m-%dT%H:%M").to_string()
}

#[actix_web::test]
async fn a_ride_before_the_promised_answer_gets_the_note_and_a_later_one_none() {
    // Staff answer from three hours from now, for an hour: it is "night" now.
    let (from, until) = (&local_in(180)[11..], &local_in(240)[11..]);
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
    let soon = note(local_in(60)).await.expect("a note for a ride in an hour");
    assert!(soon.starts_with("Uw rit begint vóór wij per e-mail kunnen antwoorden (uiterlijk"), "{soon}");
    assert!(soon.contains(&local_in(210)[11..]) || soon.contains(&local_in(211)[11..]), "{soon}");
    assert_eq!(note(local_in(300)).await, None, "after the promised answer");
    assert_eq!(note("tomorrow".into()).await, None, "not a time: no note, no error");
}

#[actix_web::test]
async fn every_spelling_of_the_note_path_answers_alike_and_shares_the_look_up_limit() {
    let (from, until) = (&local_in(180)[11..], &local_in(240)[11..]);
    let config = format!("[render]\nworkers = 1\n[limits]\nlookup_rate_limit_per_minute = 4\n[mail]\nanswer_from = \"{from}\"\nanswer_until = \"{until}\"\n");
    let app = spawn_app_with(AppOptions { config_toml: Some(config), ..AppOptions::default() }).await;
    let pickup = local_in(60);
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
