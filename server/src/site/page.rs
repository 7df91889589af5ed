use crate::types::Lang;
use serde::Serialize;

/// The pages of the site; each has one path per language, listed in [`Page::path`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Page {
    Home,
    Reservation,
    Contact,
    Prices,
    /// The legal pages (`site::legal`): privacy statement, terms, complaints.
    Privacy,
    Terms,
    Complaints,
}

impl Page {
    pub const ALL: [Page; 7] = [
        Page::Home,
        Page::Reservation,
        Page::Prices,
        Page::Contact,
        Page::Privacy,
        Page::Terms,
        Page::Complaints,
    ];

    pub fn path(self, lang: Lang) -> &'static str {
        match (self, lang) {
            (Page::Home, Lang::En) => "/en",
            (Page::Home, Lang::De) => "/de",
            (Page::Home, Lang::Nl) => "/",
            (Page::Reservation, Lang::En) => "/reservation",
            (Page::Reservation, Lang::De) => "/reservieren",
            (Page::Reservation, Lang::Nl) => "/reserveren",
            (Page::Contact, Lang::En) => "/contact-us",
            (Page::Contact, Lang::De) => "/kontakt",
            (Page::Contact, Lang::Nl) => "/contact",
            (Page::Prices, Lang::En) => "/prices",
            (Page::Prices, Lang::De) => "/tarife",
            (Page::Prices, Lang::Nl) => "/tarieven",
            (Page::Privacy, Lang::En) => "/privacy-policy",
            (Page::Privacy, Lang::De) => "/datenschutz",
            (Page::Privacy, Lang::Nl) => "/privacy",
            (Page::Terms, Lang::En) => "/terms",
            (Page::Terms, Lang::De) => "/agb",
            (Page::Terms, Lang::Nl) => "/voorwaarden",
            (Page::Complaints, Lang::En) => "/complaints",
            (Page::Complaints, Lang::De) => "/beschwerden",
            (Page::Complaints, Lang::Nl) => "/klachten",
        }
    }

    /// The page and language a path belongs to.
    pub fn from_path(path: &str) -> Option<(Page, Lang)> {
        Page::ALL
            .iter()
            .flat_map(|&page| Lang::ALL.iter().map(move |&lang| (page, lang)))
            .find(|&(page, lang)| page.path(lang) == path)
    }

    /// Name used by the UI bundle and the locale keys (`meta.<key>.title`).
    pub fn key(self) -> &'static str {
        match self {
            Page::Home => "home",
            Page::Reservation => "reservation",
            Page::Contact => "contact",
            Page::Prices => "prices",
            Page::Privacy => "privacy",
            Page::Terms => "terms",
            Page::Complaints => "complaints",
        }
    }

    /// Pages with forms are hydrated by React in the browser; the others ship
    /// HTML, CSS and a few hundred bytes of script only.
    pub fn is_interactive(self) -> bool {
        matches!(self, Page::Reservation | Page::Contact)
    }

    /// The scripts a form page runs before its own (`client-<page>-<lang>.js`), in order: the
    /// reservation page's address suggestions before hydration, and React (`ui/build.mjs`).
    pub fn first_scripts(self) -> &'static [&'static str] {
        match self {
            Page::Reservation => &["early-reservation.js", "client-vendor.js"],
            Page::Contact => &["client-vendor.js"],
            Page::Home | Page::Prices | Page::Privacy | Page::Terms | Page::Complaints => &[],
        }
    }
}

/// Which booking form the reservation page shows first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Default, ts_rs::TS)]
#[serde(rename_all = "lowercase")]
pub enum ReservationMode {
    #[default]
    Mail,
    Whatsapp,
}

impl ReservationMode {
    pub fn parse(value: &str) -> Option<Self> {
        match value {
            "mail" => Some(Self::Mail),
            "whatsapp" => Some(Self::Whatsapp),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_path_maps_back_to_its_page() {
        let mut seen = std::collections::HashSet::new();
        for page in Page::ALL {
            for lang in Lang::ALL {
                let path = page.path(lang);
                assert!(seen.insert(path), "{path} used twice");
                assert_eq!(Page::from_path(path), Some((page, lang)));
            }
        }
        assert_eq!(Page::from_path("/nope"), None);
        assert_eq!(Page::from_path("/reserveren/"), None);
    }
}
