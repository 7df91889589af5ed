use taxi_server::{config::Settings, healthcheck, startup::Application, telemetry};

#[actix_web::main]
async fn main() -> std::process::ExitCode {
    let settings = match Settings::load() {
        Ok(settings) => settings,
        Err(e) => {
            eprintln!("taxi-server: {e}");
            return std::process::ExitCode::from(2);
        }
    };
    if std::env::args().nth(1).as_deref() == Some("healthcheck") {
        return if healthcheck::check(settings.listen) {
            std::process::ExitCode::SUCCESS
        } else {
            std::process::ExitCode::FAILURE
        };
    }
    // Dropped when `main` returns, after the server has drained: the last lines are written then.
    let _log_writer = telemetry::init(settings.log_format);
    let listen = settings.listen;
    let data_dir = settings.data_dir.clone();
    let workers = settings.render_workers();
    let app = match Application::build(settings) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("taxi-server: {e:#}");
            return std::process::ExitCode::from(2);
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
            std::process::ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("taxi-server: {e}");
            std::process::ExitCode::FAILURE
        }
    }
}
