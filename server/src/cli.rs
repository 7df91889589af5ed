//! The command line. Parsed before the settings are read or anything starts, so
//! `--help`, `--version` and a mistyped argument create no file and bind no port.
use clap::{Parser, Subcommand};

/// The website of a taxi company in Roermond: pages, assets and JSON API in one binary.
#[derive(Debug, Parser)]
#[command(
    name = "taxi-server",
    version,
    after_help = "Settings come from environment variables (TAXI_LISTEN, TAXI_DATA_DIR, …) and a \
                  TOML file named by TAXI_CONFIG, over the embedded defaults; see README.md."
)]
pub struct Cli {
    /// What to do; without one, `serve`.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// One variant per subcommand: its doc comment is its line in `--help`.
#[derive(Debug, Clone, PartialEq, Eq, Subcommand)]
pub enum Command {
    /// Serve the site (the default without a subcommand)
    Serve,
    /// Ask the running server's /healthz; exit 0 if it answers 200 (for container health checks)
    Healthcheck,
    /// Write a consistent copy of the store to FILE; works while the site runs
    Backup {
        /// Where the copy goes (a new file; an existing one is replaced)
        file: std::path::PathBuf,
    },
    /// Put the copy FILE in place of the store (stop the server first; the store replaced is kept aside, staff are told)
    Restore {
        /// A copy written by `backup` (or by the server's schedule, in <data_dir>/backups/)
        file: std::path::PathBuf,
        /// Send the mails the copy holds queued at the next start (some may have gone before)
        #[arg(long, conflicts_with = "drop_queued")]
        resend_queued: bool,
        /// Drop the mails the copy holds queued, unsent (recorded as such)
        #[arg(long)]
        drop_queued: bool,
    },
    /// Print the dispatchers' calendar address (a secret: give it to dispatchers only)
    CalendarUrl,
    /// Say what is still missing before the site goes live: one line per point, ✓ or ✗ with the fix (exit 1 on any ✗; sends nothing)
    Check,
}

impl Cli {
    /// The subcommand given, `serve` when there was none.
    pub fn into_command(self) -> Command {
        self.command.unwrap_or(Command::Serve)
    }
}

/// The subcommand the process was started with. Exits (0 for `--help` and
/// `--version`, 2 with clap's message for a mistake) without returning.
pub fn parse() -> Command {
    Cli::parse().into_command()
}

#[cfg(test)]
mod tests {
    use clap::{CommandFactory, Parser};

    use super::*;

    #[test]
    fn the_definition_is_consistent() {
        Cli::command().debug_assert();
    }

    #[test]
    fn without_a_subcommand_it_serves() {
        let parse = |args: &[&str]| Cli::try_parse_from(args).unwrap().into_command();
        assert_eq!(parse(&["taxi-server"]), Command::Serve);
        assert_eq!(parse(&["taxi-server", "serve"]), Command::Serve);
        assert_eq!(parse(&["taxi-server", "healthcheck"]), Command::Healthcheck);
        assert_eq!(
            parse(&["taxi-server", "backup", "b.sqlite3"]),
            Command::Backup { file: "b.sqlite3".into() }
        );
        assert!(Cli::try_parse_from(["taxi-server", "restore"]).is_err(), "restore needs a file");
        assert_eq!(
            parse(&["taxi-server", "restore", "b.sqlite3", "--drop-queued"]),
            Command::Restore { file: "b.sqlite3".into(), resend_queued: false, drop_queued: true }
        );
        let both = ["taxi-server", "restore", "b.sqlite3", "--drop-queued", "--resend-queued"];
        assert!(Cli::try_parse_from(both).is_err(), "one or the other");
        assert_eq!(parse(&["taxi-server", "calendar-url"]), Command::CalendarUrl);
        assert_eq!(parse(&["taxi-server", "check"]), Command::Check);
    }
}
