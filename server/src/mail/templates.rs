//! The two askama templates every mail is drawn with: plain text and HTML.
//!
//! Plain text is what many staff phones show first and what the golden tests
//! compare, so it is laid out for reading: paragraphs wrapped at 72 columns,
//! labels aligned, links written out. The HTML part has the same content with
//! tap-friendly buttons; askama escapes every value in it.
use askama::Template;

use crate::mail::layout::MailView;

/// Column at which plain-text paragraphs wrap.
const WRAP: usize = 72;

#[derive(Template)]
#[template(path = "mail/mail.txt")]
pub struct TextMail<'a> {
    pub v: &'a MailView,
}

#[derive(Template)]
#[template(path = "mail/mail.html")]
pub struct HtmlMail<'a> {
    pub v: &'a MailView,
}

impl TextMail<'_> {
    /// A label and its colon, padded so that the values line up.
    fn label(&self, label: &str, rows: &[crate::mail::layout::Row]) -> String {
        let width = rows.iter().map(|r| r.label.chars().count()).max().unwrap_or(0) + 2;
        let text = format!("{label}:");
        let pad = width.saturating_sub(text.chars().count());
        format!("{text}{}", " ".repeat(pad))
    }

    fn wrap(&self, text: &str) -> String {
        wrap(text, WRAP)
    }

    /// A line of `mark` as long as the text, to underline a heading.
    fn rule(&self, text: &str, mark: &str) -> String {
        mark.repeat(text.chars().count())
    }
}

/// Greedy word wrap; words longer than the width (links) stay whole.
pub fn wrap(text: &str, width: usize) -> String {
    let mut out = String::with_capacity(text.len() + text.len() / width);
    for (i, line) in text.split('\n').enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let mut column = 0;
        for word in line.split(' ').filter(|w| !w.is_empty()) {
            let len = word.chars().count();
            if column > 0 && column + 1 + len > width {
                out.push('\n');
                column = 0;
            } else if column > 0 {
                out.push(' ');
                column += 1;
            }
            out.push_str(word);
            column += len;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn wraps_on_spaces() {
        assert_eq!(super::wrap("aaa bbb ccc", 7), "aaa bbb\nccc");
        assert_eq!(super::wrap("a https://very.long/link b", 5), "a\nhttps://very.long/link\nb");
        assert_eq!(super::wrap("één twee\ndrie", 80), "één twee\ndrie");
    }
}
