//! A flood costs the flooder (issue 41, item 2): bookings and contact messages
//! from many client addresses (behind the trusted proxy, each within its own
//! limit and its network's) need no proof in normal times; past the free count
//! the site asks a proof of work whose level rises with the rate it accepts,
//! and a post without one, with a wrong one or with a used one is refused with
//! a message in the visitor's language, by JSON and without JavaScript alike.
use base64::{engine::general_purpose::STANDARD, Engine as _};
use serde_json::{json, Value};

use crate::{
    booking::booking,
    helpers::{form_encode, spawn_app_with, AppOptions, TestApp},
};

/// Ten free, then a level per doubling: 10, 20, 40 accepted in the window.
/// The tests fetch their challenges from one address, without its limit.
async fn app() -> TestApp {
    app_making("challenges_per_minute = 0\nnetwork_challenges_per_minute = 0").await
}

async fn app_making(challenge_limits: &str) -> TestApp {
    spawn_app_with(AppOptions {
        config_toml: Some(format!(
            "[render]\nworkers = 1\n[limits]\ntrusted_proxies = [\"127.0.0.1\"]\n\
             [proof_of_work]\nfree_submissions = 10\nlevels = [16, 64, 256]\ncost = 50\n{challenge_limits}\n"
        )),
        ..Default::default()
    })
    .await
}

/// Client `i`: twenty to a /24, so no network limit is reached.
fn client(i: usize) -> String {
    format!("198.51.{}.{}", 100 + i / 20, i % 20 + 1)
}

fn message(i: usize) -> Value {
    json!({"name": "Anna Jansen", "email": format!("anna{i}@example.nl"), "phone": "",
           "subject": "Vraag", "message": format!("Rijdt u ook 's nachts? (vraag {i})")})
}

async fn post(app: &TestApp, path: &str, from: &str, body: &Value) -> (u16, Value) {
    let url = format!("{}{path}", app.address);
    let response = app.client.post(url).header("X-Forwarded-For", from).json(body).send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

/// The challenge the site gives now, if any, and its level.
async fn challenge(app: &TestApp) -> Option<(Value, u64)> {
    let response = app.get("/api/challenge").await;
    assert_eq!(response.status(), 200);
    assert_eq!(crate::helpers::header(&response, "cache-control"), "no-store");
    let body: Value = response.json().await.unwrap();
    let challenge = body.get("challenge")?.clone();
    let level = challenge["parameters"]["data"]["level"].as_u64().expect("a level");
    Some((challenge, level))
}

/// What a browser sends in the proof field after solving `challenge`; and the count it took.
fn solve(challenge: &Value) -> (String, u32) {
    let challenge: altcha::Challenge = serde_json::from_value(challenge.clone()).unwrap();
    let solution = altcha::solve_challenge(altcha::SolveChallengeOptions::new(&challenge)).unwrap().unwrap();
    let counter = solution.counter;
    let payload = altcha::Payload { challenge, solution };
    (STANDARD.encode(serde_json::to_vec(&payload).unwrap()), counter)
}

fn with_proof(mut body: Value, proof: &str) -> Value {
    body["altcha"] = proof.into();
    body
}

#[actix_web::test]
async fn in_normal_times_no_proof_is_asked_and_none_is_needed() {
    let app = app().await;
    assert_eq!(challenge(&app).await, None, "no challenge while few posts arrive");
    for i in 0..8 {
        assert_eq!(post(&app, "/api/contact/nl", &client(i), &message(i)).await.0, 200);
    }
    assert_eq!(post(&app, "/api/reservation/nl", &client(8), &booking()).await.0, 200);
    // Without JavaScript: a plain form post, no proof field at all.
    let form =
        "name=Bert+Smeets&email=bert%40example.nl&phone=&subject=Vraag&message=Hebt+u+een+rolstoelbus%3F";
    let response = app
        .client
        .post(format!("{}/contact", app.address))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("X-Forwarded-For", client(9))
        .body(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.text().await.unwrap().contains("Bedankt voor uw bericht"));
    // Ten accepted: the flood's threshold is reached, and only now is a proof asked.
    assert_eq!(challenge(&app).await.map(|(_, level)| level), Some(1));
}

#[actix_web::test]
async fn challenges_cost_the_server_so_a_client_and_its_network_get_a_few_a_minute() {
    let app = app_making("challenges_per_minute = 3\nnetwork_challenges_per_minute = 5").await;
    let fetch = |from: &'static str| {
        let request = app.client.get(format!("{}/api/challenge", app.address));
        async move {
            let response = request.header("X-Forwarded-For", from).send().await.unwrap();
            let status = response.status().as_u16();
            let body: Value = response.json().await.unwrap();
            (status, body.get("challenge").is_some(), body["errorMessage"].as_str().unwrap_or("").to_string())
        }
    };
    // In normal times none is made, and asking costs nothing.
    for _ in 0..6 {
        assert_eq!(fetch("198.51.100.1").await, (200, false, String::new()));
    }
    for i in 0..10 {
        assert_eq!(post(&app, "/api/contact/en", &client(i), &message(i)).await.0, 200);
    }
    let made = |(status, made, _): (u16, bool, String)| (status, made);
    for _ in 0..3 {
        assert_eq!(made(fetch("198.51.100.1").await), (200, true));
    }
    let (status, made_one, message) = fetch("198.51.100.1").await;
    assert_eq!((status, made_one), (429, false), "the client's fourth in a minute");
    assert!(message.starts_with("You have sent too many requests"), "{message}");
    // A neighbour gets what is left of the network's five; other networks are not touched.
    assert_eq!(made(fetch("198.51.100.2").await), (200, true));
    assert_eq!(made(fetch("198.51.100.3").await), (200, true));
    assert_eq!(made(fetch("198.51.100.4").await).0, 429, "the network's sixth");
    assert_eq!(made(fetch("203.0.113.9").await), (200, true));
}

