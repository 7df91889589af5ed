//! The words of `taxi-server check`, one line per finding: `✓ point: what is
//! there`, or `✗ point: what is wrong. The fix.` for a person setting up the
//! site, who may be no expert.
use std::path::Path;

use crate::preflight::findings::{Api, ClockState, DirState, Finding, Group};

/// What every line may name: the settings file, if there is one.
pub struct Context<'a> {
    pub file: Option<&'a Path>,
}

pub fn line(finding: &Finding, cx: &Context<'_>) -> String {
    let mark = if finding.passed() { '✓' } else { '✗' };
    let (point, text) = words(finding, cx);
    format!("{mark} {point}: {text}")
}

fn words(finding: &Finding, cx: &Context<'_>) -> (&'static str, String) {
    let file = cx.file.map_or("your settings file (named by TAXI_CONFIG: none is set)".to_string(), |f| {
        f.display().to_string()
    });
    match finding {
        Finding::DemoOn => (
            "demo",
            "company.demo = true: every page and mail says the company's data are examples. Set company.demo = \
             false once your own data are in"
                .into(),
        ),
        Finding::DemoOff => ("demo", "off (company.demo = false)".into()),
        Finding::DemoKept { group, keys } => {
            let (point, what) = group_words(*group);
            let verb = if keys.len() == 1 { "holds" } else { "hold" };
            let whose = "the demo's or the sample file's (deploy/taxi.example.toml) value";
            (point, format!("{} still {verb} {whose}. Set {what} in {file}", keys.join(", ")))
        }
        Finding::Own(group) => (group_words(*group).0, format!("your own, set in {file}")),
        Finding::NotPublic { key, value } => (
            "domains",
            format!(
                "{key}: {value} is a name for examples, tests or this machine only, which nobody can reach. \
                 Use your own public domain"
            ),
        ),
        Finding::NotHttps(url) => (
            "base URL",
            format!(
                "{url} is not https. Set site.base_url = \"https://www.your-domain.nl\": nginx serves the site \
                 over TLS (deploy/nginx.conf)"
            ),
        ),
        Finding::BaseUrl(url) => ("base URL", url.clone()),
        Finding::AlternateDomains(0) => ("alternate domains", "none".into()),
        Finding::AlternateDomains(n) => (
            "alternate domains",
            format!("{n}; each needs its DNS record and its name in the certificate (deploy/nginx.conf)"),
        ),
        Finding::Hsts(true) => ("HSTS", "on (site.hsts = true)".into()),
        Finding::Hsts(false) => (
            "HSTS",
            "site.hsts = false: browsers may still try the site without TLS. Set site.hsts = true once it \
             answers on https (nginx from deploy/)"
                .into(),
        ),
        Finding::Escalation(0) => (
            "escalation address",
            "none: a request still unanswered two hours before its pick-up reaches only the staff addresses. \
             Set reminders.escalation_recipients = [\"owner@your-domain.nl\"] (a phone that is always on)"
                .into(),
        ),
        Finding::Escalation(n) => ("escalation address", format!("{n} address(es)")),
        Finding::TrustedProxies(list) if list.is_empty() => (
            "trusted proxy",
            "limits.trusted_proxies is empty: behind nginx every visitor would be one client, sharing 10 \
             bookings a minute. Set it to the address nginx connects from: [\"127.0.0.2\"] with \
             deploy/nginx.conf (its proxy_bind), the Docker bridge's gateway for a container (README, Docker)"
                .into(),
        ),
        Finding::TrustedProxies(list) => ("trusted proxy", list.join(", ")),
        Finding::Legal { dir, missing, present } if missing.is_empty() => {
            ("legal pages", format!("{present} files in {}", dir.display()))
        }
        Finding::Legal { dir, missing, .. } if dir.as_os_str().is_empty() => (
            "legal pages",
            format!(
                "site.legal_dir is not set: the site shows the demo's template. Copy content/legal/ to \
                 a folder of yours, complete the nine files (the privacy statement, the terms with the \
                 cancellation policy and how to complain, in Dutch, German and English; {} are needed) \
                 and set site.legal_dir to it",
                missing.len()
            ),
        ),
        Finding::Legal { dir, missing, .. } => (
            "legal pages",
            format!(
                "missing in {}: {}. Write each: the privacy statement, the terms with the cancellation \
                 policy and how to complain, in Dutch, German and English",
                dir.display(),
                missing.join(", ")
            ),
        ),
        Finding::MailStaysHere(refusal) => ("mail", format!("{refusal}. The server refuses to start so")),
        Finding::DemoMaildir(dir) => (
            "mail",
            format!(
                "no TAXI_SMTP_URL: mails go into the demo's Maildir {} and reach no one. Set TAXI_SMTP_URL in \
                 the service's environment file",
                dir.display()
            ),
        ),
        Finding::MaildirOnPurpose(dir) => {
            ("mail", format!("into the Maildir {}, on purpose (mail.maildir_on_purpose)", dir.display()))
        }
        Finding::SmtpUnusable(why) => (
            "mail server",
            format!(
                "TAXI_SMTP_URL is not usable ({why}); write it as smtp://user:password@host:587?tls=required \
                 or smtps://user:password@host"
            ),
        ),
        Finding::SmtpConnected { server, result: Ok(()) } => {
            ("mail server", format!("{server}: greets and takes the login"))
        }
        Finding::SmtpConnected { server, result: Err(e) } => (
            "mail server",
            format!(
                "{server}: {}. Check the host, port, TLS mode, user and password in TAXI_SMTP_URL, and that \
                 this machine may connect to it (firewall, provider){}",
                sentence(e),
                // rustls says "invalid peer certificate: UnknownIssuer" for a private CA's relay.
                match e.contains("certificate") {
                    true => "; a relay whose certificate a private CA signed needs that CA's PEM file \
                             in mail.smtp_ca_file",
                    false => "",
                }
            ),
        ),
        Finding::SmtpSender { from, result: Ok(()) } => ("sender", format!("the mail server takes {from}")),
        Finding::SmtpSender { from, result: Err(e) } => (
            "sender",
            format!(
                "the mail server refuses {from}: {}. Set mail.from to an address the mail server sends for \
                 (your login's domain)",
                sentence(e)
            ),
        ),
        Finding::SmtpRecipient { to, result: Ok(()) } => {
            ("recipient", format!("the mail server takes {to} (nothing was sent)"))
        }
        Finding::SmtpRecipient { to, result: Err(e) } => (
            "recipient",
            format!(
                "the mail server refuses {to}: {}. Correct it in mail.staff_recipients or \
                 reminders.escalation_recipients",
                sentence(e)
            ),
        ),
        Finding::NoGoogleKey => (
            "Google",
            "no TAXI_GOOGLE_MAPS_KEY: the built-in gazetteer finds addresses and estimates routes".into(),
        ),
        Finding::Google { api, result } => {
            let name = match api {
                Api::Places => "Google Places API (New)",
                Api::Routes => "Google Routes API",
            };
            let text = match result {
                Ok(()) => "takes the key (one call)".to_string(),
                Err(e) => format!(
                    "{}. In Google Cloud's console enable this API in the key's project and allow it in the \
                     key's API restrictions; without a working key the site uses the built-in gazetteer",
                    sentence(e)
                ),
            };
            (name, text)
        }
        Finding::DataDir { path, state } => ("data directory", dir_words(path, state, "sudo install -d -m 700")),
        Finding::Disk { path, free_mb: None, .. } => {
            ("free disk", format!("unknown where {} lies", path.display()))
        }
        Finding::Disk { path, free_mb: Some(free), need_mb, floor_mb } if free < need_mb => (
            "free disk",
            format!(
                "{free} MB free where {} lies, less than {need_mb} MB: below {floor_mb} MB \
                 (mail.min_free_disk_mb) bookings are refused, and the store, its copies and the logs grow. \
                 Make room, or take a bigger disk",
                path.display()
            ),
        ),
        Finding::Disk { path, free_mb: Some(free), .. } => {
            ("free disk", format!("{free} MB free where {} lies", path.display()))
        }
        Finding::BackupsOff => (
            "backups",
            "backup.every_hours = 0: the server takes no copies of the bookings. Set it to 6 (README, Backups)"
                .into(),
        ),
        Finding::Backups { path, state, every_hours, keep, newest_hours } => {
            let text = match (state, newest_hours) {
                (DirState::Fine | DirState::Missing, newest) => format!(
                    "a copy every {every_hours} h, the newest {keep} kept, in {} ({}). They share the store's \
                     disk: copy them off the machine too (README, Backups)",
                    path.display(),
                    match newest {
                        Some(hours) => format!("the newest is {hours} h old"),
                        None => "the first is taken at the server's start".into(),
                    }
                ),
                (state, _) => dir_words(path, state, "sudo install -d -m 700"),
            };
            ("backups", text)
        }
        Finding::Clock(state) => ("clock", clock_words(state)),
        Finding::TimeZone { zone, now: Some(now), system } => (
            "time zone",
            format!(
                "every time on the site and in mails is {zone}'s, from the zone data built in: now {now}{}",
                match system.as_deref() {
                    Some(system) if system != *zone => format!(" (this machine's zone, {system}, shows in logs)"),
                    _ => String::new(),
                }
            ),
        ),
        Finding::TimeZone { zone, now: None, .. } => {
            ("time zone", format!("{zone} is not in the zone data built in: build the server again"))
        }
    }
}

