//! Builds the application from settings and binds its own listener, so tests can
//! ask for port 0 and read back the port they got.
use std::{net::TcpListener, sync::Arc, time::Duration};

use actix_web::{dev::Server, web, App, HttpServer};
use anyhow::Context as _;

use std::rc::Rc;

use crate::site::host::HostCheck;
use crate::{
    booking::service::BookingService,
    booking_mail::composer::Composer,
    bookings::keeper::Keeper,
    config::Settings,
    contact::service::ContactService,
    edge::{operators::Operators, outer::Outer, Edge},
    forms::{antispam::FormGuard, refusals::Refusals, submission::Submissions},
    i18n::Locales,
    mail::{Outbox, RetryPolicy},
    places::Places,
    render::{
        assets::{self, Assets},
        pool::{PoolSettings, RenderPool},
    },
    routes,
    secret::{create_private_dir, refuse_shared_dir, KeySource, SecretKey},
    site::{error_pages::error_pages, pages::Pages, private_page::LinkPages},
    store::backup,
};

pub struct Application {
    port: u16,
    outbox: Arc<Outbox>,
    keeper: Arc<Keeper>,
    composer: Arc<Composer>,
    reminders: Arc<crate::reminders::Reminders>,
    places_description: &'static str,
    server: Server,
    pages: web::Data<Pages>,
}

impl Application {
    /// Everything the server needs, checked before it accepts a connection.
    pub fn build(settings: Settings) -> anyhow::Result<Self> {
        Self::build_with_bundle(settings, assets::server_bundle())
    }

