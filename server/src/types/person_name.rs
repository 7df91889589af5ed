//! What a visitor types as their name reaches mails the company sends (the
//! greeting, staff's view). A mail program turns a web address, an e-mail
//! address or a phone number into something to tap, so a name carrying one
//! would let anyone send the company's mail with their link in it: such names
//! are refused at the form (`docs/edge.md`, "Mail to typed addresses").

/// Top-level domains mail programs link on sight, the ones seen in spam first.
/// A name like "St.John" is not a link; "shop.com" is.
const LINKED_TLDS: &[&str] = &[
    "com", "net", "org", "info", "biz", "io", "co", "nl", "de", "be", "eu", "uk", "fr", "es", "it", "ru",
    "cn", "xyz", "top", "site", "online", "shop", "store", "app", "link", "live", "club", "me", "tv", "ly",
    "gl", "to", "cc", "ws", "us", "ch", "at", "pl", "se", "dk", "no", "fi", "pt", "cz", "ua", "in", "su",
    "icu", "win", "vip", "pro", "tk", "ml", "ga", "cf", "gq", "click", "work", "today", "space", "website",
];

/// Whether `name` carries a web address, an e-mail address or a phone number.
pub fn carries_contact(name: &str) -> bool {
    let lower = name.to_lowercase();
    if lower.contains("://") || lower.contains("www.") || lower.contains('@') {
        return true;
    }
    // A number to call: names have no run of digits like this.
    if name.chars().filter(char::is_ascii_digit).count() >= 4 {
        return true;
    }
    lower.split(|c: char| c.is_whitespace() || ",;()<>\"'[]".contains(c)).any(names_a_domain)
}

/// `shop.com`, `evil.example.nl/path`: something dot a linked domain.
fn names_a_domain(token: &str) -> bool {
    let host = token.split(['/', '?', '#', ':']).next().unwrap_or("").trim_end_matches('.');
    let Some((before, tld)) = host.rsplit_once('.') else { return false };
    // "J.de Vries", "J.P.de Graaf": initials against the Dutch "de" are a name.
    let initials = before.split('.').all(|part| part.chars().count() == 1);
    if tld == "de" && initials {
        return false;
    }
    !before.is_empty() && before.chars().any(char::is_alphanumeric) && LINKED_TLDS.contains(&tld)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_pass_and_links_addresses_and_numbers_do_not() {
        for name in [
            "Jan de Vries",
            "Anne-Marie O'Neill",
            "J.R. Smith",
            "St.John Müller",
            "Dr. Ş. Yılmaz",
            "Zoë",
            "Jan 2",
            "J.de Vries",
            "J.P.de Graaf",
        ] {
            assert!(!carries_contact(name), "{name}");
        }
        for name in [
            "http://evil.example",
            "Win at WWW.PRIZE.TOP",
            "mail me: a@b.c",
            "Call 0612345678",
            "+31 6 1234",
            "cheap-pills.com",
            "Jan (see shop.NL/offer)",
            "visit evil.example.xyz.",
            "see jan.de",
            "J.de.com",
        ] {
            assert!(carries_contact(name), "{name}");
        }
    }
}
