//! An owner's legal page from Markdown to HTML, once at start-up: the `{{#google}}` blocks kept
//! or dropped, `{{name}}` placeholders filled, and nothing of the file passed through as HTML.
//!
//! The text is the company's, edited by people who are no web developers, and shown on every
//! page's footer link: raw HTML in it is shown as text (never run), links go only to web,
//! mail and phone addresses or the site's own paths, and pictures are their description (the
//! page loads nothing else). A `#` heading becomes an `h2`: the page's `h1` is its title.
use pulldown_cmark::{CowStr, Event, HeadingLevel, Options, Parser, Tag, TagEnd, TextMergeStream};

/// Why a file could not be made into a page; the caller names the file.
#[derive(Debug, PartialEq, Eq)]
pub enum MarkdownError {
    /// `{{name}}` that is no placeholder, on this line (1-based).
    UnknownPlaceholder { name: String, line: usize },
    /// A `{{#google}}` without its `{{/google}}`, or the other way round, on this line.
    UnbalancedBlock { line: usize },
}

impl std::fmt::Display for MarkdownError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::UnknownPlaceholder { name, line } => write!(
                f,
                "line {line}: {{{{{name}}}}} is no placeholder (content/legal/README.md lists them)"
            ),
            Self::UnbalancedBlock { line } => {
                write!(f, "line {line}: {{{{#google}}}} and {{{{/google}}}} must come in pairs, each on its own line")
            }
        }
    }
}

