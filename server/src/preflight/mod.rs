//! `taxi-server check`: what is still missing before the site goes live, one
//! line per point, `✓` or `✗` with the fix, and exit status 1 when any point
//! fails (issue 53, item 3). It reads the same settings as the server (the
//! embedded defaults, `TAXI_CONFIG`, the environment) and changes nothing:
//!
//! - the settings (`settings.rs`): demo values the settings file has not
//!   replaced (company data, coordinates, opening hours, images, quality
//!   mark, places lists, the answer promise, mail addresses, base URL),
//!   names nobody can reach, HSTS, the escalation address, the trusted proxy;
//! - the legal pages (`legal.rs`, over `site::legal::missing`);
//! - the services (`services.rs`): the mail server greets, takes the login,
//!   the sender and every staff and escalation address, and forgets them
//!   (`RSET`: no message is sent); Google takes the key, one call per API;
//! - the machine (`machine.rs`): the data directory's owner and mode, the
//!   free disk, the backups folder, the clock and the time zone.
//!
//! The checks return findings (`findings.rs`); `report.rs` words them, once.
//! Run it as the server's user, with the server's environment (README, "Go live").
use std::{io::Write as _, path::PathBuf, process::ExitCode};

use crate::config::Settings;

mod findings;
mod legal;
mod machine;
mod report;
mod services;
mod settings;

/// Runs every check, prints a line for each and a summary; exit status 0
/// when every point passed, 1 otherwise (also when the settings do not load).
pub fn run() -> ExitCode {
    let file = std::env::var_os("TAXI_CONFIG").filter(|f| !f.is_empty()).map(PathBuf::from);
    let source = match &file {
        Some(file) => format!("{} (TAXI_CONFIG) over the embedded defaults", file.display()),
        None => "the embedded defaults: TAXI_CONFIG names no settings file".to_string(),
    };
    say(&format!("taxi-server check: the settings of {source}, and the environment"));
    let settings = match Settings::load() {
        Ok(settings) => settings,
        Err(e) => {
            // One line, as every point (a parser's message may span several).
            let e = e.to_string().lines().map(str::trim).collect::<Vec<_>>().join(" ");
            say(&format!("✗ settings: {e}. The server would not start either: fix it and check again"));
            return ExitCode::FAILURE;
        }
    };
    // It parsed as part of the settings just now.
    let table: Option<toml::Table> =
        file.as_ref().and_then(|f| std::fs::read_to_string(f).ok()).and_then(|text| text.parse().ok());
    let mut found = settings::check(&settings, table.as_ref());
    found.push(legal::check(&settings));
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build();
    let (mail, (google, google_time)) = match runtime {
        Ok(runtime) => {
            runtime.block_on(async { tokio::join!(services::mail(&settings), services::google(&settings)) })
        }
        Err(e) => {
            say(&format!("✗ check: cannot start its network runtime: {e}"));
            return ExitCode::FAILURE;
        }
    };
    found.extend(mail);
    found.extend(google);
    found.extend(machine::check(&settings, google_time));

    let cx = report::Context { file: file.as_deref() };
    let mut lines: Vec<String> = found.iter().map(|finding| report::line(finding, &cx)).collect();
    let failed = found.iter().filter(|f| !f.passed()).count();
    lines.push(match failed {
        0 => format!("All {} points ✓. Go on with the launch checklist (README, \"Go live\").", found.len()),
        _ => format!("{failed} of {} points ✗: fix each and run `taxi-server check` again.", found.len()),
    });
    say(&lines.join("\n"));
    if failed == 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

/// Prints a line; a reader that went away (`taxi-server check | head`) ends
/// nothing but the printing.
fn say(text: &str) {
    let _ = writeln!(std::io::stdout().lock(), "{text}");
}
