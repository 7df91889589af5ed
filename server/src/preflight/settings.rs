//! The settings a real site must have made its own: no demo values left, public
//! https domains and addresses, HSTS, an escalation address, the proxy trusted.
use crate::config::{MailboxSetting, Settings};
use crate::preflight::findings::{Finding, Group};

/// The sample production settings (`deploy/taxi.example.toml`): its values of
/// [`PLACEHOLDERS`] are nobody's, so a file copied from it and left so is no better
/// than the demo.
const EXAMPLE: &str = include_str!("../../../deploy/taxi.example.toml");

/// The settings whose value in the sample file is a placeholder (a company's
/// own data); its other values (opening hours, the answer window, …) may be kept.
const PLACEHOLDERS: [&str; 16] = [
    "company.name",
    "company.phone",
    "company.phone_display",
    "company.whatsapp_number",
    "company.email",
    "company.street",
    "company.postal_code",
    "company.kvk",
    "company.vat",
    "company.lat",
    "company.lon",
    "places.frequent",
    "places.districts",
    "mail.from",
    "mail.staff_recipients",
    "site.base_url",
];

/// Findings about the settings, given the settings file's own table (`None`
/// without `TAXI_CONFIG`): a key it does not set holds the embedded demo value,
/// and one it sets as the sample file does holds a placeholder.
pub fn check(settings: &Settings, file: Option<&toml::Table>) -> Vec<Finding> {
    let example: toml::Table = EXAMPLE.parse().expect("deploy/taxi.example.toml is valid TOML");
    let set = |key: &str| {
        let value = file.and_then(|table| lookup(table, key));
        value.is_some() && !(PLACEHOLDERS.contains(&key) && value == lookup(&example, key))
    };
    let mut found = vec![if settings.company.demo { Finding::DemoOn } else { Finding::DemoOff }];
    for group in Group::ALL {
        let kept: Vec<&'static str> = group.keys().iter().copied().filter(|key| !set(key)).collect();
        if !kept.is_empty() {
            found.push(Finding::DemoKept { group, keys: kept });
            continue;
        }
        if group != Group::BaseUrl {
            found.push(Finding::Own(group));
            continue;
        }
        let base = &settings.site.base_url;
        found.push(match host_of(base) {
            _ if !base.starts_with("https://") => Finding::NotHttps(base.clone()),
            Some(host) if is_public(&host) => Finding::BaseUrl(base.clone()),
            _ => Finding::NotPublic { key: "site.base_url", value: base.clone() },
        });
    }
    let alternates = &settings.site.alternate_domains;
    match alternates.iter().find(|d| !host_of(&d.origin).is_some_and(|h| is_public(&h))) {
        Some(domain) => {
            found.push(Finding::NotPublic { key: "site.alternate_domains", value: domain.origin.clone() })
        }
        None => found.push(Finding::AlternateDomains(alternates.len())),
    }
    // Addresses the file sets (the rest is reported as the demo's above).
    let mut addresses: Vec<(&'static str, &str)> = Vec::new();
    let mailbox = |m: &MailboxSetting| m.0.email.domain().to_string();
    if set("company.email") {
        let domain = settings.company.email.rsplit_once('@').map_or("", |(_, d)| d);
        addresses.push(("company.email", domain));
    }
    let from = mailbox(&settings.mail.from);
    let staff: Vec<String> = settings.mail.staff_recipients.iter().map(mailbox).collect();
    let escalation: Vec<String> = settings.reminders.escalation_recipients.iter().map(mailbox).collect();
    if set("mail.from") {
        addresses.push(("mail.from", &from));
    }
    if set("mail.staff_recipients") {
        addresses.extend(staff.iter().map(|d| ("mail.staff_recipients", d.as_str())));
    }
    addresses.extend(escalation.iter().map(|d| ("reminders.escalation_recipients", d.as_str())));
    for (key, domain) in addresses {
        if !is_public(domain) {
            found.push(Finding::NotPublic { key, value: format!("…@{domain}") });
        }
    }
    found.push(Finding::Hsts(settings.site.hsts));
    found.push(Finding::Escalation(settings.reminders.escalation_recipients.len()));
    // An address as written, a range with its prefix.
    let proxies =
        settings.limits.trusted_proxies.iter().map(|p| match p.0.prefix_len() == p.0.max_prefix_len() {
            true => p.0.addr().to_string(),
            false => p.0.to_string(),
        });
    let proxies = proxies.collect();
    found.push(Finding::TrustedProxies(proxies));
    found
}

/// `a.b.c` in a TOML table.
fn lookup<'t>(table: &'t toml::Table, key: &str) -> Option<&'t toml::Value> {
    let (head, rest) = key.split_once('.').unwrap_or((key, ""));
    let value = table.get(head)?;
    match rest {
        "" => Some(value),
        rest => lookup(value.as_table()?, rest),
    }
}

