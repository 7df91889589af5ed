//! The senders staff refused: the client network and the e-mail address of
//! every booking they marked as junk are refused at the booking and contact
//! forms for `limits.junk_refusal_days` (`docs/edge.md`, "Dispatchers can
//! act"). Kept in the store, so a restart forgets none, and in memory, so the
//! posts of a flood are checked without reading the store.
//!
//! Neither is kept as written: each is a tag, an HMAC under the site's key,
//! of the client network (the key the rate limits count: an address, or an
//! IPv6 network; [`crate::edge::client`]) or of the mailbox
//! ([`Email::mailbox`]: case, `+tag`, Gmail's spellings and an international
//! domain's two forms folded, as the per-mailbox gate counts it). The store so holds no address of a junk
//! sender, and a tag says nothing without the key. Bookings keep the same
//! network tag, to find a network's other requests.
use std::{collections::HashMap, io, net::IpAddr, sync::Mutex};

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine as _};
use jiff::{SignedDuration, Timestamp};
use rusqlite::{params, Transaction};

use crate::{
    secret::SecretKey,
    store::{sql, Store},
    types::Email,
};

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS refusals (
    tag   TEXT PRIMARY KEY,
    -- Unix time (seconds) until which posts carrying the tag are refused.
    until INTEGER NOT NULL
);";

const NETWORK: &str = "refused-network";
const MAILBOX: &str = "refused-mailbox";

/// The refused tags, as the store holds them.
pub struct Refusals {
    key: SecretKey,
    lasting: SignedDuration,
    /// Tag → until (Unix seconds): the store's rows still in force.
    active: Mutex<HashMap<String, i64>>,
}

impl Refusals {
    /// Creates the table in `store` if needed, deletes the refusals that have
    /// run out and remembers the rest; `days`: how long a new one lasts.
    pub fn open(store: &Store, key: SecretKey, days: u32) -> io::Result<Self> {
        store.migrate(SCHEMA, &[])?;
        let now = Timestamp::now().as_second();
        let active = store.write(|tx| {
            tx.execute("DELETE FROM refusals WHERE until <= ?1", [now]).map_err(sql)?;
            let mut statement = tx.prepare("SELECT tag, until FROM refusals").map_err(sql)?;
            let rows = statement.query_map([], |row| Ok((row.get(0)?, row.get(1)?))).map_err(sql)?;
            rows.map(|row| row.map_err(sql)).collect::<io::Result<HashMap<String, i64>>>()
        })?;
        let lasting = SignedDuration::from_hours(24 * i64::from(days));
        Ok(Self { key, lasting, active: Mutex::new(active) })
    }

    /// The tag of a client network (as `edge::ClientKey` carries it).
    pub fn network_tag(&self, network: IpAddr) -> String {
        self.tag(NETWORK, &network.to_string())
    }

    /// The tag of the mailbox behind `email`, however it is spelt.
    pub fn mailbox_tag(&self, email: &Email) -> String {
        self.tag(MAILBOX, &email.mailbox())
    }

    fn tag(&self, purpose: &str, value: &str) -> String {
        format!("{purpose}:{}", URL_SAFE_NO_PAD.encode(self.key.sign(&[purpose, value])))
    }

    /// Until when a refusal made at `now` lasts; `None`: refusals are off
    /// (`limits.junk_refusal_days = 0`).
    pub fn until(&self, now: Timestamp) -> Option<Timestamp> {
        (!self.lasting.is_zero()).then(|| now.saturating_add(self.lasting).unwrap_or(Timestamp::MAX))
    }

    /// Whether a post from `network` (its tag) naming `email` is refused at `now`.
    pub fn refuses(&self, network: Option<&str>, email: &Email, now: Timestamp) -> bool {
        let mailbox = self.mailbox_tag(email);
        let active = self.active.lock().unwrap_or_else(|e| e.into_inner());
        let refused = |tag: &str| active.get(tag).is_some_and(|until| *until > now.as_second());
        network.is_some_and(refused) || refused(&mailbox)
    }

    /// Once the transaction that [`record`]ed `tags` has committed: they are
    /// refused from now on.
    pub fn remember(&self, tags: &[String], until: Timestamp) {
        let mut active = self.active.lock().unwrap_or_else(|e| e.into_inner());
        let now = Timestamp::now().as_second();
        active.retain(|_, until| *until > now);
        for tag in tags {
            let entry = active.entry(tag.clone()).or_insert(0);
            *entry = (*entry).max(until.as_second());
        }
    }
}