    /// Like [`Application::build`] with another server bundle (tests use broken ones).
    pub fn build_with_bundle(settings: Settings, bundle: &str) -> anyhow::Result<Self> {
        // Before anything is created: a site that is no demo must not keep its
        // mail here unasked (`config::mail_route`).
        settings.mail_route()?;
        let legal = crate::site::legal::LegalTexts::load(&settings)?;
        create_private_dir(&settings.data_dir).with_context(|| {
            format!("data_dir (TAXI_DATA_DIR): cannot create {}", settings.data_dir.display())
        })?;
        refuse_shared_dir(&settings.data_dir).context("data_dir (TAXI_DATA_DIR)")?;
        let assets = Assets::load(&[
            ("taxi.svg", settings.company.taxi_image_file.as_str()),
            ("quality-mark.svg", settings.company.quality_mark_file.as_str()),
            ("share.png", settings.company.share_image_file.as_str()),
        ])
        .map_err(|e| {
            anyhow::anyhow!("company.taxi_image_file / quality_mark_file / share_image_file: {e}")
        })?;
        let pool = RenderPool::start(
            bundle,
            PoolSettings {
                workers: settings.render_workers(),
                queue_capacity: settings.render.queue_capacity,
                deadline: Duration::from_millis(settings.render.deadline_ms),
                memory_limit_bytes: settings.render.memory_limit_mb << 20,
                max_per_client: settings.render.max_per_client,
                max_per_network: settings.render.max_per_network,
            },
        )
        .context("the server-side rendering bundle could not be loaded")?;

        let (key, key_source) = SecretKey::load(&settings)
            .context("the secret key (TAXI_SECRET_KEY, or secret.key in data_dir)")?;
        tracing::info!(source = key_source.describe(), "secret key for staff links and form cookies");
        if key_source == KeySource::EnvironmentOverFile {
            tracing::warn!(
                "TAXI_SECRET_KEY is set and the data directory still holds secret.key from earlier runs: \
                 staff links in mails sent before this key was set no longer open (answer those bookings \
                 by phone); remove secret.key once they are answered"
            );
        }
        crate::types::resolve_company_zone().context("the company's time zone (Europe/Amsterdam)")?;
        let places = Arc::new(Places::from_settings(&settings));
        let locales = Arc::new(Locales::load());
        let (keeper, outbox) = Keeper::start(&settings, locales.clone(), RetryPolicy::default())
            .context("mail delivery could not start")?;
        let (keeper, outbox) = (Arc::new(keeper), Arc::new(outbox));
        upkeep(&settings, &outbox, &keeper);
        let composer = Arc::new(Composer::new(&settings, locales.clone(), key.clone()));
        let settings = Arc::new(settings);
        let assets = Arc::new(assets);
        let pages =
            web::Data::new(Pages::new(settings.clone(), locales.clone(), assets.clone(), (pool, legal)));

        let listener = TcpListener::bind(settings.listen)
            .with_context(|| format!("listen (TAXI_LISTEN): cannot listen on {}", settings.listen))?;
        let port = listener.local_addr()?.port();

        let (settings_data, assets_data, locales_data) =
            (web::Data::from(settings.clone()), web::Data::from(assets), web::Data::from(locales.clone()));
        let pages_data = pages.clone();
        let places_description = places.description();
        // One site-wide budget, list of refused senders and repeat window for every form.
        let store = outbox.store().clone();
        let refusals = Refusals::open(&store, key.clone(), settings.limits.junk_refusal_days)
            .context("the store's refused senders could not be read")?;
        let submissions = Arc::new(Submissions::new(&settings, &key, Arc::new(refusals), store.clone()));
        let submissions_data = web::Data::from(submissions.clone());
        let booking = web::Data::new(BookingService::new(
            (settings.clone(), places.clone()),
            (keeper.clone(), composer.clone(), Outbox::clone(&outbox)),
            submissions.clone(),
        ));
        let contact = web::Data::new(
            ContactService::new(&settings, locales.clone(), outbox.clone(), submissions.clone())
                .context("mail delivery could not start")?,
        );
        let (places, outbox_data) = (web::Data::from(places), web::Data::from(outbox.clone()));
        let (keeper_data, composer_data) =
            (web::Data::from(keeper.clone()), web::Data::from(composer.clone()));
        let store_data = web::Data::from(store);
        let secure_cookies = settings.site.base_url.starts_with("https://");
        let form_guard =
            web::Data::new(FormGuard::new(settings.booking.min_fill_seconds, secure_cookies, key.clone()));
        if settings.dispatch_calendar.enabled {
            // Not the address itself: a key to every ride, and logs travel further than the server.
            tracing::info!("the dispatchers' calendar is on: `taxi-server calendar-url` prints its address");
        }
        let reminders = crate::reminders::Reminders::new(keeper.clone(), composer.clone(), &settings);
        reminders.start(&outbox);
        let link_pages = web::Data::new(LinkPages {
            key,
            settings: settings.clone(),
            pages: pages.clone(),
            locales: locales.clone(),
            submissions,
        });
        let operators = web::Data::new(Operators::new(&settings, port));
        let mail_reach = web::Data::new(crate::mail::reach::MailReach::new(&settings));
        let edge = Arc::new(Edge::new(settings.clone(), locales.clone(), crate::booking::prefill::has_route));
        let http = settings.http.clone();
        let http_workers = std::thread::available_parallelism().map_or(2, |n| n.get());
        let max_connections = connection_cap(http.max_connections, http_workers);
        // Middleware runs outside-in from the last `wrap`: request id, canonical
        // host, security headers, access log and metrics (`edge::outer`), then
        // the error pages. The checks that depend on the route (origin, header
        // size, limits) and compression run per route: see `edge` and `routes`.
        let route_settings = settings.clone();
        let server = HttpServer::new(move || {
            let edge = edge.clone();
            App::new()
                .wrap(error_pages(pages_data.clone()))
                .wrap(Outer::new(&settings, Rc::new(HostCheck::new(settings.clone()))))
                .app_data(settings_data.clone())
                .app_data(assets_data.clone())
                .app_data(locales_data.clone())
                .app_data(pages_data.clone())
                .app_data(places.clone())
                .app_data(outbox_data.clone())
                .app_data(keeper_data.clone())
                .app_data(composer_data.clone())
                .app_data(store_data.clone())
                .app_data(submissions_data.clone())
                .app_data(booking.clone())
                .app_data(contact.clone())
                .app_data(form_guard.clone())
                .app_data(link_pages.clone())
                .app_data(operators.clone())
                .app_data(mail_reach.clone())
                .configure(|cfg| routes::configure(cfg, &edge, &route_settings))
        })
        .keep_alive(Duration::from_secs(http.keep_alive_seconds))
        .client_request_timeout(Duration::from_millis(http.header_timeout_ms))
        .client_disconnect_timeout(Duration::from_millis(http.header_timeout_ms))
        .workers(http_workers)
        .max_connections(max_connections)
        .shutdown_timeout(http.shutdown_timeout_seconds)
        .listen(listener)?
        .run();
        Ok(Self { port, outbox, keeper, composer, reminders, places_description, server, pages })
    }

