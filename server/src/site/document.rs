//! The HTML document around a rendered React tree: `<head>` metadata (title,
//! description, canonical, hreflang, JSON-LD), styles, scripts and hydration data.
//! Built in Rust because React's `renderToString` emits no doctype or head.
use std::fmt::Write as _;

use crate::{
    config::Settings,
    site::{self, contract::Alternates},
    types::Lang,
};

/// What the shell needs besides the rendered body.
pub struct Shell<'a> {
    pub lang: Lang,
    /// The page's path in each language; `None` for error pages: they get no
    /// canonical or alternates and are not indexed.
    pub paths: Option<&'a Alternates>,
    pub title: &'a str,
    pub description: &'a str,
    pub keywords: &'a str,
    pub stylesheet: &'a str,
    pub icon: &'a str,
    pub script: &'a str,
    /// Scripts run before `script`, in this order: the reservation page's early suggestions,
    /// React for the form pages.
    pub first_scripts: Vec<&'a str>,
    /// Props for hydration, present only on pages React hydrates.
    pub hydration_props: Option<&'a str>,
    /// JSON-LD documents, one script each (crawlers and testing tools read
    /// separate scripts more reliably than one `@graph`).
    pub json_ld: &'a [String],
    /// The share preview: absolute URL, and its description for people who cannot see it.
    pub share_image: &'a str,
    pub share_image_alt: &'a str,
}

pub fn document(shell: &Shell<'_>, settings: &Settings, body_html: &str) -> String {
    let mut html = String::with_capacity(body_html.len() + 4096);
    let _ = write!(
        html,
        "<!doctype html><html lang=\"{lang}\"><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         <title>{title}</title><meta name=\"description\" content=\"{description}\">\
         <meta name=\"keywords\" content=\"{keywords}\"><meta name=\"theme-color\" content=\"#ffcc00\">",
        lang = shell.lang,
        title = escape_html(shell.title),
        description = escape_html(shell.description),
        keywords = escape_html(shell.keywords),
    );
    let canonical = shell
        .paths
        .map(|paths| format!("{}{}", site::origin(&settings.site, shell.lang), paths.get(shell.lang)));
    share_preview(&mut html, shell, settings, canonical.as_deref());
    match (shell.paths, &canonical) {
        (Some(paths), Some(canonical)) => {
            let _ = write!(html, "<link rel=\"canonical\" href=\"{}\">", escape_html(canonical));
            for (hreflang, url) in site::alternates(&settings.site, |lang| paths.get(lang).to_string()) {
                let _ = write!(
                    html,
                    "<link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{}\">",
                    escape_html(&url)
                );
            }
        }
        _ => html.push_str("<meta name=\"robots\" content=\"noindex\">"),
    }
    let _ = write!(
        html,
        "<link rel=\"icon\" href=\"{}\" type=\"image/svg+xml\"><link rel=\"stylesheet\" href=\"{}\">\
",
        shell.icon, shell.stylesheet
    );
    // Deferred scripts run in document order, each in a task of its own.
    for script in shell.first_scripts.iter().chain([&shell.script]) {
        let _ = write!(html, "<script defer src=\"{script}\"></script>");
    }
    for ld in shell.json_ld {
        let _ = write!(html, "<script type=\"application/ld+json\">{}</script>", escape_json_for_script(ld));
    }
    let _ = write!(html, "</head><body>{body_html}");
    if let Some(props) = shell.hydration_props {
        let _ = write!(
            html,
            "<script type=\"application/json\" id=\"page-data\">{}</script>",
            escape_json_for_script(props)
        );
    }
    html.push_str("</body></html>");
    html
}

/// Open Graph and Twitter card tags: the card a shared link shows (WhatsApp,
/// Facebook, LinkedIn, X), in the page's language.
fn share_preview(html: &mut String, shell: &Shell<'_>, settings: &Settings, canonical: Option<&str>) {
    let locale = |lang: Lang| match lang {
        Lang::Nl => "nl_NL",
        Lang::De => "de_DE",
        Lang::En => "en_GB",
    };
    let mut meta = |attribute: &str, name: &str, content: &str| {
        let _ = write!(html, "<meta {attribute}=\"{name}\" content=\"{}\">", escape_html(content));
    };
    meta("property", "og:type", "website");
    meta("property", "og:site_name", &settings.company.name);
    meta("property", "og:title", shell.title);
    meta("property", "og:description", shell.description);
    if let Some(url) = canonical {
        meta("property", "og:url", url);
    }
    meta("property", "og:locale", locale(shell.lang));
    for other in Lang::ALL.into_iter().filter(|&l| l != shell.lang) {
        meta("property", "og:locale:alternate", locale(other));
    }
    meta("property", "og:image", shell.share_image);
    if settings.company.share_image_file.is_empty() {
        meta("property", "og:image:type", "image/png");
    }
    // A replacement was checked for this size at start-up (`config::images`).
    meta("property", "og:image:width", "1200");
    meta("property", "og:image:height", "630");
    meta("property", "og:image:alt", shell.share_image_alt);
    meta("name", "twitter:card", "summary_large_image");
    meta("name", "twitter:title", shell.title);
    meta("name", "twitter:description", shell.description);
    meta("name", "twitter:image", shell.share_image);
    meta("name", "twitter:image:alt", shell.share_image_alt);
}

pub fn escape_html(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// JSON made safe inside a `<script>` element: no `</script>`, no `<!--`, and no
/// line separators that older parsers treat as line ends.
pub fn escape_json_for_script(json: &str) -> String {
    let mut out = String::with_capacity(json.len());
    for ch in json.chars() {
        match ch {
            '<' => out.push_str("\\u003c"),
            '>' => out.push_str("\\u003e"),
            '&' => out.push_str("\\u0026"),
            '\u{2028}' => out.push_str("\\u2028"),
            '\u{2029}' => out.push_str("\\u2029"),
            c => out.push(c),
        }
    }
    out
}

/// The props the browser hydrates a form page's island with (`ui/src/client/hydrate.tsx`).
pub fn island_props(props: &site::contract::PageProps) -> String {
    serde_json::to_string(&site::contract::IslandProps::from(props)).expect("island props serialize")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_close_the_element_and_still_parses() {
        let raw = serde_json::json!({"x": "</script><!-- & \u{2028}\u{2029}"}).to_string();
        let escaped = escape_json_for_script(&raw);
        for bad in ["<", ">", "&", "\u{2028}", "\u{2029}"] {
            assert!(!escaped.contains(bad), "{bad} left in {escaped}");
        }
        let back: serde_json::Value = serde_json::from_str(&escaped).unwrap();
        assert_eq!(back["x"], "</script><!-- & \u{2028}\u{2029}");
    }

    #[test]
    fn html_escaping_covers_attributes() {
        assert_eq!(escape_html(r#"a "b" <c> & 'd'"#), "a &quot;b&quot; &lt;c&gt; &amp; &#39;d&#39;");
    }
}
