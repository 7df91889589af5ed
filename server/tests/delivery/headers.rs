//! Visitor text cannot add headers, fake encoded words, or grow a mail without
//! bound; names in any script arrive intact.
use mail_parser::MessageParser;
use taxi_server::types::Lang;

use crate::helpers::{booking, composer, contact, contact_mails};

/// The header block of a raw message, unfolded, one header per line.
fn header_lines(raw: &[u8]) -> Vec<String> {
    let text = String::from_utf8(raw.to_vec()).unwrap();
    let head = text.split("\r\n\r\n").next().unwrap().replace("\r\n ", " ").replace("\r\n\t", " ");
    head.split("\r\n").map(str::to_string).collect()
}

#[test]
fn line_breaks_in_fields_cannot_add_headers() {
    let mut b = booking(Lang::Nl);
    b.name = "Evil\r\nBcc: victim@example.com\r\nX-Injected: yes".into();
    b.departure.name = "Roermond\nSubject: spam".into();
    let mut c = contact(Lang::En);
    c.name = "Mallory\rBcc: victim@example.com".into();
    c.subject = "Hi\r\n\r\n<html>body injection".into();
    let mails = composer(Lang::Nl)
        .booking(&b, "x")
        .unwrap()
        .into_iter()
        .chain(contact_mails(Lang::En).contact(&c, "x").unwrap());
    for mail in mails {
        let lines = header_lines(&mail.raw);
        for line in &lines {
            let name = line.split(':').next().unwrap().to_ascii_lowercase();
            assert!(!["bcc", "x-injected"].contains(&name.as_str()), "injected header {line:?}");
            assert!(line.is_ascii(), "headers are 7-bit: {line:?}");
        }
        assert_eq!(lines.iter().filter(|l| l.to_ascii_lowercase().starts_with("subject:")).count(), 1);
        assert!(mail.recipients.iter().all(|r| !r.contains("victim")));
        let msg = MessageParser::default().parse(&mail.raw).unwrap();
        let subject = msg.subject().unwrap();
        assert!(!subject.contains('\n') && !subject.contains('\r'), "{subject:?}");
    }
}

#[test]
fn a_bad_customer_address_gives_no_reply_to_and_no_customer_mail() {
    let mut b = booking(Lang::Nl);
    // Only a damaged record can hold such a value: the forms parse addresses.
    b.email = serde_json::from_value(serde_json::json!("zoe@example.nl\r\nBcc: victim@example.com")).unwrap();
    let mails = composer(Lang::Nl).booking(&b, "x").unwrap();
    assert_eq!(mails.len(), 1, "only the staff mail");
    let lines = header_lines(&mails[0].raw);
    assert!(!lines.iter().any(|l| l.starts_with("Reply-To") || l.starts_with("Bcc")), "{lines:?}");
}

#[test]
fn encoded_words_typed_by_a_visitor_are_not_decoded() {
    let mut c = contact(Lang::En);
    // '=?utf-8?b?...?=' would read 'From: boss@company' once decoded.
    c.subject = "=?utf-8?b?RnJvbTogYm9zc0Bjb21wYW55?=".into();
    c.name = "=?utf-8?q?Boss?=".into();
    let mails = contact_mails(Lang::En).contact(&c, "x").unwrap();
    let msg = MessageParser::default().parse(&mails[0].raw).unwrap();
    let subject = msg.subject().unwrap().replace('\u{2060}', "");
    assert!(subject.contains("=?utf-8?b?RnJvbTogYm9zc0Bjb21wYW55?="), "shown as typed: {subject}");
    assert!(!subject.contains("boss@company"));
    assert!(subject.contains("=?utf-8?q?Boss?="), "the name as typed: {subject}");
    assert_eq!(msg.reply_to().unwrap().first().unwrap().name(), None, "the address only");
}

#[test]
fn names_in_any_script_survive_encoding() {
    for name in [
        "Zoë Ünal-Łukasiewicz",
        "Дмитрий Иванов",
        "王小明",
        "محمد العلي",
        "Ólafur Þórsson",
        "O'Brien, \"Jack\"",
    ] {
        let mut c = contact(Lang::De);
        c.name = name.into();
        c.subject = format!("Frage von {name}");
        let mails = contact_mails(Lang::De).contact(&c, "x").unwrap();
        for line in header_lines(&mails[0].raw) {
            assert!(line.is_ascii(), "{line}");
        }
        let msg = MessageParser::default().parse(&mails[0].raw).unwrap();
        assert_eq!(msg.reply_to().unwrap().first().unwrap().name(), None, "the address only");
        assert_eq!(msg.subject().unwrap(), format!("Nachricht von {name}: Frage von {name}"));
        assert!(msg.body_text(0).unwrap().contains(name));
        let ack = MessageParser::default().parse(&mails[1].raw).unwrap();
        assert_eq!(ack.to().unwrap().first().unwrap().name(), None, "the address only");
        assert!(ack.body_text(0).unwrap().contains(&format!("Guten Tag {name},")));
    }
}

#[test]
fn subjects_fields_and_messages_are_bounded() {
    let mut c = contact(Lang::Nl);
    c.name = "N".repeat(5_000);
    c.subject = "S".repeat(5_000);
    c.message = "regel met tekst\n".repeat(100_000);
    let mails = contact_mails(Lang::Nl).contact(&c, "x").unwrap();
    for mail in &mails {
        assert!(mail.subject.chars().count() <= 160, "{}", mail.subject.chars().count());
        assert!(mail.raw.len() < 100_000, "{} bytes", mail.raw.len());
    }
    let msg = MessageParser::default().parse(&mails[0].raw).unwrap();
    assert!(msg.subject().unwrap().ends_with('…'));
}
