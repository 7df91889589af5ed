//! Where log lines go: a shared in-memory buffer that a writer thread empties.
//!
//! Writing a line costs its request one short, almost always uncontended lock
//! and one copy: no system call, no allocation, no wake-up of another thread.
//! The writer thread writes the buffer out once it holds [`FLUSH_AT`] bytes or
//! its oldest line has waited [`FLUSH_EVERY`] (what nginx's `access_log …
//! buffer=64k flush=1s` does), and everything left when the guard is dropped.
//! `tracing-appender`'s writer, used before, sends a channel message per line
//! and writes whenever its channel is momentarily empty: under load about one
//! `write` and one `sched_yield` per two requests (see docs/performance.md).
//!
//! Nothing is dropped: when the output cannot keep up and [`MAX_BUFFERED`]
//! bytes wait, the threads logging wait for room. Warnings and errors do not
//! wait at all: the thread logging one writes it out (with everything before
//! it, in order) before it goes on, so a crash right after loses none of them.
use std::{
    io::{self, Write},
    sync::{Arc, Condvar, Mutex, MutexGuard},
    thread::JoinHandle,
    time::{Duration, Instant},
};

use tracing_subscriber::fmt::MakeWriter;

pub const FLUSH_AT: usize = 64 * 1024;
pub const FLUSH_EVERY: Duration = Duration::from_secs(1);
const MAX_BUFFERED: usize = 4 * 1024 * 1024;

/// The handle the log formatter writes through; cheap to clone.
#[derive(Clone)]
pub struct LogBuffer {
    shared: Arc<Shared>,
}

/// Dropping it writes out what is buffered and stops the writer thread.
#[must_use = "dropping the guard stops log output"]
pub struct LogGuard {
    shared: Arc<Shared>,
    writer: Option<JoinHandle<()>>,
}

struct Shared {
    state: Mutex<State>,
    /// The output. Taken before `state` by whoever writes, so batches leave in order.
    out: Mutex<Box<dyn Write + Send>>,
    /// The writer waits here for a first line, a full buffer or the close.
    wake_writer: Condvar,
    /// Loggers wait here while the buffer is at its limit.
    room: Condvar,
    flush_every: Duration,
}

#[derive(Default)]
struct State {
    lines: Vec<u8>,
    /// When the oldest line still in `lines` arrived.
    oldest: Option<Instant>,
    closed: bool,
}

impl LogBuffer {
    /// Starts the writer thread, named `log-writer`, writing to `out`.
    pub fn start(
        out: impl Write + Send + 'static,
        flush_every: Duration,
    ) -> io::Result<(LogBuffer, LogGuard)> {
        let shared = Arc::new(Shared {
            state: Mutex::new(State { lines: Vec::with_capacity(FLUSH_AT * 2), ..State::default() }),
            out: Mutex::new(Box::new(out)),
            wake_writer: Condvar::new(),
            room: Condvar::new(),
            flush_every,
        });
        let writer = {
            let shared = shared.clone();
            std::thread::Builder::new().name("log-writer".into()).spawn(move || write_out(&shared))?
        };
        Ok((LogBuffer { shared: shared.clone() }, LogGuard { shared, writer: Some(writer) }))
    }

    /// Appends whole lines.
    pub fn append(&self, line: &[u8]) {
        let mut state = lock(&self.shared.state);
        while state.lines.len() >= MAX_BUFFERED && !state.closed {
            state = self.shared.room.wait(state).unwrap_or_else(|e| e.into_inner());
        }
        let before = state.lines.len();
        state.lines.extend_from_slice(line);
        // The writer sleeps until a first line starts its clock, or a full buffer.
        if state.oldest.is_none() {
            state.oldest = Some(Instant::now());
            self.shared.wake_writer.notify_one();
        } else if before < FLUSH_AT && state.lines.len() >= FLUSH_AT {
            self.shared.wake_writer.notify_one();
        }
    }
}

impl LogBuffer {
    /// Writes out everything buffered now, on the calling thread.
    fn write_now(&self) {
        let mut out = self.shared.out.lock().unwrap_or_else(|e| e.into_inner());
        let mut state = lock(&self.shared.state);
        let lines = std::mem::take(&mut state.lines);
        state.oldest = None;
        self.shared.room.notify_all();
        drop(state);
        if let Err(e) = out.write_all(&lines).and_then(|()| out.flush()) {
            eprintln!("taxi-server: could not write the log: {e}");
        }
    }
}

/// The writer thread: waits for a reason to write, swaps the buffer for an
/// empty one and writes it without holding the lock.
fn write_out(shared: &Shared) {
    let mut spare = Vec::with_capacity(FLUSH_AT * 2);
    let mut state = lock(&shared.state);
    loop {
        let due = state.closed
            || state.lines.len() >= FLUSH_AT
            || state.oldest.is_some_and(|oldest| oldest.elapsed() >= shared.flush_every);
        if !due {
            let wait = state.oldest.map(|oldest| shared.flush_every.saturating_sub(oldest.elapsed()));
            state = match wait {
                None => shared.wake_writer.wait(state).unwrap_or_else(|e| e.into_inner()),
                Some(wait) => {
                    shared.wake_writer.wait_timeout(state, wait).unwrap_or_else(|e| e.into_inner()).0
                }
            };
            continue;
        }
        // The output first, then the lines: a warning written meanwhile went out before them.
        drop(state);
        let mut out = shared.out.lock().unwrap_or_else(|e| e.into_inner());
        state = lock(&shared.state);
        let closed = state.closed;
        std::mem::swap(&mut state.lines, &mut spare);
        state.oldest = None;
        shared.room.notify_all();
        drop(state);
        // Nowhere to report a failing log output but stderr, once per batch.
        if let Err(e) = out.write_all(&spare).and_then(|()| out.flush()) {
            eprintln!("taxi-server: could not write the log: {e}");
        }
        drop(out);
        spare.clear();
        if closed {
            return;
        }
        state = lock(&shared.state);
    }
}