    /// The bookings in the store (tests read what a request left).
    pub fn keeper(&self) -> Arc<Keeper> {
        self.keeper.clone()
    }

    /// The mail kit (tests take a step as its page takes it).
    pub fn composer(&self) -> Arc<Composer> {
        self.composer.clone()
    }

    /// The reminders (tests run them at a time of their choosing).
    pub fn reminders(&self) -> Arc<crate::reminders::Reminders> {
        self.reminders.clone()
    }

    pub fn port(&self) -> u16 {
        self.port
    }

    /// Stops the server like SIGTERM does (tests restart an application this way).
    pub fn stop_handle(&self) -> actix_web::dev::ServerHandle {
        self.server.handle()
    }

    /// How mail is delivered, for the start-up log.
    pub fn mail_description(&self) -> String {
        self.outbox.transport_description()
    }

    /// Which places provider is active, for the start-up log.
    pub fn places_description(&self) -> &'static str {
        self.places_description
    }

    /// Serves until the process is told to stop. Pages are rendered into memory
    /// in the background meanwhile.
    pub async fn run_until_stopped(self) -> std::io::Result<()> {
        let pages = self.pages.clone();
        let warm_up = pages.settings.render.warm_up;
        actix_web::rt::spawn(async move {
            if !warm_up {
                return;
            }
            let started = std::time::Instant::now();
            match pages.warm_up().await {
                Ok(n) => tracing::info!(
                    pages = n,
                    elapsed_ms = started.elapsed().as_millis() as u64,
                    "pages rendered into memory"
                ),
                Err(e) => {
                    tracing::error!(error = %e, "warming the page cache failed; pages render on first request")
                }
            }
        });
        let outbox = self.outbox.clone();
        actix_web::rt::spawn(async move {
            // The HTTP server drains on the same signal; the mail sender's
            // grace runs meanwhile, so both fit in the shutdown timeout.
            stop_signal().await;
            outbox.stop_sending();
        });
        let result = self.server.await;
        // The HTTP server has drained; let the mail sender finish its current step.
        self.outbox.shutdown().await;
        result
    }
}

/// What keeps the store in bounds while the site runs, on the outbox's
/// thread: the left-overs of copies deleted at start, a copy every
/// `backup.every_hours`, and the bookings past `mail.retention_days` deleted
/// hourly (the outbox deletes its own mails).
fn upkeep(settings: &Settings, outbox: &Outbox, keeper: &Keeper) {
    let retention = settings.mail.retention();
    if let Err(e) = backup::tidy(&settings.data_dir, retention) {
        tracing::error!(error = %e, "left-over copies could not be deleted");
    }
    if settings.backup.every_hours > 0 {
        let every = Duration::from_secs(u64::from(settings.backup.every_hours) * 3600);
        let keep = settings.backup.keep as usize;
        outbox.spawn(backup::schedule(settings.data_dir.clone(), every, keep, retention));
    }
    outbox.spawn(keeper.clone().sweep_every(RetryPolicy::default().sweep_every, retention));
}

