//! The text log format: the same lines as `tracing-subscriber`'s default
//! format, made cheaper for the access log that every request writes: the date
//! and time are formatted once a second, plain text values are quoted without
//! escaping each character, and colour codes are written only to a terminal
//! (there the time is dimmed and the level coloured).
//!
//! The request being answered is written as a `request` span was:
//! `2026-11-24T21:51:08.184125Z  INFO request{request_id="…"}: answered method="GET" status=200`.
use std::{
    cell::RefCell,
    fmt::{self, Write as _},
    time::{SystemTime, UNIX_EPOCH},
};

use tracing::{field::Field, Event, Level, Subscriber};
use tracing_subscriber::{
    field::{RecordFields, Visit},
    fmt::{
        format::{FormatEvent, FormatFields, Writer},
        FmtContext, FormattedFields,
    },
    registry::LookupSpan,
};

use crate::telemetry::request;

/// Formats events; spans' fields come pre-formatted by [`PlainFields`].
pub struct PlainText {
    /// Colour codes, for a terminal.
    pub colour: bool,
}

/// Formats the fields of events and spans.
pub struct PlainFields;

impl<S, N> FormatEvent<S, N> for PlainText
where
    S: Subscriber + for<'a> LookupSpan<'a>,
    N: for<'a> FormatFields<'a> + 'static,
{
    fn format_event(
        &self,
        ctx: &FmtContext<'_, S, N>,
        mut writer: Writer<'_>,
        event: &Event<'_>,
    ) -> fmt::Result {
        let mut any =
            request::with_current(|id| write_head(&mut writer, *event.metadata().level(), self.colour, id))?;
        if let Some(scope) = ctx.event_scope() {
            for span in scope.from_root() {
                write_span_name(&mut writer, self.colour, span.name())?;
                if let Some(fields) = span.extensions().get::<FormattedFields<N>>().filter(|f| !f.is_empty())
                {
                    write!(writer, "{{{fields}}}")?;
                }
                writer.write_char(':')?;
                any = true;
            }
        }
        if any {
            writer.write_char(' ')?;
        }
        ctx.format_fields(writer.by_ref(), event)?;
        writer.write_char('\n')
    }
}

/// The time, the level and the request being answered (the outermost "span"):
/// `2026-11-24T21:51:08.184125Z  INFO request{request_id="…"}:`. Returns
/// whether a request was written.
pub(crate) fn write_head(
    writer: &mut impl fmt::Write,
    level: Level,
    colour: bool,
    request_id: Option<&str>,
) -> Result<bool, fmt::Error> {
    // Pieces rather than `write!`: this runs for every request's access line.
    let (dim, level_on, reset) = if colour { (DIM, level_colour(level), RESET) } else { ("", "", "") };
    writer.write_str(dim)?;
    write_now(writer)?;
    writer.write_str(reset)?;
    writer.write_char(' ')?;
    writer.write_str(level_on)?;
    writer.write_str(padded(level))?;
    writer.write_str(reset)?;
    writer.write_char(' ')?;
    let Some(id) = request_id else { return Ok(false) };
    write_span_name(writer, colour, "request")?;
    writer.write_str("{request_id=\"")?;
    writer.write_str(id)?;
    writer.write_str("\"}:")?;
    Ok(true)
}

/// The level right-aligned in five columns, as `{:>5}` writes it.
fn padded(level: Level) -> &'static str {
    match level {
        Level::ERROR => "ERROR",
        Level::WARN => " WARN",
        Level::INFO => " INFO",
        Level::DEBUG => "DEBUG",
        Level::TRACE => "TRACE",
    }
}

fn write_span_name(writer: &mut impl fmt::Write, colour: bool, name: &str) -> fmt::Result {
    match colour {
        true => write!(writer, "{BOLD}{name}{RESET}"),
        false => writer.write_str(name),
    }
}