#[actix_web::test]
async fn under_a_flood_the_level_rises_with_the_rate_the_site_accepts() {
    let app = app().await;
    let mut seen = Vec::new();
    for i in 0..48 {
        let body = match challenge(&app).await {
            None => message(i),
            Some((challenge, level)) => {
                let (proof, counter) = solve(&challenge);
                let most = [16, 64, 256][level as usize - 1];
                // Drawn from 0 to the level's top: the range the browser searches.
                assert!(counter <= most, "level {level}: count {counter}");
                seen.push((i, level, counter));
                with_proof(message(i), &proof)
            }
        };
        let (status, answer) = post(&app, "/api/contact/en", &client(i), &body).await;
        assert_eq!(status, 200, "post {i}: {answer}");
    }
    eprintln!("(accepted before, level, count solved): {seen:?}");
    let level_at = |i: usize| seen.iter().find(|(at, ..)| *at == i).map(|(_, level, _)| *level);
    assert_eq!(seen.first().map(|s| s.0), Some(10), "the first ten need none");
    assert_eq!(
        [level_at(10), level_at(19), level_at(20), level_at(39), level_at(40)],
        [1, 1, 2, 2, 3].map(Some)
    );
    assert_eq!(level_at(47), Some(3), "the last level holds for any rate above");
}

#[actix_web::test]
async fn under_a_flood_a_post_without_a_valid_proof_is_refused_in_its_language() {
    let app = app().await;
    for i in 0..10 {
        assert_eq!(post(&app, "/api/contact/nl", &client(i), &message(i)).await.0, 200);
    }
    let texts = [
        ("nl", "Er komen op dit moment veel aanvragen binnen. Verstuur het formulier nog een keer, of bel ons: 0475 00 00 00."),
        ("de", "Gerade gehen sehr viele Anfragen ein. Bitte senden Sie das Formular noch einmal oder rufen Sie uns an: +31 475 00 00 00."),
        ("en", "Many requests are arriving right now. Please send the form again, or call us: +31 475 00 00 00."),
    ];
    for (lang, text) in texts {
        for path in [format!("/api/contact/{lang}"), format!("/api/reservation/{lang}")] {
            let body = if path.contains("contact") { message(20) } else { booking() };
            let (status, answer) = post(&app, &path, &client(20), &body).await;
            assert_eq!(
                (status, answer["errorMessage"].as_str()),
                (428, Some(text)),
                "{path} without a proof"
            );
        }
    }
    // Not a proof; a proof whose key is not the one to find.
    let (challenge, _) = challenge(&app).await.expect("a challenge");
    let (proof, _) = solve(&challenge);
    let mut payload: Value = serde_json::from_slice(&STANDARD.decode(&proof).unwrap()).unwrap();
    payload["solution"]["derivedKey"] = "00".repeat(32).into();
    let wrong = STANDARD.encode(payload.to_string());
    let invalid = "This form could not be checked, or its check has expired. Please send it again, or call us: +31 475 00 00 00.";
    for bad in ["bm90IGEgcHJvb2Y=", "%%%", &wrong] {
        let (status, answer) =
            post(&app, "/api/contact/en", &client(21), &with_proof(message(21), bad)).await;
        assert_eq!((status, answer["errorMessage"].as_str()), (428, Some(invalid)), "{bad}");
    }
    // The genuine proof books once; sent again with another message, it is refused.
    let (status, _) = post(&app, "/api/contact/en", &client(22), &with_proof(message(22), &proof)).await;
    assert_eq!(status, 200);
    let (status, answer) = post(&app, "/api/contact/en", &client(23), &with_proof(message(23), &proof)).await;
    let spent = "This check was already used for another form. Please send the form again, or call us: +31 475 00 00 00.";
    assert_eq!((status, answer["errorMessage"].as_str()), (428, Some(spent)));
    let (status, answer) =
        post(&app, "/api/reservation/en", &client(24), &with_proof(booking(), &proof)).await;
    assert_eq!((status, answer["errorMessage"].as_str()), (428, Some(spent)), "nor for a booking");

    // Without JavaScript: the page again, saying what to do, with the answers kept.
    let typed = "Kunt u morgen om 6 uur rijden?";
    let form = format!(
        "name=Carla+Peeters&email=carla%40example.nl&phone=&subject=Rit&message={}",
        form_encode(typed)
    );
    let response = app
        .client
        .post(format!("{}/contact-us", app.address))
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("X-Forwarded-For", client(25))
        .body(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 428);
    let page = response.text().await.unwrap();
    assert!(page.contains("this form can only be sent with JavaScript switched on"), "{page}");
    assert!(page.contains(typed) && page.contains("Carla Peeters"), "the answers are kept");

    // Only the accepted eleven reached anyone: nothing of the refused posts was mailed.
    app.outbox_idle().await;
    let mails = app.mails(11).await;
    for refused in ["vraag 20)", "vraag 21)", "vraag 23)", typed] {
        assert!(!mails.iter().any(|m| m.contains(refused)), "{refused} was mailed");
    }
    assert!(mails.iter().any(|m| m.contains("vraag 22)")));
}