/// Descriptors kept for everything but visitors' connections: the spool's and
/// the booking store's files, calls to Google and the SMTP server, the log.
const MIN_RESERVED_DESCRIPTORS: u64 = 128;

/// Raises the soft open-files limit to the hard one, and caps the connections
/// each HTTP worker accepts so that all of them together stay below it: idle
/// connections then wait in the kernel's queue instead of taking the last
/// descriptors a booking needs to be stored (beyond the limit, accepting fails
/// and the spool cannot open a file). Logs both at start-up.
fn connection_cap(configured: usize, workers: usize) -> usize {
    let (before, limit) = match raise_open_files_limit() {
        Ok(limits) => limits,
        Err(e) => {
            tracing::warn!(error = %e, "the open-files limit could not be read; connections are not capped by it");
            return configured;
        }
    };
    let cap = connections_below(limit, workers).min(configured);
    tracing::info!(
        open_files_limit = limit,
        raised_from = before,
        max_connections_per_worker = cap,
        workers,
        "open files: limit {limit} (soft limit was {before}); at most {} connections ({cap} per HTTP worker)",
        cap * workers
    );
    if cap < 64 {
        tracing::warn!(
            open_files_limit = limit,
            "the open-files limit leaves room for only {cap} connections per worker: raise it (ulimit -n, LimitNOFILE=)"
        );
    }
    cap
}

/// Connections per worker that leave a reserve of descriptors (an eighth of
/// the limit, at least [`MIN_RESERVED_DESCRIPTORS`]) below `limit`.
fn connections_below(limit: u64, workers: usize) -> usize {
    let reserve = (limit / 8).max(MIN_RESERVED_DESCRIPTORS);
    let per_worker = limit.saturating_sub(reserve) / workers.max(1) as u64;
    usize::try_from(per_worker).unwrap_or(usize::MAX).max(1)
}

/// The soft limit on open files before and after raising it to the hard limit.
fn raise_open_files_limit() -> std::io::Result<(u64, u64)> {
    let mut limit = libc::rlimit { rlim_cur: 0, rlim_max: 0 };
    // SAFETY: getrlimit only writes the struct it is given.
    if unsafe { libc::getrlimit(libc::RLIMIT_NOFILE, &mut limit) } != 0 {
        return Err(std::io::Error::last_os_error());
    }
    let before = limit.rlim_cur;
    // Linux refuses "unlimited" open files; its usual ceiling (fs.nr_open) instead.
    let target = if limit.rlim_max == libc::RLIM_INFINITY { 1 << 20 } else { limit.rlim_max };
    if target > before {
        let raised = libc::rlimit { rlim_cur: target, rlim_max: limit.rlim_max };
        // SAFETY: setrlimit only reads the struct it is given.
        if unsafe { libc::setrlimit(libc::RLIMIT_NOFILE, &raised) } == 0 {
            return Ok((before, target));
        }
        tracing::warn!(error = %std::io::Error::last_os_error(), "the open-files limit could not be raised");
    }
    Ok((before, before))
}

/// SIGTERM or SIGINT, the signals on which actix stops the HTTP server.
async fn stop_signal() {
    use tokio::signal::unix::{signal, SignalKind};
    match (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) {
        (Ok(mut term), Ok(mut int)) => {
            tokio::select! {
                _ = term.recv() => {}
                _ = int.recv() => {}
            }
        }
        _ => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::connections_below;

    #[test]
    fn connections_stay_below_the_open_files_limit_with_a_reserve() {
        assert_eq!(connections_below(1024, 2), 448, "896 connections, 128 descriptors kept");
        assert_eq!(connections_below(256, 2), 64);
        assert_eq!(connections_below(1 << 20, 4), 229_376, "an eighth kept");
        assert_eq!(connections_below(100, 2), 1, "never none");
    }
}
