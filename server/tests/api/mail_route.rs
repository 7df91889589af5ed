//! A site that is no demo and names no mail server does not start (issue 53
//! item 2): its bookings would be written to the Maildir and reach no one.
//! And `/readyz` is not ready while the mail server does not answer.
use std::{collections::BTreeMap, time::Duration};

use serde_json::Value;
use taxi_server::{config::Settings, startup::Application};

use crate::helpers::{spawn_app_with, AppOptions, TempDir};
use crate::smtp::{free_port, Sink};

/// A real company's settings (`company.demo = false`), with `mail` lines.
pub fn no_demo(mail: &str) -> String {
    format!(
        "[render]\nworkers = 1\n[mail]\n{mail}\n[site]\nlegal_dir = \"{0}/tests/fixtures/legal\"\n\
         [company]\ndemo = false\nname = \"Taxi Roermond\"\n\
         share_image_file = \"{0}/tests/fixtures/own-share.png\"\n",
        env!("CARGO_MANIFEST_DIR")
    )
}

#[actix_web::test]
async fn a_site_that_is_no_demo_does_not_start_without_a_mail_server_unless_the_maildir_is_wanted() {
    let dir = TempDir::new();
    let config = dir.0.join("taxi.toml");
    std::fs::write(&config, no_demo("")).unwrap();
    let data_dir = dir.0.join("var");
    let env = BTreeMap::from([
        ("TAXI_CONFIG".to_string(), config.display().to_string()),
        ("TAXI_DATA_DIR".to_string(), data_dir.display().to_string()),
        ("TAXI_LISTEN".to_string(), "127.0.0.1:0".to_string()),
    ]);
    let settings = Settings::load_from(&env).expect("the settings themselves are fine");
    let refused = Application::build(settings).err().expect("refused").to_string();
    assert!(
        refused.contains("TAXI_SMTP_URL")
            && refused.contains("reach no one")
            && refused.contains("mail.maildir_on_purpose = true"),
        "{refused}"
    );
    assert!(!data_dir.exists(), "refused before anything was made");

    let wanted = spawn_app_with(AppOptions {
        config_toml: Some(no_demo("maildir_on_purpose = true")),
        ..Default::default()
    })
    .await;
    let ready: Value = wanted.get("/readyz").await.json().await.unwrap();
    assert_eq!(
        (ready["status"].as_str(), &ready["checks"]["mailLeaves"]),
        (Some("ready"), &Value::Bool(true))
    );
}

#[actix_web::test]
async fn readiness_waits_for_a_mail_server_that_answers() {
    let port = free_port();
    let url: &'static str = Box::leak(format!("smtp://127.0.0.1:{port}").into_boxed_str());
    let app = spawn_app_with(AppOptions {
        config_toml: Some(no_demo("")),
        smtp_url: Some(url),
        ..Default::default()
    })
    .await;
    let readyz = || async {
        let response = app.get("/readyz").await;
        let status = response.status().as_u16();
        (status, response.json::<Value>().await.unwrap())
    };
    // Long enough for several conversations with the closed port to end.
    for _ in 0..15 {
        let (status, body) = readyz().await;
        assert_eq!((status, &body["checks"]["mailLeaves"]), (503, &Value::Bool(false)), "{body}");
        assert_eq!(body["checks"]["acceptsBookings"], true, "bookings are still taken and queued");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let sink_dir = TempDir::new();
    let _sink = Sink::start(port, &sink_dir.0, &[]);
    let started = std::time::Instant::now();
    loop {
        let (status, body) = readyz().await;
        if status == 200 {
            assert_eq!(body["checks"]["mailLeaves"], true);
            break;
        }
        assert!(started.elapsed() < Duration::from_secs(10), "still not ready: {body}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let took = started.elapsed();
    assert!(took <= taxi_server::mail::reach::FRESH_WHEN_DOWN + Duration::from_secs(2), "{took:?}");
}
