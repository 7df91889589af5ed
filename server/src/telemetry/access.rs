//! The access-log line, written by the request middleware straight into the log
//! buffer in the configured format: the same line a `tracing` event with these
//! fields would give (`answered method="GET" route="/" status=200 ms=0.1`),
//! without the event's dispatch, field visitor and float formatting. Every
//! request writes one, so this is the one line worth a path of its own (see
//! docs/performance.md). `RUST_LOG` applies as to any event of this module.
use std::{cell::RefCell, fmt::Write as _, sync::OnceLock, time::Duration};

use tracing::Level;

use crate::config::LogFormat;
use crate::telemetry::{json_format, text_format, LogBuffer};

/// Where and how access lines are written; set once by [`super::init`].
static ACCESS_LOG: OnceLock<AccessLog> = OnceLock::new();

pub(crate) struct AccessLog {
    out: LogBuffer,
    format: Format,
}

#[derive(Clone, Copy)]
enum Format {
    Text { colour: bool },
    Json,
}

impl AccessLog {
    pub(crate) fn new(out: LogBuffer, format: LogFormat, colour: bool) -> Self {
        let format = match format {
            LogFormat::Text => Format::Text { colour },
            LogFormat::Json => Format::Json,
        };
        AccessLog { out, format }
    }

    pub(crate) fn install(self) {
        let _ = ACCESS_LOG.set(self);
    }

    fn write(&self, answer: &AccessLine<'_>) {
        thread_local! {
            static LINE: RefCell<String> = const { RefCell::new(String::new()) };
        }
        LINE.with_borrow_mut(|line| {
            line.clear();
            let written = match self.format {
                Format::Text { colour } => answer.write_text(line, colour),
                Format::Json => answer.write_json(line),
            };
            if written.is_ok() {
                self.out.append(line.as_bytes());
            }
        });
    }
}

/// One answered request, as the access log records it.
pub struct AccessLine<'a> {
    pub request_id: &'a str,
    pub method: &'static str,
    /// The route pattern: bounded, and never text a visitor typed.
    pub route: &'a str,
    pub status: u16,
    pub elapsed: Duration,
    /// Health checks and metrics scrapes: at debug level only.
    pub quiet: bool,
}

