//! The dispatch desk of the staff tests: the site with a real SMTP server on
//! loopback, its mails read back, and its pages posted as a browser would.
use std::time::Duration;

use mail_parser::MessageParser;
use serde_json::Value;

use crate::{
    booking::booking,
    helpers::{form_encode, header, spawn_app_with, AppOptions, TempDir, TestApp},
    smtp::{Received, Sink},
};

pub(crate) const CUSTOMER: &str = "jan@example.nl";

pub(crate) struct Desk {
    pub(crate) app: TestApp,
    pub(crate) sink: Sink,
    _sink_dir: TempDir,
}

/// A mail as read: recipients, Message-ID, headers, text part and calendar.
pub(crate) struct Mail {
    pub(crate) to: Vec<String>,
    pub(crate) message_id: String,
    pub(crate) subject: String,
    pub(crate) language: String,
    pub(crate) text: String,
    /// The text part with its line wrapping undone.
    pub(crate) flat: String,
    pub(crate) ics: String,
}

fn read(m: &Received) -> Mail {
    let msg = MessageParser::default().parse(&m.raw).expect("a parsable mail");
    let text = msg.body_text(0).unwrap_or_default().to_string();
    let ics = msg
        .attachments()
        .next()
        .map(|a| String::from_utf8_lossy(a.contents()).replace("\r\n ", ""))
        .unwrap_or_default();
    Mail {
        to: m.rcpt_to.clone(),
        message_id: m.message_id.clone(),
        subject: msg.subject().unwrap_or("").to_string(),
        language: msg.header_raw("Content-Language").unwrap_or("").trim().to_string(),
        flat: text.split_whitespace().collect::<Vec<_>>().join(" "),
        text,
        ics,
    }
}

pub(crate) async fn desk(staff_language: &str) -> Desk {
    desk_with(staff_language, "").await
}

/// A desk whose settings file also holds `more` (TOML sections).
pub(crate) async fn desk_with(staff_language: &str, more: &str) -> Desk {
    desk_built(staff_language, "rate_limit_per_minute = 0", more, None).await
}

/// A desk whose `[limits]` hold `limits` (TOML lines), and whose settings file also holds `more`.
pub(crate) async fn desk_limited(staff_language: &str, limits: &str, more: &str) -> Desk {
    desk_built(staff_language, limits, more, None).await
}

/// [`desk_limited`] with a mail server started with `sink_args` (`smtp_sink.py`'s options).
pub(crate) async fn desk_relaying(staff_language: &str, limits: &str, sink_args: &[&str]) -> Desk {
    // A flood's delivery is measured here, not what the proof of work costs it.
    desk_sinking(staff_language, limits, "[proof_of_work]\nlevels = []\n", AppOptions::default(), sink_args)
        .await
}

/// A desk whose pages are rendered by `bundle` (a stand-in for the UI's), if given.
pub(crate) async fn desk_rendering_with(
    staff_language: &str,
    more: &str,
    bundle: Option<&'static str>,
) -> Desk {
    desk_built(staff_language, "rate_limit_per_minute = 0", more, bundle).await
}

/// A desk like [`desk_limited`] whose pages are rendered by `bundle`.
pub(crate) async fn desk_limited_rendering(limits: &str, bundle: &'static str) -> Desk {
    desk_built("en", limits, "", Some(bundle)).await
}

/// A desk like [`desk_limited`] whose SMTP server is started with `sink_args` (`smtp_sink.py`).
pub(crate) async fn desk_with_sink(limits: &str, more: &str, sink_args: &[&str]) -> Desk {
    desk_sinking("en", limits, more, AppOptions::default(), sink_args).await
}

/// A desk whose places come from Google: the fake that `google` (its `[google]` section) points to.
pub(crate) async fn desk_on_google(google: &str) -> Desk {
    let options = AppOptions { google_key: Some("test-key"), ..AppOptions::default() };
    desk_sinking("en", "rate_limit_per_minute = 0", google, options, &[]).await
}

async fn desk_built(staff_language: &str, limits: &str, more: &str, bundle: Option<&'static str>) -> Desk {
    desk_sinking(staff_language, limits, more, AppOptions { bundle, ..AppOptions::default() }, &[]).await
}

async fn desk_sinking(
    staff_language: &str,
    limits: &str,
    more: &str,
    options: AppOptions,
    sink_args: &[&str],
) -> Desk {
    let sink_dir = TempDir::new();
    let sink = Sink::start_any(&sink_dir.0, sink_args);
    let url: &'static str = Box::leak(sink.url().into_boxed_str());
    let config = format!(
        "[render]\nworkers = 1\n[limits]\n{limits}\n[mail]\nstaff_language = \"{staff_language}\"\n{more}"
    );
    let app = spawn_app_with(AppOptions { config_toml: Some(config), smtp_url: Some(url), ..options }).await;
    Desk { app, sink, _sink_dir: sink_dir }
}

impl Desk {
    /// Stopped, `between` run on the data directory, and started again (same settings file).
    pub(crate) async fn restart_after(self, between: impl FnOnce(&std::path::Path)) -> Desk {
        Desk { app: self.app.restart_after(between).await, sink: self.sink, _sink_dir: self._sink_dir }
    }