/// The point's name and, for a demo value left, what to set.
fn group_words(group: Group) -> (&'static str, &'static str) {
    match group {
        Group::CompanyData => ("company data", "each (deploy/taxi.example.toml lists them)"),
        Group::Coordinates => ("coordinates", "your address's latitude and longitude, 5 decimals (a map app shows them)"),
        Group::OpeningHours => ("opening hours", "yours, also when they are all day, every day"),
        Group::Images => (
            "images",
            "company.taxi_image_file (\"\" keeps the built-in taxi) and company.share_image_file (draw it with \
             node scripts/share-image.mjs \"Your name\" share.png)",
        ),
        Group::QualityMark => ("quality mark", "your mark's image file and its name, or both \"\" when you have none"),
        Group::Places => (
            "frequent places and districts",
            "your own [[places.frequent]] and [[places.districts]] (the demo's are Roermond's), or \
             frequent = [] and districts = [] under [places]",
        ),
        Group::AnswerWindow => (
            "answer promise",
            "what your staff keep: every customer mail promises an answer within answer_within_minutes \
             between answer_from and answer_until (0 minutes: no promise)",
        ),
        Group::MailAddresses => ("mail addresses", "the sender of every mail and who gets the bookings"),
        Group::BaseUrl => ("base URL", "your own https origin, e.g. \"https://www.your-domain.nl\""),
    }
}