impl AccessLine<'_> {
    /// Writes the line, unless `RUST_LOG` leaves this level out.
    pub fn log(&self) {
        let enabled = match self.quiet {
            true => tracing::enabled!(Level::DEBUG),
            false => tracing::enabled!(Level::INFO),
        };
        if !enabled {
            return;
        }
        match ACCESS_LOG.get() {
            Some(access_log) => access_log.write(self),
            // No log buffer of ours (a test's own subscriber): an ordinary event.
            None => super::request::scoped_by(self.request_id, || self.event()),
        }
    }

    fn level(&self) -> Level {
        if self.quiet {
            Level::DEBUG
        } else {
            Level::INFO
        }
    }

    /// The time taken in tenths of a millisecond, rounded: `0.1` ms is 1.
    fn tenths_of_ms(&self) -> u128 {
        (self.elapsed.as_micros() + 50) / 100
    }

    fn event(&self) {
        let (method, route, status) = (self.method, self.route, self.status);
        let ms = self.tenths_of_ms() as f64 / 10.0;
        match self.quiet {
            true => tracing::debug!(method, route, status, ms, "answered"),
            false => tracing::info!(method, route, status, ms, "answered"),
        }
    }

    fn write_text(&self, line: &mut String, colour: bool) -> std::fmt::Result {
        text_format::write_head(line, self.level(), colour, Some(self.request_id))?;
        line.push_str(" answered method=\"");
        line.push_str(self.method);
        line.push_str("\" route=");
        match text_format::is_plain(self.route) {
            true => {
                line.push('"');
                line.push_str(self.route);
                line.push('"');
            }
            false => write!(line, "{:?}", self.route)?,
        }
        line.push_str(" status=");
        self.push_status_and_ms(line, " ms=");
        line.push('\n');
        Ok(())
    }

    /// `200`, the separator, `0.1`: integers written without the formatting machinery.
    fn push_status_and_ms(&self, line: &mut String, separator: &str) {
        let mut digits = itoa::Buffer::new();
        line.push_str(digits.format(self.status));
        line.push_str(separator);
        let tenths = self.tenths_of_ms();
        line.push_str(digits.format(tenths / 10));
        line.push('.');
        line.push_str(digits.format(tenths % 10));
    }

    fn write_json(&self, line: &mut String) -> std::fmt::Result {
        line.push_str("{\"timestamp\":\"");
        text_format::write_now(line)?;
        line.push_str("\",\"level\":\"");
        line.push_str(self.level().as_str());
        line.push_str("\",\"fields\":{\"message\":\"answered\",\"method\":\"");
        line.push_str(self.method);
        line.push_str("\",\"route\":");
        json_format::write_string(line, self.route)?;
        line.push_str(",\"status\":");
        self.push_status_and_ms(line, ",\"ms\":");
        line.push_str("},\"span\":{\"request_id\":");
        json_format::write_string(line, self.request_id)?;
        line.push_str(",\"name\":\"request\"}}\n");
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;
    use crate::telemetry::{subscriber, Captured};

    fn answers() -> Vec<AccessLine<'static>> {
        let answer = |route, status, micros, quiet| AccessLine {
            request_id: "fb5a0d5fa6d3b072",
            method: "GET",
            route,
            status,
            elapsed: Duration::from_micros(micros),
            quiet,
        };
        vec![
            answer("/", 200, 120, false),
            answer("/api/places/{from}/{to}", 404, 12_049, false),
            answer("/odd \"route\"", 500, 999_950, false),
            answer("/healthz", 200, 0, true),
        ]
    }

    /// The lines the access log writes directly, and the lines the same answers
    /// give as ordinary events through the same subscriber.
    fn both(format: LogFormat, colour: bool) -> (String, String) {
        let direct = Captured::default();
        let (buffer, guard) = LogBuffer::start(direct.clone(), Duration::from_secs(3600)).unwrap();
        let access_log = AccessLog::new(buffer.clone(), format, colour);
        let events = Captured::default();
        crate::telemetry::with_subscriber(subscriber(format, colour, "debug".into(), events.clone()), || {
            for answer in answers() {
                access_log.write(&answer);
                super::super::request::scoped_by(answer.request_id, || answer.event());
            }
        });
        drop(guard);
        (direct.text(), events.text())
    }

    /// The lines without their times, which start `at` bytes into each line.
    fn strip_times(text: &str, at: usize) -> Vec<String> {
        let time = "2026-11-24T21:51:08.184125Z".len();
        text.lines().map(|line| format!("{}{}", &line[..at], &line[at + time..])).collect()
    }

    #[test]
    fn text_lines_are_those_of_the_events() {
        for colour in [false, true] {
            let (direct, events) = both(LogFormat::Text, colour);
            let at = if colour { "\x1b[2m".len() } else { 0 };
            assert_eq!(strip_times(&direct, at), strip_times(&events, at), "{direct}\n{events}");
            assert_eq!(direct.lines().count(), 4);
        }
        let (direct, _) = both(LogFormat::Text, false);
        assert!(direct.contains(r#"INFO request{request_id="fb5a0d5fa6d3b072"}: answered method="GET" route="/" status=200 ms=0.1"#), "{direct}");
        assert!(direct.contains(r#"status=404 ms=12.0"#), "{direct}");
        assert!(direct.contains(r#"route="/odd \"route\"" status=500 ms=1000.0"#), "{direct}");
        assert!(direct.contains(r#"DEBUG request{request_id="fb5a0d5fa6d3b072"}: answered method="GET" route="/healthz" status=200 ms=0.0"#), "{direct}");
    }

    #[test]
    fn json_lines_are_those_of_the_events() {
        let (direct, events) = both(LogFormat::Json, false);
        let parse = |text: &str| -> Vec<serde_json::Value> {
            text.lines()
                .map(|line| {
                    let mut value: serde_json::Value =
                        serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
                    value.as_object_mut().unwrap().remove("timestamp").expect("a timestamp");
                    value
                })
                .collect()
        };
        assert_eq!(parse(&direct), parse(&events), "{direct}\n{events}");
        assert_eq!(parse(&direct)[2]["fields"]["route"], "/odd \"route\"");
        assert_eq!(parse(&direct)[1]["fields"]["ms"], 12.0);
        // Byte for byte, numbers included.
        let at = "{\"timestamp\":\"".len();
        assert_eq!(strip_times(&direct, at), strip_times(&events, at));
    }
}