fn host_of(origin: &str) -> Option<String> {
    url::Url::parse(origin).ok()?.host_str().map(|h| h.trim_end_matches('.').to_ascii_lowercase())
}

/// Whether `host` is a name the public can reach: not an address, not a name
/// for examples, tests or a local network (RFC 2606, 6761, 6762, 8375).
pub fn is_public(host: &str) -> bool {
    const NOT_PUBLIC: [&str; 9] =
        ["example", "test", "invalid", "localhost", "local", "internal", "lan", "home.arpa", "localdomain"];
    const EXAMPLES: [&str; 3] = ["example.com", "example.net", "example.org"];
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    let under = |name: &str| host == name || host.ends_with(&format!(".{name}"));
    host.contains('.')
        && host.trim_matches(['[', ']']).parse::<std::net::IpAddr>().is_err()
        && !NOT_PUBLIC.iter().chain(EXAMPLES.iter()).any(|name| under(name))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_for_examples_tests_and_this_machine_are_not_public() {
        for public in ["www.taxiroermond.nl", "taxi-roermond.de", "mail.example.nl", "examples.com"] {
            assert!(is_public(public), "{public}");
        }
        for not in [
            "www.taxiroermond.example",
            "taxi.test",
            "localhost",
            "127.0.0.1",
            "[::1]",
            "nas.local",
            "example.com",
            "www.example.org",
            "intranet",
        ] {
            assert!(!is_public(not), "{not}");
        }
    }

    #[test]
    fn the_sample_file_left_as_it_is_is_no_better_than_the_demo() {
        let settings = Settings::load_from(&Default::default()).unwrap();
        let example: toml::Table = EXAMPLE.parse().unwrap();
        let found = check(&settings, Some(&example));
        let kept: Vec<Group> = found
            .iter()
            .filter_map(|f| match f {
                Finding::DemoKept { group, .. } => Some(*group),
                _ => None,
            })
            .collect();
        use Group::*;
        assert_eq!(kept, [CompanyData, Coordinates, Places, MailAddresses, BaseUrl]);
        for own in [OpeningHours, Images, QualityMark, AnswerWindow] {
            assert!(found.contains(&Finding::Own(own)), "{own:?} may be kept as the sample has it");
        }
    }

    #[test]
    fn a_key_the_file_does_not_set_holds_the_demo_value() {
        let settings = Settings::load_from(&Default::default()).unwrap();
        let file: toml::Table = "[company]\nlat = 51.2\nlon = 6.0\n".parse().unwrap();
        let found = check(&settings, Some(&file));
        assert!(found.contains(&Finding::Own(Group::Coordinates)), "{found:?}");
        assert!(found.contains(&Finding::DemoOn));
        let kept = found.iter().find_map(|f| match f {
            Finding::DemoKept { group: Group::OpeningHours, keys } => Some(keys.clone()),
            _ => None,
        });
        assert_eq!(kept, Some(vec!["company.opening_hours"]));
        assert!(found.contains(&Finding::NotPublic {
            key: "site.alternate_domains",
            value: "https://www.taxi-roermond.example".into()
        }));
    }
}
