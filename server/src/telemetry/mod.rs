//! Logging set-up (human-readable text by default, JSON lines for log shippers),
//! the request id attached to every log line written while answering a request
//! ([`request`]), and the access-log line ([`access`]); `edge::outer` uses both
//! for every request.
//!
//! Access-log lines hold method, route pattern, status and time; not the query
//! string or client address, which may be personal data (typed addresses).
mod access;
mod json_format;
mod log_buffer;
pub mod metrics;
mod request;
mod text_format;

use std::io::IsTerminal as _;

use tracing_subscriber::{fmt, util::SubscriberInitExt as _, EnvFilter};

use crate::config::LogFormat;
pub use crate::telemetry::access::AccessLine;
pub use crate::telemetry::log_buffer::{LogBuffer, LogGuard};
pub use crate::telemetry::request::{answering, method_label, RequestId, REQUEST_ID};

/// Log lines go to stdout through [`LogBuffer`]: a request never waits for the
/// terminal, pipe or disk, and lines are written in batches, at least every
/// second. Keep the returned guard alive until the end of `main`: dropping it
/// writes out what is still buffered. `None` when the writer thread could not
/// start; lines then go straight to stdout.
pub fn init(format: LogFormat) -> Option<LogGuard> {
    let colour = std::io::stdout().is_terminal();
    let filter = || EnvFilter::try_from_env("RUST_LOG").unwrap_or_else(|_| EnvFilter::new("info"));
    match LogBuffer::start(std::io::stdout(), log_buffer::FLUSH_EVERY) {
        Ok((writer, guard)) => {
            access::AccessLog::new(writer.clone(), format, colour).install();
            let _ = subscriber(format, colour, filter(), writer).try_init();
            Some(guard)
        }
        Err(e) => {
            eprintln!("taxi-server: no log writer thread ({e}); logging straight to stdout");
            let _ = subscriber(format, colour, filter(), std::io::stdout).try_init();
            None
        }
    }
}

/// The subscriber writing `format` to `writer`.
fn subscriber(
    format: LogFormat,
    colour: bool,
    filter: EnvFilter,
    writer: impl for<'a> fmt::MakeWriter<'a> + Send + Sync + 'static,
) -> Box<dyn tracing::Subscriber + Send + Sync> {
    let builder = fmt().with_env_filter(filter).with_writer(writer);
    match format {
        LogFormat::Json => Box::new(builder.event_format(json_format::JsonLines).finish()),
        LogFormat::Text => Box::new(
            builder
                .fmt_fields(text_format::PlainFields)
                .event_format(text_format::PlainText { colour })
                .finish(),
        ),
    }
}

/// What a log writer wrote, for tests: the bytes and how many writes.
#[cfg(test)]
#[derive(Clone, Default)]
pub struct Captured(std::sync::Arc<std::sync::Mutex<(Vec<u8>, usize)>>);

#[cfg(test)]
impl Captured {
    pub fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().0.clone()).unwrap()
    }

    pub fn writes(&self) -> usize {
        self.0.lock().unwrap().1
    }

    /// What `f` logs on this thread, in the plain fmt format.
    pub fn logs_of(f: impl FnOnce()) -> String {
        let captured = Self::default();
        with_subscriber(fmt().with_writer(captured.clone()).finish(), f);
        captured.text()
    }
}

/// Runs `f` with `subscriber` as this thread's, for tests that read the log.
#[cfg(test)]
pub fn with_subscriber<R>(subscriber: impl tracing::Subscriber + Send + Sync, f: impl FnOnce() -> R) -> R {
    // Callsite interest is cached process-wide. While only one subscriber is
    // registered, tracing asks the *calling thread's* subscriber, so a test on
    // another thread (none installed) caches "never" for the callsites we read.
    // A second registered subscriber, alive for good, makes tracing ask them all.
    static SECOND: std::sync::OnceLock<tracing::Dispatch> = std::sync::OnceLock::new();
    SECOND.get_or_init(|| tracing::Dispatch::new(tracing::subscriber::NoSubscriber::new()));
    tracing::subscriber::with_default(subscriber, || {
        tracing::callsite::rebuild_interest_cache();
        f()
    })
}

#[cfg(test)]
impl std::io::Write for Captured {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let mut out = self.0.lock().unwrap();
        out.0.extend_from_slice(bytes);
        out.1 += 1;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

#[cfg(test)]
impl<'a> fmt::MakeWriter<'a> for Captured {
    type Writer = Captured;

    fn make_writer(&'a self) -> Captured {
        self.clone()
    }
}
