//! What each check found, as codes: `report.rs` words them, once.
use std::path::PathBuf;

/// Settings that hold the demo's values until the settings file sets them
/// (even to the same value: then it is the owner's choice).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Group {
    CompanyData,
    Coordinates,
    OpeningHours,
    Images,
    QualityMark,
    Places,
    AnswerWindow,
    MailAddresses,
    BaseUrl,
}

impl Group {
    pub const ALL: [Group; 9] = [
        Group::CompanyData,
        Group::Coordinates,
        Group::OpeningHours,
        Group::Images,
        Group::QualityMark,
        Group::Places,
        Group::AnswerWindow,
        Group::MailAddresses,
        Group::BaseUrl,
    ];

    /// The settings of the group, as the settings file writes them.
    pub fn keys(self) -> &'static [&'static str] {
        match self {
            Group::CompanyData => &[
                "company.name",
                "company.phone",
                "company.phone_display",
                "company.whatsapp_number",
                "company.email",
                "company.street",
                "company.postal_code",
                "company.city",
                "company.country",
                "company.kvk",
                "company.vat",
            ],
            Group::Coordinates => &["company.lat", "company.lon"],
            Group::OpeningHours => &["company.opening_hours"],
            Group::Images => &["company.taxi_image_file", "company.share_image_file"],
            Group::QualityMark => &["company.quality_mark_file", "company.quality_mark_name"],
            Group::Places => &["places.frequent", "places.districts"],
            Group::AnswerWindow => &["mail.answer_within_minutes", "mail.answer_from", "mail.answer_until"],
            Group::MailAddresses => &["mail.from", "mail.staff_recipients"],
            Group::BaseUrl => &["site.base_url"],
        }
    }
}

/// The Google API a call went to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Api {
    Places,
    Routes,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum DirState {
    Missing,
    NotDir,
    /// Owned by user `owner`, not by `me`, who runs the check.
    Owner {
        owner: u32,
        me: u32,
    },
    /// Group or others may read or enter it.
    Open {
        mode: u32,
    },
    Unwritable(String),
    Fine,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ClockState {
    /// This many seconds from the time another server sent (Google's `Date`).
    Off {
        seconds: i64,
    },
    /// The kernel says no time service keeps the clock (`adjtimex`: `TIME_ERROR`).
    Unsynced,
    Unknown(String),
    /// Kept by a time service; within `offset` seconds of Google's when asked.
    Synced {
        offset: Option<i64>,
    },
}

#[derive(Debug, Clone, PartialEq)]
pub enum Finding {
    DemoOn,
    DemoOff,
    /// Settings of `group` the file does not set: the demo's values.
    DemoKept {
        group: Group,
        keys: Vec<&'static str>,
    },
    Own(Group),
    /// An origin or address on a name for examples or for this machine only.
    NotPublic {
        key: &'static str,
        value: String,
    },
    NotHttps(String),
    BaseUrl(String),
    AlternateDomains(usize),
    Hsts(bool),
    Escalation(usize),
    TrustedProxies(Vec<String>),
    Legal {
        dir: PathBuf,
        missing: Vec<String>,
        present: usize,
    },
    /// `config::mail_route`'s refusal, as the server would stop with it.
    MailStaysHere(String),
    DemoMaildir(PathBuf),
    MaildirOnPurpose(PathBuf),
    SmtpUnusable(String),
    SmtpConnected {
        server: String,
        result: Result<(), String>,
    },
    SmtpSender {
        from: String,
        result: Result<(), String>,
    },
    SmtpRecipient {
        to: String,
        result: Result<(), String>,
    },
    NoGoogleKey,
    Google {
        api: Api,
        result: Result<(), String>,
    },
    DataDir {
        path: PathBuf,
        state: DirState,
    },
    Disk {
        path: PathBuf,
        free_mb: Option<u64>,
        need_mb: u64,
        floor_mb: u64,
    },
    BackupsOff,
    Backups {
        path: PathBuf,
        state: DirState,
        every_hours: u32,
        keep: u32,
        newest_hours: Option<u64>,
    },
    Clock(ClockState),
    TimeZone {
        zone: &'static str,
        now: Option<String>,
        system: Option<String>,
    },
}

impl Finding {
    /// ✓ (true) or ✗.
    pub fn passed(&self) -> bool {
        match self {
            Finding::DemoOff
            | Finding::Own(_)
            | Finding::BaseUrl(_)
            | Finding::AlternateDomains(_)
            | Finding::MaildirOnPurpose(_)
            | Finding::NoGoogleKey => true,
            Finding::DemoOn
            | Finding::DemoKept { .. }
            | Finding::NotPublic { .. }
            | Finding::NotHttps(_)
            | Finding::MailStaysHere(_)
            | Finding::DemoMaildir(_)
            | Finding::SmtpUnusable(_)
            | Finding::BackupsOff => false,
            Finding::Hsts(on) => *on,
            Finding::Escalation(n) => *n > 0,
            Finding::TrustedProxies(list) => !list.is_empty(),
            Finding::Legal { missing, .. } => missing.is_empty(),
            Finding::SmtpConnected { result, .. }
            | Finding::SmtpSender { result, .. }
            | Finding::SmtpRecipient { result, .. }
            | Finding::Google { result, .. } => result.is_ok(),
            Finding::DataDir { state, .. } => *state == DirState::Fine,
            Finding::Backups { state, .. } => matches!(state, DirState::Fine | DirState::Missing),
            Finding::Disk { free_mb, need_mb, .. } => free_mb.is_some_and(|free| free >= *need_mb),
            Finding::Clock(state) => matches!(state, ClockState::Synced { .. }),
            Finding::TimeZone { now, .. } => now.is_some(),
        }
    }
}
