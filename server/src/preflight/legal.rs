//! The legal pages: the privacy statement, the terms (with the cancellation
//! policy) and how to complain, in every language, as files the owner edits
//! in `site.legal_dir` (`site/legal/`, `content/legal/README.md`).
use std::path::PathBuf;

use crate::{config::Settings, preflight::findings::Finding};

/// The owner's files as a site without the demo reads them: the template
/// never stands in for one, so a site still on the demo's learns it here.
pub fn check(settings: &Settings) -> Finding {
    let mut own = settings.clone();
    own.company.demo = false;
    let missing = crate::site::legal::missing(&own);
    let names =
        missing.iter().map(|f| f.file_name().unwrap_or_default().to_string_lossy().into_owned()).collect();
    let dir = PathBuf::from(&settings.site.legal_dir);
    Finding::Legal { dir, present: crate::site::legal::FILES - missing.len(), missing: names }
}