/// The lines of `source` with the `{{#google}}` … `{{/google}}` blocks kept (markers dropped)
/// when `google` is true, and left out otherwise.
fn blocks(source: &str, google: bool) -> Result<String, MarkdownError> {
    let mut out = String::with_capacity(source.len());
    let mut open: Option<usize> = None;
    for (index, line) in source.lines().enumerate() {
        match (line.trim(), open) {
            ("{{#google}}", None) => open = Some(index + 1),
            ("{{/google}}", Some(_)) => open = None,
            ("{{#google}}" | "{{/google}}", _) => {
                return Err(MarkdownError::UnbalancedBlock { line: index + 1 })
            }
            (_, Some(_)) if !google => {}
            _ => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    match open {
        Some(line) => Err(MarkdownError::UnbalancedBlock { line }),
        None => Ok(out),
    }
}

/// `text` with each `{{name}}` replaced by its value from `values`; an unknown name is
/// reported with the first line of `source` that holds it.
fn fill(text: &str, values: &[(&str, String)], source: &str) -> Result<String, MarkdownError> {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("{{") {
        let Some(len) = rest[start + 2..].find("}}") else { break };
        let name = &rest[start + 2..start + 2 + len];
        let Some((_, value)) = values.iter().find(|(key, _)| *key == name.trim()) else {
            let written = format!("{{{{{name}}}}}");
            let line = source.lines().position(|l| l.contains(&written)).map_or(0, |i| i + 1);
            return Err(MarkdownError::UnknownPlaceholder { name: name.to_string(), line });
        };
        out.push_str(&rest[..start]);
        out.push_str(value);
        rest = &rest[start + 2 + len + 2..];
    }
    out.push_str(rest);
    Ok(out)
}

/// Links the page may carry: the web, mail and phone, and the site's own paths and anchors.
fn safe_link(url: &str) -> bool {
    let lower = url.trim_start().to_ascii_lowercase();
    ["https://", "http://", "mailto:", "tel:"].iter().any(|scheme| lower.starts_with(scheme))
        || (lower.starts_with('/') && !lower.starts_with("//"))
        || lower.starts_with('#')
}

/// The page's HTML from the owner's Markdown.
pub fn render(source: &str, google: bool, values: &[(&str, String)]) -> Result<String, MarkdownError> {
    let text = blocks(source, google)?;
    let mut options = Options::empty();
    options.insert(Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH);
    // Merged first, so a placeholder is never split between two text events.
    let parser = TextMergeStream::new(Parser::new_ext(&text, options));
    let mut events = Vec::new();
    // Per open link: whether it was refused (its end is dropped too; its text stays).
    let mut refused = Vec::new();
    for event in parser {
        let event = match event {
            Event::Html(html) | Event::InlineHtml(html) => Event::Text(html),
            // An HTML block is shown as a paragraph of its text.
            Event::Start(Tag::HtmlBlock) => Event::Start(Tag::Paragraph),
            Event::End(TagEnd::HtmlBlock) => Event::End(TagEnd::Paragraph),
            Event::Text(t) => Event::Text(CowStr::from(fill(&t, values, source)?)),
            Event::Code(t) => Event::Code(CowStr::from(fill(&t, values, source)?)),
            Event::Start(Tag::Heading { level: HeadingLevel::H1, id, classes, attrs }) => {
                Event::Start(Tag::Heading { level: HeadingLevel::H2, id, classes, attrs })
            }
            Event::End(TagEnd::Heading(HeadingLevel::H1)) => Event::End(TagEnd::Heading(HeadingLevel::H2)),
            Event::Start(Tag::Link { link_type, dest_url, title, id }) => {
                let dest_url = CowStr::from(fill(&dest_url, values, source)?);
                let keep = safe_link(&dest_url);
                refused.push(!keep);
                match keep {
                    true => Event::Start(Tag::Link { link_type, dest_url, title, id }),
                    false => continue,
                }
            }
            Event::End(TagEnd::Link) => match refused.pop().unwrap_or(false) {
                true => continue,
                false => Event::End(TagEnd::Link),
            },
            // A picture is its description: the page loads nothing from elsewhere.
            Event::Start(Tag::Image { .. }) | Event::End(TagEnd::Image) => continue,
            other => other,
        };
        events.push(event);
    }
    let mut html = String::with_capacity(text.len() * 3 / 2);
    pulldown_cmark::html::push_html(&mut html, TextMergeStream::new(events.into_iter()));
    Ok(html)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> Vec<(&'static str, String)> {
        vec![("company_name", "Taxi <Roermond> & Co".to_string()), ("retention_days", "30".to_string())]
    }

    #[test]
    fn html_in_the_text_is_shown_never_passed_through() {
        let html = render(
            "Hello <script>alert(1)</script> <b>bold</b>\n\n<div onclick=\"x\">block</div>\n",
            false,
            &values(),
        )
        .unwrap();
        assert!(!html.contains("<script") && !html.contains("<b>") && !html.contains("<div"), "{html}");
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"), "{html}");
        assert!(html.contains("<p>&lt;div onclick=\"x\"&gt;block&lt;/div&gt;"), "{html}");
    }

    #[test]
    fn placeholders_are_filled_as_text_and_unknown_ones_named() {
        let html = render("# About {{company_name}}\n\nKept {{ retention_days }} days.\n", false, &values())
            .unwrap();
        assert!(html.contains("<h2>About Taxi &lt;Roermond&gt; &amp; Co</h2>"), "{html}");
        assert!(html.contains("Kept 30 days."), "{html}");
        assert_eq!(
            render("one\n\ntwo {{company}}\n", false, &values()),
            Err(MarkdownError::UnknownPlaceholder { name: "company".into(), line: 3 })
        );
    }

    #[test]
    fn google_blocks_appear_only_with_google() {
        let source = "Before.\n\n{{#google}}\nGoogle receives the text.\n{{/google}}\n\nAfter.\n";
        let with = render(source, true, &values()).unwrap();
        let without = render(source, false, &values()).unwrap();
        assert!(with.contains("Google receives") && !with.contains("{{"), "{with}");
        assert!(!without.contains("Google") && without.contains("After."), "{without}");
        assert_eq!(render("{{#google}}\nx\n", true, &[]), Err(MarkdownError::UnbalancedBlock { line: 1 }));
        assert_eq!(render("x\n{{/google}}\n", true, &[]), Err(MarkdownError::UnbalancedBlock { line: 2 }));
    }

    #[test]
    fn only_web_mail_phone_and_own_links_and_no_pictures() {
        let html = render(
            "[a](https://policies.google.com/privacy) [b](javascript:alert(1)) [c](/tarieven) \
             [d](mailto:x@y.z) [e](//evil.example) ![photo of us](https://x.example/p.png)\n",
            false,
            &[],
        )
        .unwrap();
        assert!(html.contains("<a href=\"https://policies.google.com/privacy\">a</a>"), "{html}");
        assert!(
            html.contains("<a href=\"/tarieven\">c</a>") && html.contains("href=\"mailto:x@y.z\""),
            "{html}"
        );
        assert!(!html.contains("javascript") && html.contains(" b "), "{html}");
        assert!(!html.contains("evil") && !html.contains("<img") && html.contains("photo of us"), "{html}");
    }
}
