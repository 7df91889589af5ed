//! `taxi-server check` (issue 53 item 3): the real binary, against a real SMTP
//! server on loopback (`tests/smtp_sink.py`) and the local fake Google. A site
//! ready to go live gets only ✓ and exit 0, and nothing is sent; each ✗ shows
//! with its fix.
use std::{os::unix::fs::PermissionsExt as _, path::PathBuf, process::Command};

use crate::fake_google::{FakeGoogle, REFUSED_KEY};
use crate::helpers::TempDir;
use crate::smtp::Sink;
use crate::tls::PrivateCa;

/// A real company's settings, everything its own; `extra` is appended.
fn ready_settings(google: &FakeGoogle, extra: &str) -> String {
    format!(
        r#"[site]
base_url = "https://www.taxi-roermond.nl"
legal_dir = "content/legal"
alternate_domains = [{{ origin = "https://www.taxi-roermond.de", languages = ["de"] }}]
hsts = true
[company]
demo = false
name = "Taxi Roermond"
phone = "+31475654321"
phone_display = "0475 65 43 21"
whatsapp_number = "31687654321"
email = "info@taxi-roermond.nl"
street = "Markt 1"
postal_code = "6041 EL"
city = "Roermond"
country = "NL"
kvk = "87654321"
vat = "NL987654321B01"
lat = 51.19412
lon = 5.98762
opening_hours = [{{ days = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"], opens = "06:00", closes = "23:00" }}]
share_image_file = "{}/tests/fixtures/own-share.png"
taxi_image_file = ""
quality_mark_file = ""
quality_mark_name = ""
[places]
frequent = []
districts = []
[reminders]
escalation_recipients = ["eigenaar@taxi-roermond.nl"]
[limits]
trusted_proxies = ["127.0.0.2"]
[google]
places_url = "{url}"
routes_url = "{url}"
[mail]
answer_within_minutes = 20
answer_from = "07:00"
answer_until = "22:00"
{extra}
"#,
        env!("CARGO_MANIFEST_DIR"),
        url = google.url()
    )
}

const MAILBOXES: &str =
    "from = \"Taxi Roermond <rit@taxi-roermond.nl>\"\nstaff_recipients = [\"planning@taxi-roermond.nl\"]\n";

/// The folder the check runs in: its settings file, a data directory (mode
/// 700) and, with `legal`, the nine legal pages.
struct Site {
    dir: TempDir,
}

impl Site {
    fn new(settings: &str, legal: bool) -> Site {
        let dir = TempDir::new();
        std::fs::write(dir.0.join("taxi.toml"), settings).unwrap();
        std::fs::create_dir(dir.0.join("var")).unwrap();
        std::fs::set_permissions(dir.0.join("var"), std::fs::Permissions::from_mode(0o700)).unwrap();
        if legal {
            std::fs::create_dir_all(dir.0.join("content/legal")).unwrap();
            for page in ["privacy", "terms", "complaints"] {
                for lang in ["nl", "de", "en"] {
                    std::fs::write(dir.0.join(format!("content/legal/{page}.{lang}.md")), "# …\n").unwrap();
                }
            }
        }
        Site { dir }
    }

    fn data_dir(&self) -> PathBuf {
        self.dir.0.join("var")
    }

    /// `taxi-server check` here with these variables (and no others of ours), its
    /// clock `ahead` seconds ahead of this process's when that is given (`faketime`).
    async fn check(&self, vars: &[(&str, &str)], ahead: Option<i64>) -> Checked {
        // This process's own clock offset, when a test run moved it (scripts/test-at-hours.sh:
        // libfaketime, FAKETIME in signed seconds); the fake Google here answers by that clock.
        let moved = std::env::var("FAKETIME").ok().and_then(|v| v.trim().parse::<i64>().ok()).unwrap_or(0);
        let mut command = match ahead {
            Some(seconds) => {
                let mut c = Command::new(FAKETIME);
                c.args(["-f", &format!("{:+}", moved + seconds), env!("CARGO_BIN_EXE_taxi-server")]);
                c
            }
            None => Command::new(env!("CARGO_BIN_EXE_taxi-server")),
        };
        command.arg("check").current_dir(&self.dir.0).env_clear();
        if ahead.is_none() {
            // The same moved clock as this process's.
            for (name, value) in std::env::vars_os() {
                if name == "LD_PRELOAD" || name.to_string_lossy().starts_with("FAKETIME") {
                    command.env(name, value);
                }
            }
        }
        command.env("TAXI_CONFIG", self.dir.0.join("taxi.toml")).env("TAXI_DATA_DIR", self.data_dir());
        command.envs(vars.iter().copied());
        let output = actix_web::rt::task::spawn_blocking(move || command.output().expect("the check runs"))
            .await
            .unwrap();
        let out = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(output.stderr.is_empty(), "{}", String::from_utf8_lossy(&output.stderr));
        Checked { code: output.status.code(), out }
    }
}

const FAKETIME: &str = "/usr/bin/faketime";

struct Checked {
    code: Option<i32>,
    out: String,
}

impl Checked {
    /// The line of `point` with its mark, e.g. `✗ clock: …`.
    fn line(&self, point: &str) -> &str {
        let point = format!("{point}:");
        let found = self.out.lines().find(|l| {
            l.strip_prefix("✓ ").or_else(|| l.strip_prefix("✗ ")).is_some_and(|rest| rest.starts_with(&point))
        });
        found.unwrap_or_else(|| panic!("no line for {point} in:\n{}", self.out))
    }

    /// Asserts `point` has a ✗ line holding each of `words`.
    fn fails(&self, point: &str, words: &[&str]) {
        let cross = format!("✗ {point}:");
        let line = self.out.lines().find(|l| l.starts_with(&cross));
        let line = line.unwrap_or_else(|| panic!("no {cross} in:\n{}", self.out));
        for word in words {
            assert!(line.contains(word), "no `{word}` in: {line}");
        }
    }

    fn marks(&self, mark: char) -> Vec<&str> {
        self.out.lines().filter(|l| l.starts_with(mark)).collect()
    }
}

/// Whether this machine's clock is kept by a time service, as the kernel says.
fn clock_synced() -> bool {
    let mut status: libc::timex = unsafe { std::mem::zeroed() };
    // SAFETY: modes 0 only reads the kernel's time status into the struct.
    unsafe { libc::adjtimex(&mut status) != libc::TIME_ERROR }
}

#[actix_web::test]
async fn a_site_ready_to_go_live_gets_only_ticks_and_nothing_is_sent() {
    let google = FakeGoogle::start().await;
    let sink_dir = TempDir::new();
    let sink = Sink::start_any(&sink_dir.0, &[]);
    let site = Site::new(&ready_settings(&google, MAILBOXES), true);
    let checked =
        site.check(&[("TAXI_SMTP_URL", &sink.url()), ("TAXI_GOOGLE_MAPS_KEY", "test-key")], None).await;

    let crosses = checked.marks('✗');
    if clock_synced() {
        assert_eq!((checked.code, crosses), (Some(0), vec![]), "{}", checked.out);
        let all = format!("All {} points ✓", checked.marks('✓').len());
        assert!(checked.out.contains(&all), "{}", checked.out);
    } else {
        // A machine whose kernel says no time service keeps its clock: that, and only that.
        println!("this machine's clock is not kept by a time service: the clock's ✗ is expected");
        assert_eq!(crosses, [checked.line("clock")], "{}", checked.out);
        assert!(crosses[0].contains("no time service keeps it right"), "{}", crosses[0]);
        assert_eq!(checked.code, Some(1));
    }
    let smtp = format!("✓ mail server: SMTP 127.0.0.1:{}, no TLS: greets and takes the login", sink.port);
    assert!(checked.out.contains(&smtp), "{}", checked.out);
    assert_eq!(checked.line("sender"), "✓ sender: the mail server takes rit@taxi-roermond.nl");
    for to in ["planning@taxi-roermond.nl", "eigenaar@taxi-roermond.nl"] {
        let line = format!("✓ recipient: the mail server takes {to} (nothing was sent)");
        assert!(checked.out.contains(&line), "{line} in:\n{}", checked.out);
    }
    assert_eq!(sink.count(), 0, "no message reached the mail server");
    assert_eq!(sink.attempts(), ["planning@taxi-roermond.nl", "eigenaar@taxi-roermond.nl"], "each asked");
    let kinds: Vec<&str> = google.calls().iter().map(|c| c.kind).collect();
    assert_eq!(kinds, ["autocomplete", "route"], "one call per API");
    assert!(checked.line("legal pages").contains("9 files"), "{}", checked.out);
    let data_dir = site.data_dir().display().to_string();
    assert!(checked.line("data directory").contains(&data_dir), "{}", checked.out);
    assert_eq!(std::fs::read_dir(site.data_dir()).unwrap().count(), 0, "the check made nothing");
    google.stop().await;
}

#[actix_web::test]
async fn each_point_missing_before_going_live_is_a_cross_with_its_fix() {
    let google = FakeGoogle::start().await;
    let sink_dir = TempDir::new();
    let sink = Sink::start_any(&sink_dir.0, &["--password", "right"]);
    // The demo's settings, but for these.
    let site = Site::new(
        &format!(
            "[site]\nbase_url = \"http://www.taxi.example\"\nalternate_domains = [{{ origin = \"https://taxi.test\" }}]\n\
             [mail]\nmin_free_disk_mb = 100000000\n[backup]\nevery_hours = 0\n\
             [google]\nplaces_url = \"{0}\"\nroutes_url = \"{0}\"\n",
            google.url()
        ),
        false,
    );
    std::fs::set_permissions(site.data_dir(), std::fs::Permissions::from_mode(0o755)).unwrap();
    let wrong = format!("smtp://rit:wr0ng-pa55@127.0.0.1:{}", sink.port);
    let clock = std::path::Path::new(FAKETIME).exists().then_some(3600);
    if clock.is_none() {
        println!("the clock's ✗ is not checked: {FAKETIME} is missing (Debian: apt-get install faketime)");
    }
    let checked =
        site.check(&[("TAXI_SMTP_URL", &wrong), ("TAXI_GOOGLE_MAPS_KEY", REFUSED_KEY)], clock).await;
    assert_eq!(checked.code, Some(1), "{}", checked.out);
    checked.fails("demo", &["company.demo = true", "Set company.demo = false"]);
    checked.fails("company data", &["company.name, company.phone", "company.vat still hold the demo's"]);
    checked.fails("coordinates", &["company.lat, company.lon", "latitude and longitude"]);
    checked.fails("opening hours", &["company.opening_hours still holds"]);
    checked.fails("images", &["company.share_image_file", "scripts/share-image.mjs"]);
    checked.fails("quality mark", &["company.quality_mark_file"]);
    checked.fails("frequent places and districts", &["places.frequent, places.districts", "districts = []"]);
    checked.fails("answer promise", &["mail.answer_within_minutes", "what your staff keep"]);
    checked.fails("mail addresses", &["mail.from, mail.staff_recipients"]);
    checked.fails("base URL", &["http://www.taxi.example is not https", "deploy/nginx.conf"]);
    checked.fails("domains", &["site.alternate_domains: https://taxi.test is a name for examples"]);
    checked.fails("HSTS", &["site.hsts = true"]);
    checked.fails("escalation address", &["reminders.escalation_recipients"]);
    checked.fails("trusted proxy", &["limits.trusted_proxies is empty", "127.0.0.2"]);
    checked.fails("legal pages", &["site.legal_dir is not set", "demo's template", "cancellation policy"]);
    checked
        .fails("mail server", &["535", "Check the host, port, TLS mode, user and password in TAXI_SMTP_URL"]);
    checked.fails("Google Places API (New)", &["API key not valid", "API restrictions"]);
    checked.fails("Google Routes API", &["INVALID_ARGUMENT"]);
    checked.fails("data directory", &["has mode 755", "chmod 700"]);
    checked.fails("free disk", &["mail.min_free_disk_mb", "bookings are refused"]);
    checked.fails("backups", &["backup.every_hours = 0", "Set it to 6"]);
    if clock.is_some() {
        checked.fails("clock", &["s ahead of Google's", "systemd-timesyncd"]);
    }
    assert!(
        checked.out.trim_end().ends_with("fix each and run `taxi-server check` again."),
        "{}",
        checked.out
    );
    assert!(!checked.out.contains(REFUSED_KEY) && !checked.out.contains("wr0ng-pa55"), "no secret printed");

    // A site that is no demo without a mail server (the server refuses to
    // start), with no data directory yet and no Google key.
    let site = Site::new(&ready_settings(&google, MAILBOXES), true);
    std::fs::remove_dir(site.data_dir()).unwrap();
    let checked = site.check(&[], None).await;
    checked.fails("mail", &["TAXI_SMTP_URL", "mail.maildir_on_purpose = true", "refuses to start"]);
    checked.fails("data directory", &["does not exist", "sudo install -d -m 700 -o"]);
    assert!(checked.line("Google").starts_with("✓ Google: no TAXI_GOOGLE_MAPS_KEY"), "{}", checked.out);
    google.stop().await;
}

#[actix_web::test]
async fn a_mail_server_refusing_the_sender_or_a_staff_address_and_other_faults_are_crosses() {
    let google = FakeGoogle::start().await;
    let sink_dir = TempDir::new();
    let sink = Sink::start_any(&sink_dir.0, &[]);
    let staff = "from = \"Taxi Roermond <rit@taxi-roermond.nl>\"\n\
                 staff_recipients = [\"planning@taxi-roermond.nl\", \"rcpt550@taxi-roermond.nl\"]\n";
    let site = Site::new(&ready_settings(&google, staff), true);
    // SAFETY: geteuid has no preconditions.
    let root = unsafe { libc::geteuid() } == 0;
    if root {
        // Another user's folder (nobody's): the server, running as this user, could not use it.
        std::os::unix::fs::chown(site.data_dir(), Some(65534), Some(65534)).unwrap();
    } else {
        println!("the data directory's owner is not checked: only root can give it to another user");
    }
    let checked = site.check(&[("TAXI_SMTP_URL", &sink.url())], None).await;
    assert!(checked.line("sender").starts_with("✓ "), "{}", checked.out);
    assert!(checked.out.contains("✓ recipient: the mail server takes planning@taxi-roermond.nl"));
    checked.fails("recipient", &["refuses rcpt550@taxi-roermond.nl", "550", "mail.staff_recipients"]);
    if root {
        checked.fails(
            "data directory",
            &["belongs to", "not to root, who runs this check", "sudo chown -R root"],
        );
    }

    let refused_sender = "from = \"Taxi Roermond <mail550@taxi-roermond.nl>\"\n\
                          staff_recipients = [\"planning@taxi-roermond.nl\"]\n";
    let site = Site::new(&ready_settings(&google, refused_sender), true);
    let checked = site.check(&[("TAXI_SMTP_URL", &sink.url())], None).await;
    checked.fails("sender", &["refuses mail550@taxi-roermond.nl", "550", "Set mail.from"]);
    assert!(!checked.out.contains("recipient:"), "no RCPT after a refused sender: {}", checked.out);
    assert_eq!(sink.count(), 0, "nothing was sent");

    let checked = site.check(&[("TAXI_SMTP_URL", "mail.taxi-roermond.nl:587")], None).await;
    checked
        .fails("mail server", &["TAXI_SMTP_URL is not usable", "smtp://user:password@host:587?tls=required"]);

    let site = Site::new("[mail]\nbogus = 1\n", true);
    let checked = site.check(&[], None).await;
    assert_eq!(checked.code, Some(1));
    checked.fails("settings", &["bogus", "The server would not start either"]);
    google.stop().await;
}

#[actix_web::test]
async fn a_relay_with_a_private_ca_is_checked_over_tls_and_a_missing_ca_file_is_a_cross() {
    let google = FakeGoogle::start().await;
    let dir = TempDir::new();
    let ca = PrivateCa::new(&dir.0.join("ca"));
    let args = ca.sink_args();
    let sink = Sink::start_any(&dir.0.join("sink"), &args.iter().map(String::as_str).collect::<Vec<_>>());
    let site = Site::new(&ready_settings(&google, &format!("{MAILBOXES}{}", ca.setting())), true);
    let url = format!("smtp://127.0.0.1:{}?tls=required", sink.port);
    let checked = site.check(&[("TAXI_SMTP_URL", &url)], None).await;
    let smtp = format!(
        "✓ mail server: SMTP 127.0.0.1:{}, STARTTLS required (also trusting the roots in {}): greets and takes the login",
        sink.port,
        ca.ca_file.display()
    );
    assert!(checked.out.contains(&smtp), "{}", checked.out);
    assert_eq!(checked.line("sender"), "✓ sender: the mail server takes rit@taxi-roermond.nl");

    // Without the setting, the certificate is refused and the line says where the CA goes.
    let trusting_none = Site::new(&ready_settings(&google, MAILBOXES), true);
    let checked = trusting_none.check(&[("TAXI_SMTP_URL", &url)], None).await;
    checked.fails("mail server", &["certificate", "mail.smtp_ca_file"]);

    // The file gone: the settings do not load, as the server's start would not.
    std::fs::remove_file(&ca.ca_file).unwrap();
    let checked = site.check(&[("TAXI_SMTP_URL", &url)], None).await;
    assert_eq!(checked.code, Some(1));
    let missing = format!("cannot read {}", ca.ca_file.display());
    checked.fails("settings", &["`mail.smtp_ca_file`", &missing, "The server would not start either"]);
    google.stop().await;
}

#[actix_web::test]
async fn legal_pages_missing_from_the_owners_folder_are_named() {
    let google = FakeGoogle::start().await;
    let site = Site::new(&ready_settings(&google, MAILBOXES), false);
    let checked = site.check(&[], None).await;
    checked.fails("legal pages", &["missing in content/legal", "privacy.nl.md", "complaints.en.md"]);
}
