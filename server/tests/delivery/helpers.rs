use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    sync::Arc,
    time::{Duration, Instant},
};

#[path = "../support/smtp.rs"]
mod smtp;
pub use smtp::{free_port, Received, Sink};
#[path = "../support/tls.rs"]
mod tls;
pub use tls::PrivateCa;
#[path = "../support/sample_booking.rs"]
mod sample_booking;
pub use sample_booking::{booking, stored_reference};

use taxi_server::{
    booking_mail::composer::Composer,
    bookings::{keeper::Keeper, model::Booking, record::Record},
    config::Settings,
    contact::{mails::ContactMails, model::ContactMessage},
    i18n::Locales,
    mail::{DeliveryError, Outbox, RetryPolicy},
    secret::SecretKey,
    store::StoreTrouble,
    types::{Country, Email, Lang, Phone},
};

/// A directory removed when the test ends.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> Self {
        static COUNTER: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("taxi-delivery-{name}-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        Self(dir)
    }

    pub fn path(&self, sub: &str) -> PathBuf {
        self.0.join(sub)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// Settings over a data directory, with an SMTP URL and extra TOML.
pub fn settings(data_dir: &Path, smtp_url: Option<&str>, toml: &str) -> Settings {
    let mut env = BTreeMap::new();
    env.insert("TAXI_DATA_DIR".to_string(), data_dir.display().to_string());
    // A fixed key: the signed links in the golden staff mails stay the same.
    env.insert("TAXI_SECRET_KEY".to_string(), "delivery-tests-fixed-secret-key-0123456789".to_string());
    if let Some(url) = smtp_url {
        env.insert("TAXI_SMTP_URL".to_string(), url.to_string());
    }
    if !toml.is_empty() {
        let file = data_dir.with_extension("toml");
        std::fs::write(&file, toml).unwrap();
        env.insert("TAXI_CONFIG".to_string(), file.display().to_string());
    }
    Settings::load_from(&env).expect("test settings")
}

pub fn fast_policy() -> RetryPolicy {
    RetryPolicy {
        first_retry: Duration::from_millis(100),
        max_pause: Duration::from_millis(400),
        max_mail_retry: Duration::from_millis(400),
        ..RetryPolicy::default()
    }
}

/// The bookings, the outbox and the mail kit over one store, started as the
/// server starts them; the tests take the steps a request would.
#[derive(Clone)]
pub struct Started {
    pub keeper: Arc<Keeper>,
    pub outbox: Outbox,
    pub composer: Arc<Composer>,
}

impl std::ops::Deref for Started {
    type Target = Outbox;

    fn deref(&self) -> &Outbox {
        &self.outbox
    }
}

impl Started {
    /// What a capability that records and tells a step takes.
    pub fn parts(&self) -> (&Keeper, &Composer) {
        (&self.keeper, &self.composer)
    }

    /// A booking stored with its mails, as a booking request stores it.
    pub async fn submit_booking(&self, booking: &Booking) -> Result<(), DeliveryError> {
        taxi_server::booking::service::book(self.parts(), booking, (None, None)).await
    }

    pub async fn record(&self, reference: &str) -> Result<Option<Record>, DeliveryError> {
        self.keeper.record(reference).await
    }

    pub fn store_trouble(&self) -> Option<StoreTrouble> {
        self.outbox.store().trouble()
    }
}

/// [`Started`] with the retry policy `policy`.
pub fn start_with(settings: &Settings, policy: RetryPolicy) -> Result<Started, DeliveryError> {
    let locales = Arc::new(Locales::load());
    let (keeper, outbox) = Keeper::start(settings, locales.clone(), policy)?;
    let (key, _) = SecretKey::load(settings).expect("the key");
    let composer = Arc::new(Composer::new(settings, locales, key));
    Ok(Started { keeper: Arc::new(keeper), outbox, composer })
}

pub fn start(settings: &Settings) -> Started {
    start_with(settings, fast_policy()).expect("outbox starts")
}

/// [`start`] with the bookings' retention sweep every 50 ms (the outbox's too), for the retention tests.
pub fn start_sweeping(settings: &Settings) -> Started {
    let every = Duration::from_millis(50);
    let started =
        start_with(settings, RetryPolicy { sweep_every: every, ..fast_policy() }).expect("outbox starts");
    let sweep = Keeper::clone(&started.keeper).sweep_every(every, settings.mail.retention());
    started.outbox.spawn(sweep);
    started
}

pub fn composer(staff_language: Lang) -> Composer {
    let dir = TempDir::new("composer");
    let s = settings(&dir.0, None, &format!("[mail]\nstaff_language = \"{}\"\n", staff_language.code()));
    let (key, _) = SecretKey::load(&s).expect("the key");
    Composer::new(&s, Arc::new(Locales::load()), key)
}

pub fn contact_mails(staff_language: Lang) -> ContactMails {
    let dir = TempDir::new("contact-mails");
    let s = settings(&dir.0, None, &format!("[mail]\nstaff_language = \"{}\"\n", staff_language.code()));
    ContactMails::new(&s, Arc::new(Locales::load())).unwrap()
}

/// A contact message's mails through the outbox, as the contact service sends them.
pub async fn submit_contact(outbox: &Outbox, message: &ContactMessage) -> Result<(), DeliveryError> {
    let nonce = taxi_server::mail::nonce();
    outbox.enqueue("contact-staged", contact_mails(Lang::Nl).contact(message, &nonce)?).await
}

pub fn contact(lang: Lang) -> ContactMessage {
    ContactMessage {
        reference: stored_reference("C4M8P2"),
        lang,
        name: "Jürgen Weiß".into(),
        email: Email::parse("juergen@example.de").unwrap(),
        phone: Phone::parse("+49 151 23456789", Country::NL, Lang::De),
        subject: "Gruppenfahrt nach Venlo".into(),
        message: "Hallo,\n\nwir sind 7 Personen und möchten am Samstag nach Venlo.\nGeht das mit einem Bus?\n\nGrüße\nJürgen".into(),
        received_at: "2025-11-20T09:15:00Z".parse().unwrap(),
        acknowledged: true,
    }
}

/// Waits until `done` holds, polling every 20 ms; panics with `what` after `timeout`.
pub fn wait_for(what: &str, timeout: Duration, mut done: impl FnMut() -> bool) {
    let start = Instant::now();
    while !done() {
        assert!(start.elapsed() < timeout, "timed out after {timeout:?} waiting for {what}");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// A mail row of the store, as the tests look at it.
#[derive(Debug, Clone)]
pub struct MailRow {
    pub id: i64,
    pub reference: String,
    pub message_id: String,
    pub state: String,
    pub attempts: u32,
    pub has_body: bool,
}

/// The store of a data directory, opened read-only beside the running outbox.
pub fn store_file(data_dir: &Path) -> rusqlite::Connection {
    let path = data_dir.join(taxi_server::store::FILE_NAME);
    rusqlite::Connection::open_with_flags(&path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .unwrap_or_else(|e| panic!("{} opens: {e}", path.display()))
}

/// Every mail row of the store of `data_dir`, in the order accepted
/// (none when there is no store yet).
pub fn mail_rows(data_dir: &Path) -> Vec<MailRow> {
    if !data_dir.join(taxi_server::store::FILE_NAME).exists() {
        return Vec::new();
    }
    let connection = store_file(data_dir);
    let mut statement = match connection
        .prepare("SELECT id, reference, message_id, state, attempts, EXISTS (SELECT 1 FROM mail_bodies WHERE mail_id = mails.id) FROM mails ORDER BY id")
    {
        Ok(statement) => statement,
        // No table yet: the outbox has not started on it.
        Err(_) => return Vec::new(),
    };
    statement
        .query_map([], |row| {
            Ok(MailRow {
                id: row.get(0)?,
                reference: row.get(1)?,
                message_id: row.get(2)?,
                state: row.get(3)?,
                attempts: row.get(4)?,
                has_body: row.get(5)?,
            })
        })
        .unwrap()
        .map(Result::unwrap)
        .collect()
}

/// The rows of `data_dir`'s store in `state` (`queued`, `delivered`, `failed`, `quarantined`).
pub fn mails_in(data_dir: &Path, state: &str) -> Vec<MailRow> {
    mail_rows(data_dir).into_iter().filter(|m| m.state == state).collect()
}

/// Message-IDs of the delivered mails of a store, sorted.
pub fn delivered_ids(data_dir: &Path) -> Vec<String> {
    let mut ids: Vec<String> = mails_in(data_dir, "delivered").into_iter().map(|m| m.message_id).collect();
    ids.sort();
    ids
}

pub fn count_files(dir: &Path) -> usize {
    std::fs::read_dir(dir).map(|d| d.count()).unwrap_or(0)
}

/// The golden booking with another reference and customer address.
pub fn booking_to(reference: &str, email: &str) -> Booking {
    // As stored: the SMTP sink's test addresses need not be internet domains.
    let email = serde_json::from_value(serde_json::json!(email)).unwrap();
    Booking { reference: stored_reference(reference), email, ..booking(Lang::Nl) }
}

/// Messages the sink received for `rcpt` whose text contains `needle`.
pub fn received_for(sink: &Sink, rcpt: &str, needle: &str) -> usize {
    sink.messages()
        .iter()
        .filter(|m| m.rcpt_to == [rcpt] && String::from_utf8_lossy(&m.raw).contains(needle))
        .count()
}
