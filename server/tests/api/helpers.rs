use std::collections::BTreeMap;

use taxi_server::{config::Settings, startup::Application};

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    /// `TAXI_DATA_DIR` of this app (the store and the Maildir).
    pub data_dir: std::path::PathBuf,
    _temp: TempDir,
    env: BTreeMap<String, String>,
    bundle: Option<&'static str>,
    server: actix_web::dev::ServerHandle,
    /// The app's bookings.
    pub bookings: std::sync::Arc<taxi_server::bookings::keeper::Keeper>,
    /// The app's mail kit, to take a step as its page takes it.
    pub composer: std::sync::Arc<taxi_server::booking_mail::composer::Composer>,
    /// The app's reminders, to run them at a chosen time.
    pub reminders: std::sync::Arc<taxi_server::reminders::Reminders>,
    running: actix_web::rt::task::JoinHandle<std::io::Result<()>>,
}

/// A directory removed when the test ends.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new() -> Self {
        static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("taxi-test-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[derive(Default)]
pub struct AppOptions {
    pub config_toml: Option<String>,
    pub bundle: Option<&'static str>,
    /// Switches the places provider to Google (pointed at a local fake by `config_toml`).
    pub google_key: Option<&'static str>,
    /// `TAXI_SMTP_URL`: deliver over SMTP instead of into the Maildir.
    pub smtp_url: Option<&'static str>,
    /// Render every page into memory at start-up, as in production. Off by
    /// default: a test app renders the pages its test asks for, on demand.
    pub warm_up: bool,
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(AppOptions::default()).await
}

pub async fn spawn_app_with(options: AppOptions) -> TestApp {
    let data_dir = TempDir::new();
    let mut env = BTreeMap::new();
    env.insert("TAXI_LISTEN".to_string(), "127.0.0.1:0".to_string());
    env.insert("TAXI_DATA_DIR".to_string(), data_dir.0.join("var").display().to_string());
    // Tests post more than a visitor may; rate_limits.rs tests the limits with their own settings.
    let config = options
        .config_toml
        .unwrap_or_else(|| "[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n".to_string());
    let config_path = data_dir.0.join("test.toml");
    std::fs::write(&config_path, config).unwrap();
    env.insert("TAXI_CONFIG".to_string(), config_path.display().to_string());
    env.insert("TAXI_RENDER_WARM_UP".to_string(), options.warm_up.to_string());
    if let Some(url) = options.smtp_url {
        env.insert("TAXI_SMTP_URL".to_string(), url.to_string());
    }
    if let Some(key) = options.google_key {
        env.insert("TAXI_GOOGLE_MAPS_KEY".to_string(), key.to_string());
    }
    launch(env, options.bundle, data_dir)
}

fn launch(env: BTreeMap<String, String>, bundle: Option<&'static str>, data_dir: TempDir) -> TestApp {
    let settings = Settings::load_from(&env).expect("test settings");
    let app = match bundle {
        Some(bundle) => Application::build_with_bundle(settings, bundle),
        None => Application::build(settings),
    }
    .expect("application builds");
    let address = format!("http://127.0.0.1:{}", app.port());
    let server = app.stop_handle();
    let (bookings, composer, reminders) = (app.keeper(), app.composer(), app.reminders());
    let running = actix_web::rt::spawn(app.run_until_stopped());
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    TestApp {
        address,
        client,
        data_dir: data_dir.0.join("var"),
        _temp: data_dir,
        env,
        bundle,
        server,
        bookings,
        composer,
        reminders,
        running,
    }
}

impl TestApp {
    /// Stops the server as SIGTERM would and starts a new one on the same data
    /// directory and settings (at another port).
    pub async fn restart(self) -> TestApp {
        self.restart_after(|_| {}).await
    }

    /// Stops the server, runs `between` on its stopped data directory, starts it again.
    pub async fn restart_after(self, between: impl FnOnce(&std::path::Path)) -> TestApp {
        self.server.stop(true).await;
        self.running.await.expect("server task").expect("server ran");
        between(&self.data_dir);
        launch(self.env, self.bundle, self._temp)
    }

    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client.post(format!("{}{path}", self.address)).json(body).send().await.expect("request sent")
    }

    pub async fn post_raw(
        &self,
        path: &str,
        content_type: &str,
        body: impl Into<reqwest::Body>,
    ) -> reqwest::Response {
        self.client
            .post(format!("{}{path}", self.address))
            .header("Content-Type", content_type)
            .body(body)
            .send()
            .await
            .expect("request sent")
    }

    /// Waits (up to 10 s) until every mail accepted so far has been delivered.
    /// A request's mails are spooled before it is answered, so once the spool
    /// is empty a mail that was not sent never will be: this proves "nothing
    /// was sent" without guessing how long sending takes.
    pub async fn outbox_idle(&self) {
        for _ in 0..100 {
            let health: serde_json::Value = self.get("/healthz").await.json().await.expect("health JSON");
            if health["spoolDepth"] == 0 {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("mail still waiting after 10 s");
    }

    /// Mails delivered into the Maildir so far, waiting up to 5 s for `at_least`.
    pub async fn mails(&self, at_least: usize) -> Vec<String> {
        let dir = self.data_dir.join("maildir/new");
        for _ in 0..50 {
            let mut mails: Vec<String> = std::fs::read_dir(&dir)
                .map(|entries| entries.filter_map(|e| std::fs::read_to_string(e.ok()?.path()).ok()).collect())
                .unwrap_or_default();
            if mails.len() >= at_least {
                mails.sort();
                return mails;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("fewer than {at_least} mails in {}", dir.display());
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.get_with(path, &[]).await
    }

    pub async fn get_with(&self, path: &str, headers: &[(&str, &str)]) -> reqwest::Response {
        let mut request = self.client.get(format!("{}{path}", self.address));
        for (name, value) in headers {
            request = request.header(*name, *value);
        }
        request.send().await.expect("request sent")
    }

    /// Waits (up to 10 s) until `/readyz` says the pages are rendered.
    pub async fn wait_until_ready(&self) {
        for _ in 0..100 {
            if self.get("/readyz").await.status() == 200 {
                return;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("not ready within 10 s");
    }

    pub async fn html(&self, path: &str) -> String {
        let response = self.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        response.text().await.unwrap()
    }
}

pub fn header<'a>(response: &'a reqwest::Response, name: &str) -> &'a str {
    response.headers().get(name).and_then(|v| v.to_str().ok()).unwrap_or("")
}

/// Every page path with its language and page (written out here, not read from
/// the server's own table, so a changed path fails the tests).
pub const ROUTES: &[(&str, &str, &str)] = &[
    ("/", "nl", "home"),
    ("/reserveren", "nl", "reservation"),
    ("/contact", "nl", "contact"),
    ("/tarieven", "nl", "prices"),
    ("/de", "de", "home"),
    ("/reservieren", "de", "reservation"),
    ("/kontakt", "de", "contact"),
    ("/tarife", "de", "prices"),
    ("/en", "en", "home"),
    ("/reservation", "en", "reservation"),
    ("/contact-us", "en", "contact"),
    ("/prices", "en", "prices"),
    ("/privacy", "nl", "privacy"),
    ("/voorwaarden", "nl", "terms"),
    ("/klachten", "nl", "complaints"),
    ("/datenschutz", "de", "privacy"),
    ("/agb", "de", "terms"),
    ("/beschwerden", "de", "complaints"),
    ("/privacy-policy", "en", "privacy"),
    ("/terms", "en", "terms"),
    ("/complaints", "en", "complaints"),
];

/// Waits until the next full hour has begun when it is less than a minute away. The
/// allowances of customer mails (`mail::customer`) and of calls to Google
/// (`places::budget`) count per clock hour and per UTC day: a test that spends one
/// and then checks what is refused must not see it renewed halfway, at whatever
/// time it runs (one that crossed an hour let 14 mails through instead of 12).
pub fn clear_of_the_hour() {
    let left = 3600 - jiff::Timestamp::now().as_second().rem_euclid(3600);
    if left < 60 {
        std::thread::sleep(std::time::Duration::from_secs(left as u64 + 1));
    }
}

/// The text between `start` and the next `end`.
pub fn between<'a>(text: &'a str, start: &str, end: &str) -> Option<&'a str> {
    let from = text.find(start)? + start.len();
    let to = text[from..].find(end)? + from;
    Some(&text[from..to])
}

/// `application/x-www-form-urlencoded` encoding of one value.
pub fn form_encode(value: &str) -> String {
    value
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'*' => (b as char).to_string(),
            b' ' => "+".to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Parallel visitors, each asking again 20 ms after each answer, until told to stop.
pub struct Flood {
    stop: std::sync::Arc<std::sync::atomic::AtomicBool>,
    loops: Vec<actix_web::rt::task::JoinHandle<Vec<u16>>>,
}

impl Flood {
    /// `loops` visitors; visitor `n` sends `request(n)` and it answers with a status.
    pub fn start<F, R>(loops: usize, request: F) -> Flood
    where
        F: Fn(usize) -> R + Clone + 'static,
        R: std::future::Future<Output = u16> + 'static,
    {
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let loops = (0..loops)
            .map(|n| {
                let (request, stop) = (request.clone(), stop.clone());
                actix_web::rt::spawn(async move {
                    let mut statuses = Vec::new();
                    while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                        statuses.push(request(n).await);
                        actix_web::rt::time::sleep(std::time::Duration::from_millis(20)).await;
                    }
                    statuses
                })
            })
            .collect();
        Flood { stop, loops }
    }

    /// Stops the visitors; every status they got.
    pub async fn stop(self) -> Vec<u16> {
        self.stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let mut statuses = Vec::new();
        for visitor in self.loops {
            statuses.extend(visitor.await.unwrap());
        }
        statuses
    }
}
