//! The text log format when the output is not a terminal (production): the same
//! lines as `tracing-subscriber`'s default format without colours, made cheaper
//! for the access log that every request writes: the date and time are
//! formatted once a second, plain text values are quoted without escaping each
//! character, and no colour wrappers are built at all. In a terminal the
//! default format (with colours) is used.
//!
//! A line: `2026-11-24T21:51:08.184125Z  INFO request{request_id="…"}: answered method="GET" status=200`.
use std::{
    cell::RefCell,
    fmt::{self, Write as _},
    time::{SystemTime, UNIX_EPOCH},
};

use tracing::{field::Field, Event, Subscriber};
use tracing_subscriber::{
    field::{RecordFields, Visit},
    fmt::{
        format::{FormatEvent, FormatFields, Writer},
        FmtContext, FormattedFields,
    },
    registry::LookupSpan,
};

/// Formats events; spans' fields come pre-formatted by [`PlainFields`].
pub struct PlainText;

/// Formats the fields of events and spans.
pub struct PlainFields;

impl<S, N> FormatEvent<S, N> for PlainText
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(&self, ctx: &FmtContext<'_, S, N>, mut writer: Writer<'_>, event: &Event<'_>) -> fmt::Result {
        write_now(&mut writer)?;
        write!(writer, " {:>5} ", event.metadata().level())?;
        if let Some(scope) = ctx.event_scope() {
            let mut any = false;
            for span in scope.from_root() {
                writer.write_str(span.name())?;
                if let Some(fields) = span.extensions().get::<FormattedFields<N>>().filter(|f| !f.is_empty()) {
                    write!(writer, "{{{fields}}}")?;
                }
                writer.write_char(':')?;
                any = true;
            }
            if any {
                writer.write_char(' ')?;
            }
        }
        ctx.format_fields(writer.by_ref(), event)?;
        writer.write_char('\n')
    }
}

impl<'w> FormatFields<'w> for PlainFields {
    fn format_fields<R: RecordFields>(&self, writer: Writer<'w>, fields: R) -> fmt::Result {
        let mut visitor = Fields { writer, result: Ok(()), first: true };
        fields.record(&mut visitor);
        visitor.result
    }
}

struct Fields<'w> {
    writer: Writer<'w>,
    result: fmt::Result,
    first: bool,
}

impl Fields<'_> {
    fn separate(&mut self) -> fmt::Result {
        if std::mem::replace(&mut self.first, false) {
            Ok(())
        } else {
            self.writer.write_char(' ')
        }
    }
}

impl Visit for Fields<'_> {
    fn record_str(&mut self, field: &Field, value: &str) {
        // Quoted as is when nothing needs escaping (route patterns, methods, ids);
        // otherwise as Rust's Debug escapes it, so a line is always one line. The
        // message is written as is, as the default format does.
        let plain = || value.chars().all(|c| !c.is_control() && c != '"' && c != '\\');
        let name = field.name();
        if self.result.is_err() || name.starts_with("log.") {
            return;
        }
        if name != "message" && !plain() {
            return self.record_debug(field, &value);
        }
        self.result = self.separate().and_then(|()| match name {
            "message" => self.writer.write_str(value),
            name => write!(self.writer, "{}=\"{value}\"", trim_raw(name)),
        });
    }

    fn record_debug(&mut self, field: &Field, value: &dyn fmt::Debug) {
        if self.result.is_err() || field.name().starts_with("log.") {
            return;
        }
        self.result = self.separate().and_then(|()| match field.name() {
            "message" => write!(self.writer, "{value:?}"),
            name => write!(self.writer, "{}={value:?}", trim_raw(name)),
        });
    }
}

fn trim_raw(name: &str) -> &str {
    name.strip_prefix("r#").unwrap_or(name)
}

/// `2026-11-24T21:51:08.184125Z`, in UTC; the part up to the second is cached per thread.
fn write_now(writer: &mut Writer<'_>) -> fmt::Result {
    thread_local! {
        static SECOND: RefCell<(u64, String)> = const { RefCell::new((u64::MAX, String::new())) };
    }
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    let second = now.as_secs();
    SECOND.with_borrow_mut(|(cached, text)| {
        if *cached != second {
            *cached = second;
            text.clear();
            let timestamp = jiff::Timestamp::from_second(second as i64).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
            let _ = write!(text, "{}", timestamp.strftime("%Y-%m-%dT%H:%M:%S"));
        }
        write!(writer, "{text}.{:06}Z", now.subsec_micros())
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::telemetry::Captured;

    /// Lines as the plain format and the default format (colours off) write them.
    fn both(log: impl Fn()) -> (String, String) {
        let capture = |plain: bool| {
            let out = Captured::default();
            let builder = tracing_subscriber::fmt().with_writer(out.clone()).with_ansi(false).with_target(false);
            let _guard = match plain {
                true => tracing::subscriber::set_default(builder.fmt_fields(PlainFields).event_format(PlainText).finish()),
                false => tracing::subscriber::set_default(builder.finish()),
            };
            log();
            out.text()
        };
        (capture(true), capture(false))
    }

    #[test]
    fn writes_what_the_default_format_writes_without_colours() {
        let (plain, default) = both(|| {
            let span = tracing::info_span!("request", request_id = "fb5a0d5fa6d3b072");
            span.in_scope(|| {
                tracing::info!(method = "GET", route = "/api/places/{from}/{to}", status = 200u16, ms = 0.1, "answered");
                tracing::warn!(error = %"refused: \"x\"", typed = "line\nbreak", "a \"quoted\" message {}", 5);
            });
            tracing::error!(r#type = "raw", "no span");
            tracing::info!(log.target = "a_crate", "bridged from the log crate");
        });
        let strip_times = |text: &str| text.lines().map(|l| l.split_once(' ').unwrap().1.to_string()).collect::<Vec<_>>();
        assert_eq!(strip_times(&plain), strip_times(&default), "{plain}\n{default}");
        assert!(plain.contains("route=\"/api/places/{from}/{to}\" status=200 ms=0.1"), "{plain}");
        assert!(plain.contains(r#"typed="line\nbreak""#), "a line break in a value stays escaped: {plain}");
        let time = plain.split(' ').next().unwrap();
        assert_eq!(time.len(), "2026-11-24T21:51:08.184125Z".len(), "{time}");
        assert!(jiff::Timestamp::now().since(time.parse::<jiff::Timestamp>().unwrap()).unwrap().get_seconds() < 5);
    }
}
