//! Links to other sites, built the same way wherever the site or a mail shows them.
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};

/// Everything but the unreserved characters of RFC 3986 is escaped, so the
/// value means the same in any query string, whoever decodes it.
const QUERY_VALUE: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');

/// `text` escaped as one query-string value (UTF-8, `%XX`).
pub fn query_value(text: &str) -> String {
    utf8_percent_encode(text, QUERY_VALUE).to_string()
}

/// A WhatsApp chat with `number` (international form, digits only), with a
/// prefilled message when `text` is given: `https://wa.me/<digits>?text=…`.
pub fn whatsapp_chat(number: &str, text: Option<&str>) -> String {
    match text {
        Some(text) => format!("https://wa.me/{number}?text={}", query_value(text)),
        None => format!("https://wa.me/{number}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_values_keep_only_unreserved_characters() {
        assert_eq!(query_value("a b\n&+#é€"), "a%20b%0A%26%2B%23%C3%A9%E2%82%AC");
        assert_eq!(query_value("A-z_0.~"), "A-z_0.~");
        assert_eq!(query_value("!*'()=?/"), "%21%2A%27%28%29%3D%3F%2F");
    }

    #[test]
    fn whatsapp_chats_with_and_without_a_message() {
        assert_eq!(whatsapp_chat("31475123456", None), "https://wa.me/31475123456");
        assert_eq!(
            whatsapp_chat("31475123456", Some("Hallo,\nMarkt 1 (Roermond)")),
            "https://wa.me/31475123456?text=Hallo%2C%0AMarkt%201%20%28Roermond%29"
        );
    }
}