/// Records `tags` as refused until `until`, in the transaction of the step
/// that refuses them (a refusal already longer stays so); drops those run out.
pub fn record(tx: &Transaction<'_>, tags: &[String], until: Timestamp) -> io::Result<()> {
    let until = until.as_second();
    tx.execute("DELETE FROM refusals WHERE until <= ?1", [Timestamp::now().as_second()]).map_err(sql)?;
    for tag in tags {
        tx.execute(
            "INSERT INTO refusals (tag, until) VALUES (?1, ?2)
             ON CONFLICT (tag) DO UPDATE SET until = max(until, excluded.until)",
            params![tag, until],
        )
        .map_err(sql)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Dir(std::path::PathBuf);

    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn store() -> (Store, Dir) {
        let dir = std::env::temp_dir().join(format!("refusals-{}-{}", std::process::id(), fastrand::u64(..)));
        (Store::open(&dir).unwrap(), Dir(dir))
    }

    fn email(text: &str) -> Email {
        Email::parse(text).unwrap()
    }

    #[test]
    fn a_refused_mailbox_is_refused_however_it_is_spelt_and_a_network_by_its_tag_only() {
        let (store, _dir) = store();
        let key = SecretKey::from_bytes(vec![7; 32]);
        let refusals = Refusals::open(&store, key.clone(), 7).unwrap();
        let now = Timestamp::now();
        let net: IpAddr = "198.51.100.7".parse().unwrap();
        let tags = [refusals.network_tag(net), refusals.mailbox_tag(&email("victim@example.nl"))];
        assert!(tags.iter().all(|t| !t.contains("198.51") && !t.contains("victim")), "{tags:?}");
        let until = refusals.until(now).unwrap();
        assert_eq!(until, now + SignedDuration::from_hours(7 * 24));
        store.write(|tx| record(tx, &tags, until)).unwrap();
        refusals.remember(&tags, until);

        let other_net = refusals.network_tag("198.51.100.8".parse().unwrap());
        let honest = email("anna@example.nl");
        assert!(refusals.refuses(Some(&tags[0]), &honest, now), "the network, with another address");
        assert!(refusals.refuses(Some(&other_net), &email("Victim+x@Example.NL"), now), "the mailbox");
        let idn = vec![refusals.mailbox_tag(&email("idn@bücher.example"))];
        refusals.remember(&idn, until);
        assert!(refusals.refuses(None, &email("IDN@xn--bcher-kva.example"), now), "either form of a domain");
        assert!(!refusals.refuses(Some(&other_net), &honest, now), "anybody else");
        assert!(!refusals.refuses(None, &honest, now));
        assert!(!refusals.refuses(Some(&tags[0]), &honest, until), "until it runs out");

        // Another process (a restart) reads them from the store; another key makes other tags.
        let again = Refusals::open(&store, key, 7).unwrap();
        assert!(again.refuses(Some(&tags[0]), &honest, now));
        let rekeyed = Refusals::open(&store, SecretKey::from_bytes(vec![8; 32]), 7).unwrap();
        assert_ne!(rekeyed.network_tag(net), tags[0]);
    }

    #[test]
    fn zero_days_refuses_nothing_and_a_longer_refusal_is_not_shortened() {
        let (store, _dir) = store();
        let key = SecretKey::from_bytes(vec![7; 32]);
        assert_eq!(Refusals::open(&store, key.clone(), 0).unwrap().until(Timestamp::now()), None);
        let refusals = Refusals::open(&store, key, 7).unwrap();
        let tag = vec![refusals.mailbox_tag(&email("a@example.nl"))];
        let (long, short) = (Timestamp::now() + SignedDuration::from_hours(48), Timestamp::now());
        store.write(|tx| record(tx, &tag, long)).unwrap();
        store.write(|tx| record(tx, &tag, short)).unwrap();
        let until: i64 = store
            .read(|c| c.query_row("SELECT until FROM refusals", [], |row| row.get(0)).map_err(sql))
            .unwrap();
        assert_eq!(until, long.as_second());
    }
}
