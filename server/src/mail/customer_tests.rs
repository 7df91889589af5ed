//! Unit tests of the parent module, kept apart to keep files short: the gate's counts.
use super::*;

/// A store in a fresh directory, with the gate's table; removed on drop.
struct TempStore(std::path::PathBuf, Arc<Store>);

impl TempStore {
    fn new() -> Self {
        static N: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
        let n = N.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("taxi-gate-{}-{n}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let store = Arc::new(Store::open(&dir).unwrap());
        store.migrate(mailbox_days::SCHEMA, &[]).unwrap();
        Self(dir, store)
    }
}

impl Drop for TempStore {
    fn drop(&mut self) {
        self.1.close();
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn gate_over(store: &TempStore, opening: u32, all: u32, site: u32, network: u32) -> CustomerGate {
    let mut settings = crate::config::Settings::load_from(&Default::default()).expect("defaults");
    let limits = &mut settings.limits;
    limits.confirmations_per_recipient_per_day = opening;
    limits.customer_mails_per_recipient_per_day = all;
    limits.customer_mails_per_hour = site;
    limits.customer_mails_per_network_per_hour = network;
    CustomerGate::new(&settings.limits, store.1.clone())
}

fn email(n: usize) -> Email {
    Email::parse(&format!("visitor{n}@example.nl")).unwrap()
}

/// `admit` with nothing stored for the mailbox.
fn admitted(gate: &CustomerGate, tag: &GateTag, now: jiff::Timestamp) -> bool {
    let date = utc_date(now);
    gate.admit(tag, date, || Ok(Day::new(date))).unwrap()
}

#[test]
fn a_few_networks_cannot_spend_the_sites_hour_for_everybody() {
    let store = TempStore::new();
    let gate = gate_over(&store, 5, 15, 3, 2);
    let now: jiff::Timestamp = "2026-11-27T10:00:00Z".parse().unwrap();
    let net = |last: u8| Some(IpAddr::from([198, 51, 100, last]));
    assert!(gate.opens(&email(1), net(1), now) && gate.opens(&email(2), net(1), now));
    assert!(!gate.opens(&email(3), net(1), now), "the network's share is spent");
    assert!(gate.opens(&email(4), net(2), now), "the site's third of the hour");
    assert!(gate.opens(&email(5), net(3), now), "a network's first beyond the site's allowance");
    assert!(!gate.opens(&email(6), net(3), now), "but not its second");
    assert!(!gate.opens(&email(7), None, now), "nor one of no known network");
    let next_hour = now + jiff::SignedDuration::from_hours(1);
    assert!(gate.opens(&email(8), net(1), next_hour), "a new hour");
}

#[test]
fn a_mailbox_opens_a_few_times_a_day_and_takes_a_few_more_mails_after() {
    let store = TempStore::new();
    let gate = gate_over(&store, 2, 3, 0, 0);
    let monday: jiff::Timestamp = "2026-11-23T10:00:00Z".parse().unwrap();
    let spelt = |text: &str| Email::parse(text).unwrap();
    assert!(gate.opens(&spelt("a@bücher.example"), None, monday));
    assert!(gate.opens(&spelt("A+2@xn--bcher-kva.example"), None, monday), "one mailbox, two spellings");
    assert!(!gate.opens(&spelt("a@BÜCHER.example"), None, monday), "its two openings are used");
    let mailbox = spelt("a@bücher.example").mailbox();
    let tag = |counted| GateTag { mailbox: mailbox.clone(), counted };
    assert!(gate.lock().mailboxes.get(&mailbox).is_some_and(|day| day.mails == 2));
    let later = |counted| admitted(&gate, &tag(counted), monday);
    assert!(later(true), "an opening mail was counted when it opened");
    assert!(later(false), "the third mail of the day");
    assert!(!later(false), "not a fourth");
    assert!(admitted(&gate, &tag(false), monday + jiff::SignedDuration::from_hours(24)), "a new day");
    let gate = gate_over(&store, 2, 0, 0, 0);
    let busy = spelt("busy@example.nl");
    assert!(gate.opens(&busy, None, monday));
    let tag = GateTag { mailbox: busy.mailbox(), counted: false };
    assert!((0..20).all(|_| admitted(&gate, &tag, monday)), "0: later mails uncapped");
    assert!(gate.opens(&busy, None, monday), "later mails do not use up the openings");
}

#[test]
fn a_mailboxs_day_is_read_back_from_the_store_by_a_gate_that_forgot_it() {
    let store = TempStore::new();
    let now = jiff::Timestamp::now();
    let zoe = email(1);
    let mail = |counted| OutgoingMail {
        kind: MailKind::new("customer-booking"),
        reference: "R-1".into(),
        message_id: "<R-1@example.nl>".into(),
        subject: String::new(),
        envelope_from: "rit@example.nl".into(),
        recipients: vec![zoe.to_string()],
        text: String::new(),
        ics: None,
        raw: Vec::new(),
        customer_phone: None,
        perishes_at: None,
        customer: Some(GateTag { mailbox: zoe.mailbox(), counted }),
    };
    let first = gate_over(&store, 2, 3, 0, 0);
    for _ in 0..2 {
        assert!(first.opens(&zoe, None, now));
        assert!(store.1.write(|tx| first.passes(tx, &mail(true))).unwrap(), "its opening mail, counted");
    }
    assert!(store.1.write(|tx| first.passes(tx, &mail(false))).unwrap(), "a third mail");
    // A restart: a new gate with an empty memory over the same store.
    let again = gate_over(&store, 2, 3, 0, 0);
    assert!(!again.opens(&zoe, None, now), "its two openings of the day were used before the restart");
    assert!(!store.1.write(|tx| again.passes(tx, &mail(false))).unwrap(), "and its three mails");
    assert!(again.opens(&email(2), None, now), "another mailbox has its own day");
}