fn dir_words(path: &Path, state: &DirState, create: &str) -> String {
    let path = path.display();
    match state {
        DirState::Fine => format!("{path}: yours, closed to others, takes files"),
        DirState::Missing => format!(
            "{path} does not exist. Make it for the server's user: {create} -o {} {path}",
            user(unsafe { libc::geteuid() })
        ),
        DirState::NotDir => format!("{path} is not a folder. Move that file away"),
        DirState::Owner { owner, me } => format!(
            "{path} belongs to {}, not to {}, who runs this check. Run the check as the server's user, or \
             give it the folder: sudo chown -R {} {path}",
            user(*owner),
            user(*me),
            user(*me)
        ),
        DirState::Open { mode } => {
            format!(
                "{path} has mode {mode:o}: other users may read the customers' data. Run: chmod 700 {path}"
            )
        }
        DirState::Unwritable(e) => format!("{path} takes no file: {}", sentence(e)),
    }
}

fn clock_words(state: &ClockState) -> String {
    const FIX: &str =
        "Install a time service: sudo apt install systemd-timesyncd (or chrony); then `timedatectl` \
                       says \"System clock synchronized: yes\"";
    match state {
        ClockState::Off { seconds } => format!(
            "{} s {} Google's: pick-ups, answer times and links would be wrong. {FIX}",
            seconds.abs(),
            if *seconds > 0 { "ahead of" } else { "behind" }
        ),
        ClockState::Unsynced => {
            format!("no time service keeps it right (the kernel says unsynchronised). {FIX}")
        }
        ClockState::Unknown(e) => format!("the kernel's time status cannot be read ({e}). {FIX}"),
        ClockState::Synced { offset: Some(seconds) } => {
            format!("kept by a time service, {} s from Google's", seconds.abs())
        }
        ClockState::Synced { offset: None } => "kept by a time service".into(),
    }
}

/// `name` (from the user database) or the number.
fn user(uid: u32) -> String {
    let mut buffer = vec![0 as libc::c_char; 1024];
    let mut entry: libc::passwd = unsafe { std::mem::zeroed() };
    let mut found: *mut libc::passwd = std::ptr::null_mut();
    // SAFETY: getpwuid_r writes into the entry and buffer given, of the length given.
    let status = unsafe { libc::getpwuid_r(uid, &mut entry, buffer.as_mut_ptr(), buffer.len(), &mut found) };
    if status != 0 || found.is_null() {
        return format!("user {uid}");
    }
    // SAFETY: on success pw_name points to a NUL-terminated name inside `buffer`.
    unsafe { std::ffi::CStr::from_ptr(entry.pw_name) }.to_string_lossy().into_owned()
}

/// A message quoted mid-sentence: without its own closing full stop.
fn sentence(quoted: &str) -> &str {
    quoted.trim_end().trim_end_matches('.')
}
