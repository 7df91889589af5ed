use std::process::ExitCode;

use taxi_server::{
    cli, config::Settings, healthcheck, staff_answers, startup::Application, store::backup, telemetry,
};

// No `#[actix_web::main]`: the command line is read before a runtime starts.
fn main() -> ExitCode {
    let command = cli::parse();
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
        cli::Command::Restore { file } => match backup::restore(&settings.data_dir, &file) {
            Ok(aside) => {
                let kept = aside.map(|a| format!("; the store it replaced is kept as {}", a.display()));
                println!("taxi-server: {} restored{}", file.display(), kept.unwrap_or_default());
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("taxi-server: restore failed: {e}");
                ExitCode::FAILURE
            }
        },
    }
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
