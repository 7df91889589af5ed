use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    sync::Arc,
    time::{Duration, Instant},
};

#[path = "../support/smtp.rs"]
mod smtp;
pub use smtp::{free_port, Received, Sink};

use taxi_server::{
    booking::outbox::Bookings,
    booking::{
        mails::Composer,
        model::{Address, Booking, ListedPlace, PaymentMethod, ReturnTrip, TripExtras},
    },
    config::Settings,
    contact::{mails::ContactMails, model::ContactMessage},
    i18n::Locales,
    mail::{DeliveryError, RetryPolicy},
    pricing::{PriceSummary, Rule},
    types::{Country, Email, Lang, Money, Phone, PlaceId, Reference},
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

pub fn start(settings: &Settings) -> Bookings {
    Bookings::start_with(settings, Arc::new(Locales::load()), fast_policy()).expect("outbox starts")
}

/// [`start`] with the retention sweep every 50 ms, for the retention tests.
pub fn start_sweeping(settings: &Settings) -> Bookings {
    let policy = RetryPolicy { sweep_every: Duration::from_millis(50), ..fast_policy() };
    Bookings::start_with(settings, Arc::new(Locales::load()), policy).expect("outbox starts")
}

pub fn composer(staff_language: Lang) -> Composer {
    let dir = TempDir::new("composer");
    let s = settings(&dir.0, None, &format!("[mail]\nstaff_language = \"{}\"\n", staff_language.code()));
    Composer::new(&s, Arc::new(Locales::load())).unwrap()
}

pub fn contact_mails(staff_language: Lang) -> ContactMails {
    let dir = TempDir::new("contact-mails");
    let s = settings(&dir.0, None, &format!("[mail]\nstaff_language = \"{}\"\n", staff_language.code()));
    ContactMails::new(&s, Arc::new(Locales::load())).unwrap()
}

/// A contact message's mails through the outbox, as the contact service sends them.
pub async fn submit_contact(outbox: &Bookings, message: &ContactMessage) -> Result<(), DeliveryError> {
    let nonce = taxi_server::mail::nonce();
    outbox.enqueue("contact-staged", contact_mails(Lang::Nl).contact(message, &nonce)?).await
}

/// A reference as an older record holds it (the golden files keep theirs).
pub fn stored_reference(text: &str) -> Reference {
    serde_json::from_value(text.into()).unwrap()
}

/// A place as a provider listed it (only `places` makes these; a stored booking
/// reads them back, as here).
fn listed(name: &str, formatted: &str) -> ListedPlace {
    serde_json::from_value(serde_json::json!({"name": name, "formatted": formatted})).unwrap()
}

/// The booking of the golden files: fixed reference, times and ids.
pub fn booking(lang: Lang) -> Booking {
    Booking {
        reference: stored_reference("R7K3Q9"),
        lang,
        name: "Zoë van den Berg".into(),
        email: Email::parse("zoe@example.nl").unwrap(),
        phone: Phone::parse("06 12345678", Country::NL, Lang::Nl),
        passengers: 3,
        departure: Address {
            formatted: "Stationsplein 1, 6041 GV Roermond, Nederland".into(),
            name: "Roermond".into(),
            place_id: PlaceId::parse("addr:nl:6041gv:1"),
            listed: Some(listed("Roermond", "Stationsplein 1, 6041 GV Roermond, Nederland")),
        },
        destination: Address {
            formatted: "Evert van de Beekstraat 202, 1118 CP Schiphol, Nederland".into(),
            name: "Schiphol".into(),
            place_id: PlaceId::parse("ChIJLRb94DThxUcRiPHO8YMV1cc"),
            listed: Some(listed("Schiphol", "Evert van de Beekstraat 202, 1118 CP Schiphol, Nederland")),
        },
        pickup_at: "2025-11-24T14:30".parse().unwrap(),
        payment_method: Some(PaymentMethod::Debitcard),
        price: Some(PriceSummary {
            amount_cents: Money::from_cents(23000),
            rule: Rule::Fixed,
            distance_km: 178.4,
            duration_min: 115.0,
            fixed_destination: Some("Schiphol".into()),
            surcharge_cents: Money::from_cents(0),
            fixed_cents: None,
            fixed_destination_names: None,
        }),
        received_at: "2025-11-20T09:15:00Z".parse().unwrap(),
        confirmation_withheld: false,
        extras: TripExtras {
            remarks: Some("Two suitcases and a child seat (age 3).\nPlease ring twice.".into()),
            return_trip: Some(ReturnTrip {
                pickup_at: "2025-11-28T18:45".parse().unwrap(),
                price: Some(PriceSummary {
                    amount_cents: Money::from_cents(25500),
                    rule: Rule::FixedPickup,
                    distance_km: 178.4,
                    duration_min: 115.0,
                    fixed_destination: Some("Schiphol".into()),
                    surcharge_cents: Money::from_cents(2500),
                    fixed_cents: None,
                    fixed_destination_names: None,
                }),
            }),
            ..TripExtras::default()
        },
    }
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