/// Whether a value can be written between quotes as it is.
pub(crate) fn is_plain(value: &str) -> bool {
    value.chars().all(|c| !c.is_control() && c != '"' && c != '\\')
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
        let name = field.name();
        if self.result.is_err() || name.starts_with("log.") {
            return;
        }
        if name != "message" && !is_plain(value) {
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

const DIM: &str = "\x1b[2m";
const BOLD: &str = "\x1b[1m";
const RESET: &str = "\x1b[0m";

/// The level's colour as `tracing-subscriber` shows it.
fn level_colour(level: Level) -> &'static str {
    match level {
        Level::ERROR => "\x1b[31m",
        Level::WARN => "\x1b[33m",
        Level::INFO => "\x1b[32m",
        Level::DEBUG => "\x1b[34m",
        Level::TRACE => "\x1b[35m",
    }
}

fn trim_raw(name: &str) -> &str {
    name.strip_prefix("r#").unwrap_or(name)
}

/// `2026-11-24T21:51:08.184125Z`, in UTC; the part up to the second is cached per thread.
pub(crate) fn write_now(writer: &mut impl fmt::Write) -> fmt::Result {
    thread_local! {
        static SECOND: RefCell<(u64, String)> = const { RefCell::new((u64::MAX, String::new())) };
    }
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap_or_default();
    let second = now.as_secs();
    SECOND.with_borrow_mut(|(cached, text)| {
        if *cached != second {
            *cached = second;
            text.clear();
            let timestamp =
                jiff::Timestamp::from_second(second as i64).unwrap_or(jiff::Timestamp::UNIX_EPOCH);
            let _ = write!(text, "{}", timestamp.strftime("%Y-%m-%dT%H:%M:%S"));
        }
        let mut micros = *b".000000Z";
        let mut rest = now.subsec_micros();
        for digit in micros[1..7].iter_mut().rev() {
            *digit = b'0' + (rest % 10) as u8;
            rest /= 10;
        }
        writer.write_str(text)?;
        writer.write_str(std::str::from_utf8(&micros).map_err(|_| fmt::Error)?)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::telemetry::{with_subscriber, Captured};

    /// Runs a closure while answering the request with that id.
    type InRequest = fn(&str, &dyn Fn());

    /// Lines as the plain format and the default format (colours off) write them,
    /// the request given to the first as the middleware does and to the second
    /// as the `request` span that this format imitates.
    fn both(log: impl Fn(InRequest)) -> (String, String) {
        let capture = |plain: bool| {
            let out = Captured::default();
            let builder = tracing_subscriber::fmt()
                .with_writer(out.clone())
                .with_ansi(false)
                .with_target(false)
                .with_max_level(Level::TRACE);
            match plain {
                true => with_subscriber(
                    builder.fmt_fields(PlainFields).event_format(PlainText { colour: false }).finish(),
                    || log(|id, f| request::scoped_by(id, f)),
                ),
                false => with_subscriber(builder.finish(), || {
                    log(|id, f| tracing::info_span!("request", request_id = id).in_scope(f))
                }),
            }
            out.text()
        };
        (capture(true), capture(false))
    }

    #[test]
    fn writes_what_the_default_format_writes_without_colours() {
        let (plain, default) = both(|in_request| {
            in_request("fb5a0d5fa6d3b072", &|| {
                tracing::info!(
                    method = "GET",
                    route = "/api/places/{from}/{to}",
                    status = 200u16,
                    ms = 0.1,
                    "answered"
                );
                tracing::warn!(error = %"refused: \"x\"", typed = "line\nbreak", "a \"quoted\" message {}", 5);
                tracing::info_span!("inner", n = 1)
                    .in_scope(|| tracing::info!("in a span inside the request"));
            });
            tracing::info_span!("outside", n = 2).in_scope(|| tracing::info!("in a span"));
            tracing::error!(r#type = "raw", "no span");
            tracing::debug!("every level");
            tracing::trace!("is padded to five");
            tracing::info!(log.target = "a_crate", "bridged from the log crate");
        });
        let strip_times =
            |text: &str| text.lines().map(|l| l.split_once(' ').unwrap().1.to_string()).collect::<Vec<_>>();
        assert_eq!(strip_times(&plain), strip_times(&default), "{plain}\n{default}");
        assert!(plain.contains(r#"INFO request{request_id="fb5a0d5fa6d3b072"}: answered method="GET" route="/api/places/{from}/{to}" status=200 ms=0.1"#), "{plain}");
        assert!(plain.contains(r#"typed="line\nbreak""#), "a line break in a value stays escaped: {plain}");
        assert!(!plain.contains('\x1b'), "no colour codes: {plain:?}");
        let time = plain.split(' ').next().unwrap();
        assert_eq!(time.len(), "2026-11-24T21:51:08.184125Z".len(), "{time}");
        assert!(
            jiff::Timestamp::now().since(time.parse::<jiff::Timestamp>().unwrap()).unwrap().get_seconds() < 5
        );
    }

    #[test]
    fn a_terminal_gets_the_level_in_colour() {
        let out = Captured::default();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(out.clone())
            .fmt_fields(PlainFields)
            .event_format(PlainText { colour: true })
            .finish();
        crate::telemetry::with_subscriber(subscriber, || {
            request::scoped_by("abc", || tracing::warn!(status = 503u16, "busy"));
        });
        let line = out.text();
        assert!(
            line.contains("\x1b[33m WARN\x1b[0m \x1b[1mrequest\x1b[0m{request_id=\"abc\"}: busy status=503"),
            "{line:?}"
        );
    }
}
