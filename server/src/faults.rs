//! Named points inside durable steps where a crash test stops the process, to
//! kill it exactly there (`examples/spool_worker.rs`). Nothing is installed in
//! the server: a point then costs one atomic load.
use std::sync::OnceLock;

static HOOK: OnceLock<fn(&'static str)> = OnceLock::new();

/// Installs the function every point calls (once per process; tests only).
pub fn install(hook: fn(&'static str)) {
    let _ = HOOK.set(hook);
}

/// Passes the point `name`: calls the installed hook, if any.
pub fn point(name: &'static str) {
    if let Some(hook) = HOOK.get() {
        hook(name);
    }
}
