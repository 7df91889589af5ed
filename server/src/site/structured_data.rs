//! schema.org structured data (JSON-LD): the company as one `LocalBusiness`
//! node with the same `@id` and `url` (the home page that is also `x-default`) on
//! every page and language, so search engines see one business. Offers (the fixed
//! prices) are listed only on pages that show those prices; a route's page also
//! has its place in the site as a `BreadcrumbList`.
use serde_json::{json, Value};

use crate::{
    config::{Destination, Settings},
    site::{self, landing::path as landing_path, pages::Pages, Page},
    types::Lang,
};

/// Absolute URLs of the images search engines may show.
pub struct Images {
    pub logo: String,
    pub share: String,
}

/// A fixed-price route shown on the page, with the page that describes it.
pub struct OfferedRoute<'a> {
    pub destination: &'a Destination,
    pub url: String,
}

/// The page's JSON-LD documents: the business, and the breadcrumb trail when there
/// is one (each step's name and absolute URL, the page itself last).
pub fn page_data(
    settings: &Settings,
    lang: Lang,
    area_served: &str,
    images: &Images,
    offers: &[OfferedRoute<'_>],
    trail: &[(String, String)],
) -> Vec<String> {
    let mut business = local_business(settings, lang, area_served, images, offers);
    business["@context"] = json!("https://schema.org");
    let mut documents = vec![business.to_string()];
    if !trail.is_empty() {
        let crumbs: Vec<_> = trail
            .iter()
            .enumerate()
            .map(|(i, (name, url))| json!({ "@type": "ListItem", "position": i + 1, "name": name, "item": url }))
            .collect();
        let list =
            json!({ "@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": crumbs });
        documents.push(list.to_string());
    }
    documents
}

fn local_business(
    settings: &Settings,
    lang: Lang,
    area_served: &str,
    images: &Images,
    offers: &[OfferedRoute<'_>],
) -> Value {
    let c = &settings.company;
    let five_decimals = |degrees: f64| (degrees * 1e5).round() / 1e5;
    let mut node = json!({
        "@type": "LocalBusiness",
        "@id": format!("{}/#business", settings.site.base_url),
        "name": c.name,
        "url": format!("{}{}", site::origin(&settings.site, Lang::Nl), Page::Home.path(Lang::Nl)),
        "logo": images.logo,
        "image": images.share,
        "telephone": c.phone,
        "email": c.email,
        "address": {
            "@type": "PostalAddress",
            "streetAddress": c.street,
            "postalCode": c.postal_code,
            "addressLocality": c.city,
            "addressCountry": c.country,
        },
        "geo": { "@type": "GeoCoordinates", "latitude": five_decimals(c.lat), "longitude": five_decimals(c.lon) },
        "openingHoursSpecification": c.opening_hours.iter().map(|h| json!({
            "@type": "OpeningHoursSpecification",
            "dayOfWeek": h.days,
            "opens": h.opens.to_string(),
            "closes": h.closes.to_string(),
        })).collect::<Vec<_>>(),
        "priceRange": c.price_range,
        "areaServed": area_served,
    });
    if !c.same_as.is_empty() {
        node["sameAs"] = json!(c.same_as);
    }
    if !offers.is_empty() {
        node["makesOffer"] = Value::Array(offers.iter().map(|route| offer(settings, lang, route)).collect());
    }
    node
}

fn offer(settings: &Settings, lang: Lang, route: &OfferedRoute<'_>) -> Value {
    let name = format!("{} → {}", settings.tariff.zone.name, route.destination.name.get(lang));
    json!({
        "@type": "Offer",
        "name": name,
        "url": route.url,
        "price": route.destination.price_cents.amount_text(Lang::En).replace(',', ""),
        "priceCurrency": "EUR",
        "itemOffered": { "@type": "TaxiService", "name": name, "provider": { "@id": format!("{}/#business", settings.site.base_url) } },
    })
}

impl Pages {
    /// The business, with as offers the fixed prices the page shows (`shown`, by index);
    /// on a route's page (`route`) also the trail home › prices › route.
    pub(crate) fn json_ld(
        &self,
        lang: Lang,
        shown: Option<impl std::ops::RangeBounds<usize>>,
        route: Option<usize>,
    ) -> Vec<String> {
        let images =
            Images { logo: self.absolute(lang, "logo.png"), share: self.absolute(lang, "share.png") };
        let origin = crate::site::origin(&self.settings.site, lang);
        let tariff = &self.settings.tariff;
        let offers: Vec<_> = match shown {
            Some(range) => (0..tariff.destinations.len())
                .filter(|i| range.contains(i))
                .map(|i| OfferedRoute {
                    destination: &tariff.destinations[i],
                    url: format!("{origin}{}", landing_path(tariff, i, lang)),
                })
                .collect(),
            None => Vec::new(),
        };
        let step = |key: &str, page: Page| {
            (self.locales.text(lang, key).to_string(), format!("{origin}{}", page.path(lang)))
        };
        let trail: Vec<_> = route
            .map(|i| {
                let here = (
                    tariff.destinations[i].name.get(lang).to_string(),
                    format!("{origin}{}", landing_path(tariff, i, lang)),
                );
                vec![step("nav.home", Page::Home), step("nav.prices", Page::Prices), here]
            })
            .unwrap_or_default();
        let area = self.locales.text(lang, "meta.areaServed");
        crate::site::structured_data::page_data(&self.settings, lang, area, &images, &offers, &trail)
    }
}
