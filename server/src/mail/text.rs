//! Visitor text made safe for mail headers and bodies, and bounded in size.
//!
//! Everything here comes from a web form, so it may hold line breaks, control
//! characters, bidi overrides or strings that look like RFC 2047 encoded words
//! (`=?utf-8?b?…?=`), which a mail client would decode into something else.
//! lettre already encodes CR and LF inside header values; these functions make
//! sure such text never reaches a header in the first place, and keep every
//! field and the whole mail to a bounded size.

/// Longest subject, in characters.
pub const SUBJECT_MAX: usize = 160;
/// Longest one-line field (names, addresses, e-mail) in a mail body.
pub const FIELD_MAX: usize = 300;
/// Longest free text (a contact message).
pub const MESSAGE_MAX: usize = 10_000;

/// One line for a header: control characters and line breaks become spaces,
/// runs of white space collapse, `=?` cannot open an encoded word, and the
/// result has at most `max` characters (cut with `…`).
pub fn header_line(text: &str, max: usize) -> String {
    let line = one_line(text, usize::MAX);
    // A word joiner between `=` and `?` makes the word non-ASCII, so lettre
    // encodes it itself and a client shows the characters instead of decoding them.
    truncate(&line.replace("=?", "=\u{2060}?"), max)
}

/// One line for a body field: like [`header_line`] without the encoded-word rule.
pub fn one_line(text: &str, max: usize) -> String {
    let mut out = String::with_capacity(text.len().min(max.saturating_mul(4)));
    let mut pending_space = false;
    for ch in text.chars() {
        if ch.is_whitespace() || is_unsafe(ch) {
            pending_space = !out.is_empty();
            continue;
        }
        if pending_space {
            out.push(' ');
            pending_space = false;
        }
        out.push(ch);
    }
    truncate(&out, max)
}

/// Multi-line free text: line breaks normalised to `\n`, other control and
/// bidi-override characters removed, trailing white space trimmed, more than
/// two empty lines in a row collapsed, at most `max` characters.
pub fn paragraph(text: &str, max: usize) -> String {
    let normalised = text.replace("\r\n", "\n").replace('\r', "\n");
    let mut lines = Vec::new();
    let mut empty_run = 0;
    for line in normalised.split('\n') {
        let clean: String =
            line.chars().map(|c| if c == '\t' { ' ' } else { c }).filter(|&c| !is_unsafe(c)).collect();
        let clean = clean.trim_end().to_string();
        if clean.is_empty() {
            empty_run += 1;
            if empty_run > 1 {
                continue;
            }
        } else {
            empty_run = 0;
        }
        lines.push(clean);
    }
    let joined = lines.join("\n");
    truncate(joined.trim_matches('\n'), max)
}

/// At most `max` characters; a cut text ends with `…`.
pub fn truncate(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect();
    out.truncate(out.trim_end().len());
    out.push('…');
    out
}

/// Control characters (C0, DEL, C1), line and paragraph separators, and the
/// bidi controls that can make text read differently from what it is.
fn is_unsafe(ch: char) -> bool {
    ch.is_control()
        || matches!(ch, '\u{2028}' | '\u{2029}' | '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}' | '\u{feff}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_get_one_clean_line() {
        assert_eq!(header_line("Jan\r\nBcc: evil@example.com", 100), "Jan Bcc: evil@example.com");
        assert_eq!(header_line("  a\t\tb \u{0}c\u{202e}d\u{2028}e ", 100), "a b c d e");
        let word = header_line("=?utf-8?b?SGFjaw==?=", 100);
        assert!(!word.contains("=?"), "{word}");
        assert_eq!(word.replace('\u{2060}', ""), "=?utf-8?b?SGFjaw==?=");
        assert_eq!(header_line("Zoë Łukasiewicz 王小明", 100), "Zoë Łukasiewicz 王小明");
    }

    #[test]
    fn lengths_are_bounded_on_character_boundaries() {
        assert_eq!(truncate("abcdef", 4), "abc…");
        assert_eq!(truncate("ab def", 4), "ab…");
        assert_eq!(truncate("ëëëëë", 3), "ëë…");
        assert_eq!(truncate("abc", 3), "abc");
        assert_eq!(header_line(&"x".repeat(1000), SUBJECT_MAX).chars().count(), SUBJECT_MAX);
    }

    #[test]
    fn paragraphs_keep_their_lines() {
        assert_eq!(
            paragraph("Hallo,\r\n\r\n\r\n\r\nik  wil\tgraag\u{7}\rmee.  \n", 100),
            "Hallo,\n\nik  wil graag\nmee."
        );
        assert_eq!(paragraph(&"a".repeat(50), 10).chars().count(), 10);
    }
}
