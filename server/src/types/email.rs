//! An e-mail address a mail can reach on the internet, parsed once where it
//! enters (the forms) and carried as this type from then on.
use std::{fmt, ops::Deref};

use serde::{Deserialize, Serialize};
use validator::ValidateEmail;

/// Valid syntax, and a domain with a dot that is neither an IP literal nor
/// `localhost`: the forms must not make this host mail itself or an internal
/// network. Records this server wrote are read back as they are.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    pub fn parse(text: &str) -> Option<Self> {
        let text = text.trim();
        let (_, domain) = text.rsplit_once('@')?;
        let domain = domain.trim_end_matches('.').to_ascii_lowercase();
        let deliverable = text.validate_email()
            && domain.contains('.')
            && !domain.starts_with('[')
            && domain.parse::<std::net::IpAddr>().is_err()
            && domain != "localhost"
            && !domain.ends_with(".localhost");
        deliverable.then(|| Self(text.to_string()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Deref for Email {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

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
            "",
        ] {
            assert!(Email::parse(bad).is_none(), "{bad}");
        }
    }

    #[test]
    fn the_address_is_kept_trimmed_and_as_typed() {
        assert_eq!(Email::parse("  Jan@Example.nl ").unwrap().as_str(), "Jan@Example.nl");
    }
}