    /// Books a ride in `lang`; returns its reference.
    pub(crate) async fn book(&self, lang: &str) -> String {
        let response = self.app.post_json(&format!("/api/reservation/{lang}"), &booking()).await;
        assert_eq!(response.status(), 200);
        let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
        let at = message.find("R-").expect("a reference in the confirmation");
        message[at..at + 8].to_string()
    }

    /// The sink's mails once it has at least `count`, waiting up to 10 s.
    pub(crate) async fn mails(&self, count: usize) -> Vec<Mail> {
        for _ in 0..100 {
            if self.sink.count() >= count {
                return self.sink.messages().iter().map(read).collect();
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
        panic!("the SMTP sink has fewer than {count} mails");
    }

    /// Every mail the sink holds now.
    pub(crate) fn all_mails(&self) -> Vec<Mail> {
        self.sink.messages().iter().map(read).collect()
    }

    pub(crate) fn answers_to_customer(&self) -> Vec<Mail> {
        self.sink
            .messages()
            .iter()
            .map(read)
            .filter(|m| m.to == [CUSTOMER] && m.message_id.contains(".customer-answer."))
            .collect()
    }

    /// Path and query of the staff mail's button for `action`.
    pub(crate) async fn link(&self, reference: &str, action: &str) -> String {
        let mails = self.mails(2).await;
        let staff = mails
            .iter()
            .find(|m| m.to == ["planning@taxiroermond.example"] && m.text.contains(reference))
            .expect("the staff mail");
        let start = format!("https://www.taxiroermond.example/staff/{reference}/{action}?");
        let line = staff
            .text
            .lines()
            .find(|l| l.starts_with(&start))
            .unwrap_or_else(|| panic!("no {action} link in\n{}", staff.text));
        line.trim_start_matches("https://www.taxiroermond.example").to_string()
    }

    /// Posts `fields` as the page at `path` would now: with the version it
    /// shows, following the redirect of a post that was taken (so a taken
    /// post answers 200 with the page, anything else with the post's own answer).
    pub(crate) async fn post(&self, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
        let version = self.version(path).await;
        self.post_follow(path, &[fields, &[("version", &version)]].concat()).await
    }

    /// The version the page at `path` shows (empty when it shows no form).
    pub(crate) async fn version(&self, path: &str) -> String {
        let html = self.app.get(path).await.text().await.unwrap();
        let field = "name=\"version\" value=\"";
        let at = html.find(field).map(|at| at + field.len());
        at.map(|at| html[at..].split('"').next().unwrap().to_string()).unwrap_or_default()
    }

    /// The hidden fields of the page at `path` (name and value), as its form posts them.
    pub(crate) async fn form_fields(&self, path: &str) -> Vec<(String, String)> {
        let html = self.app.get(path).await.text().await.unwrap();
        let value = |tag: &str, name: &str| {
            let at = tag.find(&format!("{name}=\"")).map(|at| at + name.len() + 2)?;
            tag[at..].split('"').next().map(str::to_string)
        };
        html.split("<input")
            .skip(1)
            .filter_map(|tag| tag.split('>').next())
            .filter(|tag| tag.contains("type=\"hidden\""))
            .filter_map(|tag| Some((value(tag, "name")?, value(tag, "value")?)))
            .collect()
    }

    /// Posts exactly `fields` and follows a 303 to the page.
    pub(crate) async fn post_follow(&self, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
        let response = self.post_raw(path, fields).await;
        if response.status() != 303 {
            return response;
        }
        let location = header(&response, "location");
        assert!(location.starts_with(path.split('?').next().unwrap()), "back to the page: {location}");
        self.app.get(location).await
    }

    /// Posts exactly `fields`; the answer as it comes.
    pub(crate) async fn post_raw(&self, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
        let body: Vec<String> = fields.iter().map(|(k, v)| format!("{k}={}", form_encode(v))).collect();
        self.app.post_raw(path, "application/x-www-form-urlencoded", body.join("&")).await
    }
}

/// A size of a flood test, from the variable `name` (the tests print their
/// figures; raised, they measure the attack's sizes).
pub(crate) fn flood_size(name: &str, default: usize) -> usize {
    std::env::var(name).ok().and_then(|v| v.parse().ok()).unwrap_or(default)
}

impl Desk {
    /// A booking sent by the client `from` (behind the trusted proxy), for
    /// `time` when given; its reference.
    pub(crate) async fn book_from(
        &self,
        from: &str,
        (name, email): (&str, &str),
        time: Option<&str>,
    ) -> String {
        let mut ride = booking();
        ride["name"] = name.into();
        ride["email"] = email.into();
        if let Some(time) = time {
            ride["dateTime"] = time.into();
        }
        let url = format!("{}/api/reservation/en", self.app.address);
        let response =
            self.app.client.post(url).header("X-Forwarded-For", from).json(&ride).send().await.unwrap();
        assert_eq!(response.status(), 200, "{name} from {from}");
        let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
        let start = message.find("R-").expect("a reference");
        message[start..start + 8].to_string()
    }
}
