use std::{
    io::{IsTerminal, Write},
    path::Path,
    process::ExitCode,
};

use taxi_server::{
    cli,
    config::Settings,
    healthcheck,
    mail::restored,
    preflight, staff_answers,
    startup::Application,
    store::{backup, restore::HandRestore},
    telemetry,
};

// No `#[actix_web::main]`: the command line is read before a runtime starts.
fn main() -> ExitCode {
    let command = cli::parse();
    if command == cli::Command::Check {
        // Reads the settings itself: one that does not load is one of its ✗.
        return preflight::run();
    }
    let settings = match Settings::load() {
        Ok(settings) => settings,
        Err(e) => {
            eprintln!("taxi-server: {e}");
            return ExitCode::from(2);
        }
    };
    match command {
        cli::Command::Serve => actix_web::rt::System::new().block_on(serve(settings)),
        cli::Command::Healthcheck => {
            if healthcheck::check(settings.listen) {
                ExitCode::SUCCESS
            } else {
                ExitCode::FAILURE
            }
        }
        cli::Command::Backup { file } => match backup::backup(&settings.data_dir, &file) {
            Ok(()) => {
                println!(
                    "taxi-server: the store of {} copied to {}",
                    settings.data_dir.display(),
                    file.display()
                );
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("taxi-server: backup failed: {e}");
                ExitCode::FAILURE
            }
        },
        cli::Command::CalendarUrl => match staff_answers::calendar::address(&settings) {
            Ok(url) => {
                println!("{url}");
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("taxi-server: {e:#}");
                ExitCode::FAILURE
            }
        },
        cli::Command::Restore { file, resend_queued, drop_queued } => {
            restore(&settings.data_dir, &file, (resend_queued, drop_queued))
        }
        cli::Command::Check => unreachable!("answered above"),
    }
}

/// `taxi-server restore FILE`: says how many mails the copy holds queued and
/// sends them again or drops them as the flags say; without either, asks on
/// a terminal and refuses (exit 2) elsewhere. Staff are told at the next start.
fn restore(data_dir: &Path, file: &Path, (resend, drop): (bool, bool)) -> ExitCode {
    let prepared = match HandRestore::prepare(data_dir, file) {
        Ok(prepared) => prepared,
        Err(e) => {
            eprintln!("taxi-server: restore failed: {e}");
            return ExitCode::FAILURE;
        }
    };
    let queued = match prepared.read(restored::queued_in) {
        Ok(queued) => queued,
        Err(e) => {
            eprintln!("taxi-server: restore failed: {} cannot be read: {e}", file.display());
            return ExitCode::FAILURE;
        }
    };
    println!("taxi-server: {} holds {queued} mail(s) queued, not sent when it was taken", file.display());
    let drop = match (queued, resend, drop) {
        (0, ..) | (_, true, _) => false,
        (_, _, true) => true,
        _ if std::io::stdin().is_terminal() => match ask() {
            Some(drop) => drop,
            None => return refuse(),
        },
        _ => return refuse(),
    };
    let placed = prepared.put_in_place(|tx| if drop { restored::drop_queued(tx) } else { Ok(0) });
    match placed {
        Ok(aside) => {
            let kept = aside.map(|a| format!("; the store it replaced is kept as {}", a.display()));
            let mails = if drop { "dropped" } else { "sent at the next start" };
            println!("taxi-server: {} restored{}", file.display(), kept.unwrap_or_default());
            println!(
                "taxi-server: its {queued} queued mail(s) are {mails}; staff are told at the next start"
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("taxi-server: restore failed: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Asks on the terminal whether to drop the queued mails; `None` when no answer comes.
fn ask() -> Option<bool> {
    let mut line = String::new();
    loop {
        print!("Send them again at the next start (some may have gone before), or drop them? [send/drop] ");
        std::io::stdout().flush().ok()?;
        line.clear();
        if std::io::stdin().read_line(&mut line).ok()? == 0 {
            return None;
        }
        match line.trim().to_ascii_lowercase().as_str() {
            "send" | "s" => return Some(false),
            "drop" | "d" => return Some(true),
            _ => {}
        }
    }
}

fn refuse() -> ExitCode {
    eprintln!(
        "taxi-server: restore refused: say what to do with the queued mails, \
         --resend-queued (send them at the next start) or --drop-queued (drop them unsent)"
    );
    ExitCode::from(2)
}

async fn serve(settings: Settings) -> ExitCode {
    // Dropped when `serve` returns, after the server has drained: the last lines are written then.
    let _log_writer = telemetry::init(settings.log_format);
    let listen = settings.listen;
    let data_dir = settings.data_dir.clone();
    let workers = settings.render_workers();
    let app = match Application::build(settings) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("taxi-server: {e:#}");
            return ExitCode::from(2);
        }
    };
    tracing::info!(
        "listening on http://{}:{} (data directory {}, {workers} render workers)",
        listen.ip(),
        app.port(),
        data_dir.display()
    );
    tracing::info!("places and routes: {}", app.places_description());
    tracing::info!("mail delivery: {}", app.mail_description());
    match app.run_until_stopped().await {
        Ok(()) => {
            tracing::info!("stopped");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("taxi-server: {e}");
            ExitCode::FAILURE
        }
    }
}
