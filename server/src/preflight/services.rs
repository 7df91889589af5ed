//! The services the site talks to, asked as the server would ask them, with
//! nothing sent: the mail server takes the sender and each staff address
//! (`RSET` before any message), and Google answers one call per API.
use std::time::Duration;

use secrecy::ExposeSecret;
use serde_json::json;

use crate::config::{MailRoute, Settings};
use crate::mail::SmtpServer;
use crate::preflight::findings::{Api, Finding};

/// The mail's way out: the settings' refusal, the Maildir, or the SMTP
/// server's answers to the sender and every staff and escalation address.
pub async fn mail(settings: &Settings) -> Vec<Finding> {
    let maildir = settings.data_dir.join("maildir");
    let url = match (settings.mail_route(), &settings.secrets.smtp_url) {
        (Err(refused), _) => return vec![Finding::MailStaysHere(refused.to_string())],
        (Ok(MailRoute::DemoMaildir), _) => return vec![Finding::DemoMaildir(maildir)],
        (Ok(MailRoute::MaildirOnPurpose), _) => return vec![Finding::MaildirOnPurpose(maildir)],
        (Ok(MailRoute::Smtp), Some(url)) => url,
        (Ok(MailRoute::Smtp), None) => unreachable!("the SMTP route comes from TAXI_SMTP_URL"),
    };
    let server = match SmtpServer::parse(url.expose_secret(), &settings.mail.smtp_ca_file) {
        Ok(server) => server,
        Err(e) => return vec![Finding::SmtpUnusable(e)],
    };
    let from = settings.mail.from.0.email.clone();
    let mut recipients = Vec::new();
    for mailbox in settings.mail.staff_recipients.iter().chain(&settings.reminders.escalation_recipients) {
        if !recipients.contains(&mailbox.0.email) {
            recipients.push(mailbox.0.email.clone());
        }
    }
    let timeout = Duration::from_millis(settings.mail.smtp_timeout_ms.max(1));
    let trial = server.try_envelope(&from, &recipients, timeout).await;
    let mut found = vec![Finding::SmtpConnected { server: server.description(), result: trial.connected }];
    if let Some(result) = trial.sender {
        found.push(Finding::SmtpSender { from: from.to_string(), result });
    }
    for (to, result) in recipients.iter().zip(trial.recipients) {
        found.push(Finding::SmtpRecipient { to: to.to_string(), result });
    }
    found
}

/// Google's answers to one call per API with the key, and the time Google's
/// last answer said it was (its `Date`), with ours at that moment.
pub async fn google(settings: &Settings) -> (Vec<Finding>, Option<(jiff::Timestamp, jiff::Timestamp)>) {
    let Some(key) = &settings.secrets.google_maps_key else { return (vec![Finding::NoGoogleKey], None) };
    let client = reqwest::Client::builder()
        .user_agent(concat!("taxi-server/", env!("CARGO_PKG_VERSION"), " check"))
        .timeout(Duration::from_millis(settings.google.timeout_ms.max(1)))
        // Google's APIs do not redirect; following one would send the key elsewhere.
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("the HTTP client starts");
    let centre = settings.tariff.zone.centre();
    let company = json!({"location": {"latLng": {"latitude": settings.company.lat, "longitude": settings.company.lon}}});
    let zone = json!({"location": {"latLng": {"latitude": centre.lat, "longitude": centre.lon}}});
    let calls = [
        (
            Api::Places,
            format!("{}/v1/places:autocomplete", settings.google.places_url),
            "suggestions.placePrediction.placeId",
            json!({"input": settings.tariff.zone.name, "includedRegionCodes": ["nl"]}),
        ),
        (
            Api::Routes,
            format!("{}/directions/v2:computeRoutes", settings.google.routes_url),
            "routes.distanceMeters",
            json!({"origin": company, "destination": zone, "travelMode": "DRIVE"}),
        ),
    ];
    let (mut found, mut times) = (Vec::new(), None);
    for (api, url, mask, body) in calls {
        let sent = client
            .post(&url)
            .header("X-Goog-Api-Key", key.expose_secret())
            .header("X-Goog-FieldMask", mask)
            .json(&body)
            .send()
            .await;
        let result = match sent {
            Err(e) => Err(scrub(&error_chain(&e), key.expose_secret())),
            Ok(response) => {
                let theirs = response
                    .headers()
                    .get(reqwest::header::DATE)
                    .and_then(|v| v.to_str().ok())
                    .and_then(|v| jiff::fmt::rfc2822::parse(v).ok())
                    .map(|zoned| zoned.timestamp());
                if let Some(theirs) = theirs {
                    times = Some((theirs, jiff::Timestamp::now()));
                }
                let status = response.status();
                let text = response.text().await.unwrap_or_default();
                match status.is_success() {
                    true => Ok(()),
                    false => Err(scrub(&google_error(status, &text), key.expose_secret())),
                }
            }
        };
        found.push(Finding::Google { api, result });
    }
    (found, times)
}

/// Google's error JSON (`{"error": {"code", "message", "status"}}`) in one line.
fn google_error(status: reqwest::StatusCode, body: &str) -> String {
    let error: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
    let said = error["error"]["message"].as_str().map(str::to_string);
    let said = said.unwrap_or_else(|| body.chars().take(200).collect());
    let named = error["error"]["status"].as_str().unwrap_or("");
    format!("HTTP {} {named}: {said}", status.as_u16())
}

fn error_chain(e: &dyn std::error::Error) -> String {
    let mut text = e.to_string();
    let mut source = e.source();
    while let Some(inner) = source {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        source = inner.source();
    }
    text
}

/// Never the key in what is printed (Google may quote it).
fn scrub(text: &str, key: &str) -> String {
    if key.is_empty() {
        text.to_string()
    } else {
        text.replace(key, "[key]")
    }
}
