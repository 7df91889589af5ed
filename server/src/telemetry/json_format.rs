//! JSON lines for log shippers, in the shape of `tracing-subscriber`'s JSON
//! format (`timestamp`, `level`, `fields`, and `span` while answering a
//! request): `{"timestamp":"…Z","level":"INFO","fields":{"message":"answered",…},"span":{"request_id":"…","name":"request"}}`.
//! The request comes from the middleware's task-local id, not from a span (see
//! [`super::request`]).
use std::{fmt, io};

use serde::ser::{SerializeMap as _, Serializer as _};
use tracing::{Event, Subscriber};
use tracing_serde::{fields::AsMap as _, AsSerde as _};
use tracing_subscriber::{
    fmt::{
        format::{FormatEvent, FormatFields, Writer},
        FmtContext,
    },
    registry::LookupSpan,
};

use crate::telemetry::{request, text_format::write_now};

pub struct JsonLines;

impl<S, N> FormatEvent<S, N> for JsonLines
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        _: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        let mut timestamp = String::with_capacity(32);
        write_now(&mut Writer::new(&mut timestamp))?;
        let mut json = serde_json::Serializer::new(Adaptor(writer.by_ref()));
        let written = request::with_current(|id| {
            let mut map = json.serialize_map(None)?;
            map.serialize_entry("timestamp", &timestamp)?;
            map.serialize_entry("level", &event.metadata().level().as_serde())?;
            map.serialize_entry("fields", &event.field_map())?;
            if let Some(request_id) = id {
                map.serialize_entry("span", &RequestSpan { request_id, name: "request" })?;
            }
            map.end()
        });
        written.map_err(|_| fmt::Error)?;
        writeln!(writer)
    }
}

#[derive(serde::Serialize)]
struct RequestSpan<'a> {
    request_id: &'a str,
    name: &'static str,
}

/// `text` as a JSON string, quoted and escaped.
pub(crate) fn write_string(line: &mut String, text: &str) -> fmt::Result {
    let mut writer = Writer::new(line);
    serde_json::to_writer(Adaptor(writer.by_ref()), text).map_err(|_| fmt::Error)
}

/// serde_json writes bytes; the log line is text.
struct Adaptor<'a>(Writer<'a>);

impl io::Write for Adaptor<'_> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        // serde_json only ever writes whole UTF-8 sequences.
        let text = std::str::from_utf8(bytes).map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?;
        self.0.write_str(text).map_err(io::Error::other)?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::telemetry::Captured;

    #[test]
    fn writes_what_the_json_format_of_tracing_subscriber_writes() {
        let log = |in_request: &dyn Fn(&dyn Fn())| {
            in_request(&|| {
                tracing::info!(method = "GET", route = "/", status = 200u16, ms = 0.1, "answered");
                tracing::warn!(error = %"refused: \"x\"", typed = "line\nbreak", n = -1i64, ok = true, "a \"quoted\" message {}", 5);
            });
            tracing::error!(r#type = "raw", "no request");
        };
        let ours = Captured::default();
        let subscriber = tracing_subscriber::fmt().with_writer(ours.clone()).event_format(JsonLines).finish();
        crate::telemetry::with_subscriber(subscriber, || log(&|f| request::scoped_by("fb5a0d5fa6d3b072", f)));
        let theirs = Captured::default();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(theirs.clone())
            .json()
            .with_target(false)
            .with_current_span(true)
            .with_span_list(false)
            .finish();
        crate::telemetry::with_subscriber(subscriber, || {
            log(&|f| tracing::info_span!("request", request_id = "fb5a0d5fa6d3b072").in_scope(f))
        });

        let parse = |text: String| -> Vec<serde_json::Value> {
            text.lines()
                .map(|line| {
                    let mut entry: serde_json::Value =
                        serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}"));
                    let time = entry.as_object_mut().unwrap().remove("timestamp").expect("a timestamp");
                    let time: jiff::Timestamp = time.as_str().unwrap().parse().unwrap();
                    assert!(jiff::Timestamp::now().since(time).unwrap().get_seconds() < 5);
                    entry
                })
                .collect()
        };
        let (ours, theirs) = (parse(ours.text()), parse(theirs.text()));
        assert_eq!(ours, theirs);
        assert_eq!(ours.len(), 3);
        assert_eq!(ours[0]["span"]["request_id"], "fb5a0d5fa6d3b072");
        assert_eq!(ours[0]["fields"]["status"], 200);
        assert_eq!(ours[1]["fields"]["typed"], "line\nbreak");
        assert!(ours[2].get("span").is_none());
    }
}
