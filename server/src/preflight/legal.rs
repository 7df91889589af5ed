//! The legal pages: the privacy statement, the terms (with the cancellation
//! policy) and how to complain, in every language, as files the owner edits.
use std::path::PathBuf;

use crate::{config::Settings, preflight::findings::Finding, types::Lang};

/// The pages the law asks for, by the names of their files.
pub const LEGAL_PAGES: [&str; 3] = ["privacy", "terms", "complaints"];

/// Every legal page's file, one per page and language, where the site reads
/// them: `content/legal/<page>.<lang>.md` from the server's working directory.
/// The one place the check learns where they live: change it here when the
/// legal pages move (issue 53, item 1).
pub fn legal_page_files(_settings: &Settings) -> Vec<PathBuf> {
    let dir = std::env::current_dir().unwrap_or_default().join("content").join("legal");
    LEGAL_PAGES
        .iter()
        .flat_map(|page| Lang::ALL.iter().map(move |lang| (page, lang)))
        .map(|(page, lang)| dir.join(format!("{page}.{lang}.md")))
        .collect()
}

pub fn check(settings: &Settings) -> Finding {
    let files = legal_page_files(settings);
    let dir = files.first().and_then(|f| f.parent()).map(PathBuf::from).unwrap_or_default();
    let (present, missing): (Vec<_>, Vec<_>) = files.iter().partition(|f| f.is_file());
    let missing =
        missing.iter().map(|f| f.file_name().unwrap_or_default().to_string_lossy().into_owned()).collect();
    Finding::Legal { dir, missing, present: present.len() }
}
