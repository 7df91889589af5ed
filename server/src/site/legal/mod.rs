//! The company's legal pages: privacy statement, terms (with the cancellation policy) and
//! how to complain, in each language, from Markdown files the owner edits
//! (`<site.legal_dir>/<page>.<lang>.md`, format in `content/legal/README.md`), rendered once at
//! start-up ([`markdown`]).
//!
//! The demo ships a template (`content/legal/`, embedded in the binary) that names what the
//! site really keeps, for how long and who receives it; the pages say it is a template to
//! complete. A site with `company.demo = false` must have its own: a file missing from the
//! folder, or no folder, stops the start naming the files ([`missing`], which `taxi-server
//! check` asks too). With the demo, a file the folder lacks is the template's.
pub mod markdown;

use std::{collections::HashMap, path::PathBuf};

use crate::{config::Settings, site::Page, types::Lang};

/// The legal pages, in the footer's order.
pub const PAGES: [Page; 3] = [Page::Privacy, Page::Terms, Page::Complaints];
/// The owner's files: one per page and language.
pub const FILES: usize = PAGES.len() * crate::types::Lang::ALL.len();

/// The built-in template, by file name.
const TEMPLATE: [(&str, &str); 9] = [
    ("privacy.nl.md", include_str!("../../../../content/legal/privacy.nl.md")),
    ("privacy.de.md", include_str!("../../../../content/legal/privacy.de.md")),
    ("privacy.en.md", include_str!("../../../../content/legal/privacy.en.md")),
    ("terms.nl.md", include_str!("../../../../content/legal/terms.nl.md")),
    ("terms.de.md", include_str!("../../../../content/legal/terms.de.md")),
    ("terms.en.md", include_str!("../../../../content/legal/terms.en.md")),
    ("complaints.nl.md", include_str!("../../../../content/legal/complaints.nl.md")),
    ("complaints.de.md", include_str!("../../../../content/legal/complaints.de.md")),
    ("complaints.en.md", include_str!("../../../../content/legal/complaints.en.md")),
];

/// `privacy.nl.md`: the name of a page's file in one language.
pub fn file_name(page: Page, lang: Lang) -> String {
    format!("{}.{lang}.md", page.key())
}

/// A legal page as shown: its HTML, and whether it is the built-in template.
#[derive(Debug, Clone)]
pub struct LegalText {
    pub html: String,
    pub template: bool,
}

/// Every legal page in every language, rendered.
#[derive(Debug, Default)]
pub struct LegalTexts {
    texts: HashMap<(Page, Lang), LegalText>,
}

/// Why the legal pages cannot be shown; the start stops with it.
#[derive(Debug, thiserror::Error)]
#[error("site.legal_dir: {0}")]
pub struct LegalError(String);

/// The owner's file of `page` in `lang`: its text, `None` when there is none (no folder set,
/// no file, or a file with nothing in it), or why it cannot be read.
fn owner_file(settings: &Settings, name: &str) -> Result<Option<String>, LegalError> {
    if settings.site.legal_dir.is_empty() {
        return Ok(None);
    }
    let path = PathBuf::from(&settings.site.legal_dir).join(name);
    match std::fs::read(&path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(LegalError(format!("cannot read {}: {e}", path.display()))),
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) if text.trim().is_empty() => Ok(None),
            Ok(text) => Ok(Some(text)),
            Err(_) => Err(LegalError(format!("{} is not UTF-8 text", path.display()))),
        },
    }
}

/// The files a start refuses over: none on the demo (the template stands in); with
/// `company.demo = false`, each file of the nine the owner's folder lacks or holds empty
/// (bare file names while `site.legal_dir` is not set).
pub fn missing(settings: &Settings) -> Vec<PathBuf> {
    if settings.company.demo {
        return Vec::new();
    }
    let dir = PathBuf::from(&settings.site.legal_dir);
    PAGES
        .iter()
        .flat_map(|&page| Lang::ALL.map(|lang| file_name(page, lang)))
        .filter(|name| !matches!(owner_file(settings, name), Ok(Some(_))))
        .map(|name| dir.join(name))
        .collect()
}

impl LegalTexts {
    /// Reads and renders the nine pages: the owner's files, the template where the demo lacks one.
    pub fn load(settings: &Settings) -> Result<Self, LegalError> {
        let missing = missing(settings);
        if !missing.is_empty() {
            let names: Vec<String> = missing.iter().map(|p| p.display().to_string()).collect();
            let folder = match settings.site.legal_dir.is_empty() {
                true => "it is not set; name a folder holding them".to_string(),
                false => format!("not found in {}", settings.site.legal_dir),
            };
            return Err(LegalError(format!(
                "a site with company.demo = false shows the company's own legal pages, and {} \
                 ({folder}). Start from the template in content/legal/ (its README.md says the format)",
                names.join(", ")
            )));
        }
        let google = settings.secrets.google_maps_key.is_some();
        let mut texts = HashMap::new();
        for page in PAGES {
            for lang in Lang::ALL {
                let name = file_name(page, lang);
                let (source, template) = match owner_file(settings, &name)? {
                    Some(text) => (text, false),
                    None => (template(&name).to_string(), true),
                };
                let html = markdown::render(&source, google, &values(settings, lang))
                    .map_err(|e| LegalError(format!("{}: {e}", shown_path(settings, &name, template))))?;
                texts.insert((page, lang), LegalText { html, template });
            }
        }
        Ok(Self { texts })
    }

