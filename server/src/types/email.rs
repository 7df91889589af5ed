//! An e-mail address a mail can reach on the internet, parsed once where it
//! enters (the forms) and carried as this type from then on.
use serde::{Deserialize, Serialize};
use validator::ValidateEmail;

/// Valid syntax, and a domain with a dot that is neither an IP literal nor
/// `localhost`: the forms must not make this host mail itself or an internal
/// network. Records this server wrote are read back as they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Email(String);

/// Domains that name this machine or a private address by convention: a
/// mail there would go to the server itself or an internal network.
const LOOPBACK_DOMAINS: [&str; 7] =
    ["localhost", "localdomain", "nip.io", "sslip.io", "xip.io", "localtest.me", "lvh.me"];

/// Domains whose mailboxes answer to other spellings: dots in the local part do
/// not count, and the second name is the first.
const GMAIL: [&str; 2] = ["gmail.com", "googlemail.com"];

impl Email {
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        let (local, domain) = text.rsplit_once('@')?;
        let domain = domain.trim_end_matches('.').to_ascii_lowercase();
        let deliverable = text.validate_email()
            && domain.contains('.')
            && !domain.starts_with('[')
            && domain.parse::<std::net::IpAddr>().is_err()
            && !LOOPBACK_DOMAINS.iter().any(|d| domain == *d || domain.ends_with(&format!(".{d}")))
            && !text.chars().any(invisible)
            // A `mailto:` link to such an address could carry its own Cc or body.
            && !local.contains(['?', '&', '=', '%']);
        deliverable.then(|| Self(text.to_string()))
    }

    /// The mailbox behind the address however it is spelt: case folded, the
    /// `+tag` dropped, Gmail's dots and second domain undone. Caps per
    /// recipient count this, so `victim+1@` is `victim@`.
    pub fn mailbox(&self) -> String {
        let lower = self.0.to_lowercase();
        let (local, domain) = lower.rsplit_once('@').unwrap_or(("", &lower));
        let domain = ascii_domain(domain);
        let domain = domain.as_str();
        let local = local.split('+').next().unwrap_or(local);
        if GMAIL.contains(&domain) {
            format!("{}@{}", local.replace('.', ""), GMAIL[0])
        } else {
            format!("{local}@{domain}")
        }
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The address as SMTP carries it: the domain in its ASCII form
    /// (`bücher.example` is `xn--bcher-kva.example`), so a server without
    /// SMTPUTF8 takes it and both spellings are one mailbox.
    pub fn for_envelope(&self) -> String {
        let (local, domain) = self.0.rsplit_once('@').unwrap_or(("", &self.0));
        format!("{local}@{}", ascii_domain(domain))
    }

    /// The address of a record whose personal data was deleted (a junk
    /// booking): empty, so no mail can be addressed to it.
    pub fn erased() -> Self {
        Self(String::new())
    }
}

/// A domain in lower-case ASCII: IDNA (UTS #46) for an international one,
/// as typed when that fails (it then matches no other spelling either).
fn ascii_domain(domain: &str) -> String {
    let domain = domain.trim_end_matches('.');
    idna::domain_to_ascii(domain).unwrap_or_else(|_| domain.to_lowercase())
}

/// Characters that show as nothing: in an address they make one mailbox look
/// like another, or hide where a mail goes.
fn invisible(c: char) -> bool {
    c.is_control()
        || matches!(c as u32,
            0xAD | 0x34F | 0x61C | 0x115F..=0x1160 | 0x17B4..=0x17B5 | 0x180B..=0x180F
            | 0x200B..=0x200F | 0x202A..=0x202E | 0x2060..=0x206F | 0x3164 | 0xFE00..=0xFE0F
            | 0xFEFF | 0xFFA0 | 0xE0000..=0xE0FFF)
}

text_newtype!(Email);

#[cfg(test)]
mod tests {
    use super::Email;

    #[test]
    fn only_internet_domains_are_accepted() {
        for ok in
            ["jan@example.nl", "a.b+c@mail.example.co.uk", "x@xn--bcher-kva.example", " jan@example.nl "]
        {
            assert!(Email::parse(ok).is_some(), "{ok}");
        }
        for bad in [
            "root@localhost",
            "a@b",
            "a@10.0.0.5",
            "a@[10.0.0.5]",
            "a@[IPv6:::1]",
            "a@foo.localhost",
            "jan@",
            "@example.nl",
            "a@localhost.",
            "a@localhost.localdomain",
            "a@127.0.0.1.nip.io",
            "a@10.0.0.5.sslip.io",
            "a@exam\u{200B}ple.com",
            "a\u{2060}b@example.com",
            "x?cc=y@example.com",
            "x&body=y@example.com",
            "x%41@example.com",
            "",
        ] {
            assert!(Email::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn the_mailbox_is_the_same_however_the_address_is_spelt() {
        let mailbox = |text: &str| Email::parse(text).unwrap().mailbox();
        assert_eq!(mailbox("Victim+1@Example.NL"), "victim@example.nl");
        assert_eq!(mailbox("victim+a+b@example.nl"), "victim@example.nl");
        assert_eq!(mailbox("V.ic.tim+x@googlemail.com"), "victim@gmail.com");
        assert_eq!(mailbox("victim@gmail.com"), "victim@gmail.com");
        assert_eq!(mailbox("v.ictim@example.nl"), "v.ictim@example.nl", "dots count elsewhere");
        assert_eq!(mailbox("idn@bücher.example"), "idn@xn--bcher-kva.example");
        assert_eq!(mailbox("IDN+2@BÜCHER.example"), mailbox("idn@xn--bcher-kva.example"));
    }

    #[test]
    fn the_envelope_carries_an_international_domain_in_ascii() {
        assert_eq!(Email::parse("Jan@Bücher.example").unwrap().for_envelope(), "Jan@xn--bcher-kva.example");
        assert_eq!(Email::parse("jan@example.nl").unwrap().for_envelope(), "jan@example.nl");
    }

    #[test]
    fn the_address_is_kept_trimmed_and_as_typed() {
        assert_eq!(Email::parse("  Jan@Example.nl ").unwrap().as_str(), "Jan@Example.nl");
    }
}
