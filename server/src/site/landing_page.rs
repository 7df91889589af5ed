//! The props and metadata of a fixed-price route's landing page.
use crate::site::pages::Pages;
use crate::{
    config::DestinationKind,
    places::gazetteer::Gazetteer,
    site::{
        contract::{Alternates, LandingRoute, PageName, PageProps},
        landing, route_story,
    },
    types::Lang,
};

impl Pages {
    /// Turns the props of a page into those of destination `index`'s landing page.
    pub(crate) fn make_landing(&self, props: &mut PageProps, index: usize) {
        let tariff = &self.settings.tariff;
        let destination = &tariff.destinations[index];
        let path = |lang: Lang| landing::path(tariff, index, lang);
        let route = Gazetteer::estimate_route(
            tariff.zone.centre(),
            crate::types::LatLon { lat: destination.lat, lon: destination.lon },
        );
        // Rounded to 5 km and 5 minutes: a typical figure, not a promise.
        let round5 = |value: f64| ((value / 5.0).round() * 5.0).max(5.0) as u32;
        props.page = PageName::Landing;
        props.alternates = Alternates { nl: path(Lang::Nl), de: path(Lang::De), en: path(Lang::En) };
        let name = destination.name.get(props.lang);
        let price = destination.price_cents.euro_text(props.lang);
        let (km, minutes) = (round5(route.distance_m / 1000.0), round5(route.duration_s / 60.0));
        let args = [
            ("zone", tariff.zone.name.as_str()),
            ("destination", name),
            ("price", &price),
            ("km", &km.to_string()),
            ("minutes", &minutes.to_string()),
        ];
        props.landing = Some(LandingRoute {
            story: route_story::story(&destination.id, props.lang, &args),
            destination: name.to_string(),
            airport: destination.kind == DestinationKind::Airport,
            price: price.clone(),
            taxibus_price: props.tariff.fixed_prices.get(index).and_then(|row| row.taxibus_price.clone()),
            distance_km: km,
            minutes,
            zone: tariff.zone.name.clone(),
            zone_radius_km: tariff.zone.radius_km,
        });
    }

    /// What titles and descriptions may name: the company and, on a landing page,
    /// the route and its price.
    pub(crate) fn meta_vars(&self, props: &PageProps) -> Vec<(&'static str, String)> {
        let mut vars = vec![("company", self.settings.company.name.clone())];
        if let Some(route) = &props.landing {
            vars.extend([
                ("destination", route.destination.clone()),
                ("price", route.price.clone()),
                ("zone", route.zone.clone()),
            ]);
        }
        vars
    }
}