    pub fn get(&self, page: Page, lang: Lang) -> Option<&LegalText> {
        self.texts.get(&(page, lang))
    }
}

fn template(name: &str) -> &'static str {
    TEMPLATE.iter().find(|(file, _)| *file == name).map(|(_, text)| *text).expect("a template per page")
}

fn shown_path(settings: &Settings, name: &str, template: bool) -> String {
    match template {
        true => format!("content/legal/{name} (built in)"),
        false => PathBuf::from(&settings.site.legal_dir).join(name).display().to_string(),
    }
}

/// The placeholders a legal page may use (`{{name}}`), with their values in `lang`.
pub fn values(settings: &Settings, lang: Lang) -> Vec<(&'static str, String)> {
    let c = &settings.company;
    let page = |page: Page| page.path(lang).to_string();
    let backup_hours = settings.backup.every_hours.saturating_mul(settings.backup.keep);
    vec![
        ("company_name", c.name.clone()),
        ("company_address", format!("{}, {} {}", c.street, c.postal_code, c.city)),
        ("company_email", c.email.clone()),
        ("company_phone", c.phone_shown(lang)),
        ("kvk", c.kvk.clone()),
        ("vat", c.vat.clone()),
        ("licence_number", c.licence_number.clone()),
        ("free_cancellation_hours", c.free_cancellation_hours.to_string()),
        ("retention_days", settings.mail.retention_days.to_string()),
        ("backup_hours", backup_hours.to_string()),
        ("junk_refusal_days", settings.limits.junk_refusal_days.to_string()),
        ("site", crate::site::origin(&settings.site, lang).to_string()),
        ("home_page", page(Page::Home)),
        ("prices_page", page(Page::Prices)),
        ("reservation_page", page(Page::Reservation)),
        ("contact_page", page(Page::Contact)),
        ("privacy_page", page(Page::Privacy)),
        ("terms_page", page(Page::Terms)),
        ("complaints_page", page(Page::Complaints)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(demo: bool, legal_dir: &str) -> Settings {
        let mut settings = Settings::load_from(&Default::default()).unwrap();
        settings.company.demo = demo;
        settings.site.legal_dir = legal_dir.to_string();
        settings
    }

    #[test]
    fn the_template_renders_in_every_language_with_and_without_google() {
        let mut s = settings(true, "");
        let texts = LegalTexts::load(&s).unwrap();
        for page in PAGES {
            for lang in Lang::ALL {
                let text = texts.get(page, lang).unwrap();
                assert!(text.template && text.html.contains("<h2>"), "{page:?} {lang}");
                assert!(!text.html.contains("{{"), "{page:?} {lang}: a placeholder left");
                assert!(!text.html.contains("Google"), "{page:?} {lang}: Google only with its key");
            }
        }
        s.secrets.google_maps_key = Some(secrecy::SecretString::from("key".to_string()));
        let texts = LegalTexts::load(&s).unwrap();
        for lang in Lang::ALL {
            for page in [Page::Privacy, Page::Terms] {
                let html = &texts.get(page, lang).unwrap().html;
                assert!(html.contains("Google"), "{page:?} {lang} names Google with its key");
            }
        }
    }

    #[test]
    fn without_the_demo_every_file_must_be_the_owners() {
        assert!(missing(&settings(true, "")).is_empty(), "the demo has the template");
        let unset = missing(&settings(false, ""));
        assert_eq!(unset.len(), 9);
        assert_eq!(unset[0], PathBuf::from("privacy.nl.md"));
        let err = LegalTexts::load(&settings(false, "")).unwrap_err().to_string();
        assert!(err.starts_with("site.legal_dir:") && err.contains("complaints.en.md"), "{err}");

        let dir = std::env::temp_dir().join(format!("taxi-legal-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        for page in PAGES {
            for lang in Lang::ALL {
                std::fs::write(dir.join(file_name(page, lang)), format!("## {page:?} {lang}\n")).unwrap();
            }
        }
        std::fs::write(dir.join("terms.de.md"), " \n").unwrap();
        let own = settings(false, &dir.display().to_string());
        assert_eq!(missing(&own), vec![dir.join("terms.de.md")], "an empty file is no page");
        std::fs::write(dir.join("terms.de.md"), "## AGB {{nope}}\n").unwrap();
        let err = LegalTexts::load(&own).unwrap_err().to_string();
        assert!(err.contains("terms.de.md") && err.contains("{{nope}}") && err.contains("line 1"), "{err}");
        std::fs::write(dir.join("terms.de.md"), "## AGB\n").unwrap();
        let texts = LegalTexts::load(&own).unwrap();
        let text = texts.get(Page::Terms, Lang::De).unwrap();
        assert_eq!((text.html.as_str(), text.template), ("<h2>AGB</h2>\n", false));
        // The demo with a folder of its own: a file it lacks is the template's.
        std::fs::remove_file(dir.join("privacy.en.md")).unwrap();
        let texts = LegalTexts::load(&settings(true, &dir.display().to_string())).unwrap();
        assert!(texts.get(Page::Privacy, Lang::En).unwrap().template);
        assert!(!texts.get(Page::Privacy, Lang::Nl).unwrap().template);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