fn lock(state: &Mutex<State>) -> MutexGuard<'_, State> {
    // A logger that panicked mid-append leaves at worst a partial line.
    state.lock().unwrap_or_else(|e| e.into_inner())
}

impl Drop for LogGuard {
    fn drop(&mut self) {
        lock(&self.shared.state).closed = true;
        self.shared.wake_writer.notify_one();
        self.shared.room.notify_all();
        if let Some(writer) = self.writer.take() {
            let _ = writer.join();
        }
    }
}

/// One formatted event, handed over in a single write; `urgent` (a warning
/// or an error) is written out before the logging call returns.
pub struct LineWriter<'a>(&'a LogBuffer, bool);

impl Write for LineWriter<'_> {
    fn write(&mut self, line: &[u8]) -> io::Result<usize> {
        self.0.append(line);
        if self.1 {
            self.0.write_now();
        }
        Ok(line.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl<'a> MakeWriter<'a> for LogBuffer {
    type Writer = LineWriter<'a>;

    fn make_writer(&'a self) -> Self::Writer {
        LineWriter(self, false)
    }

    fn make_writer_for(&'a self, meta: &tracing::Metadata<'_>) -> Self::Writer {
        LineWriter(self, matches!(*meta.level(), tracing::Level::WARN | tracing::Level::ERROR))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::telemetry::Captured;

    #[test]
    fn a_warning_is_written_out_before_the_call_returns_with_the_lines_before_it() {
        let output = Captured::default();
        let (log, guard) = LogBuffer::start(output.clone(), Duration::from_secs(60)).unwrap();
        let subscriber = tracing_subscriber::fmt().with_writer(log.clone()).with_ansi(false).finish();
        tracing::subscriber::with_default(subscriber, || {
            tracing::info!("first, an ordinary line");
            assert_eq!(output.text(), "", "an info line waits for its batch");
            tracing::warn!("then a warning");
            let text = output.text();
            let (info, warn) = (text.find("first, an ordinary line"), text.find("then a warning"));
            assert!(info.is_some() && warn.is_some() && info < warn, "both out, in order: {text}");
            tracing::error!("and an error");
            assert!(output.text().contains("and an error"));
        });
        drop(guard);
    }

    #[test]
    fn lines_wait_for_the_interval_then_are_written_together() {
        let output = Captured::default();
        let (log, guard) = LogBuffer::start(output.clone(), Duration::from_millis(300)).unwrap();
        log.make_writer().write_all(b"one\n").unwrap();
        log.make_writer().write_all(b"two\n").unwrap();
        std::thread::sleep(Duration::from_millis(100));
        assert_eq!(output.text(), "", "nothing is written before the interval");
        let deadline = Instant::now() + Duration::from_secs(5);
        while output.text().is_empty() && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(20));
        }
        assert_eq!(output.text(), "one\ntwo\n");
        assert_eq!(output.writes(), 1, "one write for the batch");
        drop(guard);
    }

    #[test]
    fn a_full_buffer_is_written_at_once_and_the_guard_writes_the_rest() {
        let output = Captured::default();
        let (log, guard) = LogBuffer::start(output.clone(), Duration::from_secs(3600)).unwrap();
        let line = [b'x'; 1023].iter().copied().chain([b'\n']).collect::<Vec<u8>>();
        for _ in 0..FLUSH_AT / line.len() {
            log.make_writer().write_all(&line).unwrap();
        }
        let deadline = Instant::now() + Duration::from_secs(5);
        while output.text().len() < FLUSH_AT && Instant::now() < deadline {
            std::thread::sleep(Duration::from_millis(10));
        }
        assert_eq!(output.text().len(), FLUSH_AT, "64 KiB are written without waiting for the interval");
        log.make_writer().write_all(b"last\n").unwrap();
        drop(guard);
        assert!(output.text().ends_with("xx\nlast\n"), "the guard writes what is left");
    }

    #[test]
    fn loggers_wait_for_room_rather_than_drop_lines() {
        /// An output as slow as a stuck pipe, for a while.
        struct Slow(Captured);
        impl Write for Slow {
            fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
                std::thread::sleep(Duration::from_millis(50));
                self.0.write(bytes)
            }
            fn flush(&mut self) -> io::Result<()> {
                Ok(())
            }
        }
        let output = Captured::default();
        let (log, guard) = LogBuffer::start(Slow(output.clone()), Duration::from_millis(1)).unwrap();
        let line = vec![b'y'; 64 * 1024];
        let writers: Vec<_> = (0..4)
            .map(|_| {
                let log = log.clone();
                let line = line.clone();
                std::thread::spawn(move || (0..40).for_each(|_| log.make_writer().write_all(&line).unwrap()))
            })
            .collect();
        writers.into_iter().for_each(|w| w.join().unwrap());
        drop(guard);
        assert_eq!(output.text().len(), 4 * 40 * line.len());
    }
}
