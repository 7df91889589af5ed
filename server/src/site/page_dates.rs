//! The day each page's content last changed, for the sitemap's `lastmod`: a page's
//! fingerprint (its title, description and `<main>`: the texts and the prices from
//! the configuration, not the scripts around them) is kept with the day it was
//! first seen, in `page-dates.json` in the data directory. A restart with other
//! texts or prices dates only the pages that show them anew.
use std::{
    collections::BTreeMap,
    path::{Path, PathBuf},
    sync::Mutex,
};

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

pub const FILE_NAME: &str = "page-dates.json";

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
struct Dated {
    fingerprint: String,
    /// `YYYY-MM-DD`, the W3C date the sitemap shows.
    date: String,
}

pub struct PageDates {
    file: PathBuf,
    known: Mutex<BTreeMap<String, Dated>>,
}

impl PageDates {
    /// The dates kept in `data_dir`. A missing or unreadable file starts afresh:
    /// the dates are a hint to crawlers, not worth refusing to start over.
    pub fn open(data_dir: &Path) -> Self {
        let file = data_dir.join(FILE_NAME);
        let known = match std::fs::read(&file) {
            Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_else(|e| {
                tracing::warn!(file = %file.display(), error = %e, "page dates unreadable; dating pages afresh");
                BTreeMap::new()
            }),
            Err(_) => BTreeMap::new(),
        };
        Self { file, known: Mutex::new(known) }
    }

    /// The day the content of each `(url, html)` last changed, `today` for a page
    /// new or changed since the last call; the file is rewritten when anything moved.
    pub fn dates(&self, pages: &[(String, &[u8])], today: &str) -> Vec<String> {
        let mut known = self.known.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let mut changed = false;
        let dates = pages
            .iter()
            .map(|(url, html)| {
                let fingerprint = fingerprint(html);
                match known.get(url) {
                    Some(dated) if dated.fingerprint == fingerprint => dated.date.clone(),
                    _ => {
                        changed = true;
                        known.insert(url.clone(), Dated { fingerprint, date: today.to_string() });
                        today.to_string()
                    }
                }
            })
            .collect();
        if changed {
            if let Err(e) = self.save(&known) {
                tracing::warn!(file = %self.file.display(), error = %e, "page dates not saved; they are kept in memory");
            }
        }
        dates
    }

    /// Written beside and renamed into place: a crash leaves the old file or the new one.
    fn save(&self, known: &BTreeMap<String, Dated>) -> std::io::Result<()> {
        let temporary = self.file.with_extension("json.tmp");
        std::fs::write(&temporary, serde_json::to_vec_pretty(known).expect("dates serialize"))?;
        std::fs::rename(&temporary, &self.file)
    }
}

/// What of a page a reader sees: `<title>`, the meta description and `<main>`.
fn fingerprint(html: &[u8]) -> String {
    let html = String::from_utf8_lossy(html);
    let part = |start: &str, end: &str| {
        html.find(start)
            .and_then(|from| html[from..].find(end).map(|len| &html[from..from + len + end.len()]))
            .unwrap_or("")
    };
    let mut hash = Sha256::new();
    for piece in
        [part("<title>", "</title>"), part("<meta name=\"description\"", ">"), part("<main", "</main>")]
    {
        hash.update(piece.as_bytes());
        hash.update([0]);
    }
    hash.finalize().iter().map(|b| format!("{b:02x}")).collect()
}

/// Today in the company's time zone, as the sitemap writes dates.
pub fn today() -> String {
    jiff::Zoned::now().with_time_zone(crate::types::company_zone()).strftime("%Y-%m-%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page(title: &str, main: &str, script: &str) -> Vec<u8> {
        format!("<html><head><title>{title}</title><script src=\"{script}\"></script></head><body><main id=\"main\">{main}</main></body></html>").into_bytes()
    }

    #[test]
    fn a_page_keeps_its_day_until_what_it_shows_changes_also_across_restarts() {
        let dir = std::env::temp_dir().join(format!("taxi-page-dates-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let _ = std::fs::remove_file(dir.join(FILE_NAME));
        let a = |main: &str, script: &str| ("https://x/a".to_string(), page("A", main, script));
        let b = ("https://x/b".to_string(), page("B", "€ 10", "s1.js"));

        let dates = PageDates::open(&dir);
        let first = [a("€ 230", "s1.js"), b.clone()];
        let refs: Vec<_> = first.iter().map(|(u, h)| (u.clone(), h.as_slice())).collect();
        assert_eq!(dates.dates(&refs, "2026-01-01"), ["2026-01-01", "2026-01-01"]);

        let reopened = PageDates::open(&dir);
        let second = [a("€ 230", "s2.js"), b.clone()];
        let refs: Vec<_> = second.iter().map(|(u, h)| (u.clone(), h.as_slice())).collect();
        assert_eq!(
            reopened.dates(&refs, "2026-02-01"),
            ["2026-01-01", "2026-01-01"],
            "a new script is no new content"
        );

        let third = [a("€ 240", "s2.js"), b];
        let refs: Vec<_> = third.iter().map(|(u, h)| (u.clone(), h.as_slice())).collect();
        assert_eq!(
            reopened.dates(&refs, "2026-03-01"),
            ["2026-03-01", "2026-01-01"],
            "only the page with the new price"
        );
        assert_eq!(
            PageDates::open(&dir).dates(&refs, "2026-04-01"),
            ["2026-03-01", "2026-01-01"],
            "and kept"
        );

        std::fs::write(dir.join(FILE_NAME), "not json").unwrap();
        assert_eq!(PageDates::open(&dir).dates(&refs, "2026-05-01"), ["2026-05-01", "2026-05-01"], "afresh");
    }
}
