//! The ride as every booking mail lists it, row by row: reference, pick-up,
//! both ends, flight, passengers and what travels with them, price and
//! route, the ride back, and the payment (on account: the company invoiced).
use crate::{
    booking_mail::views::{flight_value, place_long, place_short},
    bookings::model::{landing_is_pickup, Address, Booking, PaymentMethod, RideNeeds},
    i18n::{
        format::{date_time_long, decimal1},
        Locales,
    },
    mail::layout::{Row, Views, SHORT_MAX},
    mail::text::{one_line, FIELD_MAX},
    pricing::{indication::stop_words, PriceSummary, Rule},
    types::Lang,
};

impl Views<'_> {
    /// [`Self::trip_rows`] with the two ends named `ends`.
    pub(crate) fn trip_rows_naming(&self, b: &Booking, lang: Lang, [from, to]: [String; 2]) -> Vec<Row> {
        let extra = |key: &str, value: String| Row {
            label: self.t(lang, &format!("funnel.mail.{key}")),
            value,
            href: None,
        };
        let mut rows = vec![
            self.row(lang, "reference", b.reference.to_string()),
            self.row(lang, "pickup", date_time_long(self.locales, lang, b.pickup_at)),
            self.row(lang, "from", from),
        ];
        rows.extend(b.extras.pickup_street.as_deref().map(|s| extra("pickupStreet", one_line(s, FIELD_MAX))));
        rows.extend(b.extras.via.as_ref().map(|stop| extra("via", place_long(stop))));
        rows.push(self.row(lang, "to", to));
        if let Some(flight) = &b.extras.flight_number {
            let arriving = landing_is_pickup(b.departure.place_id.as_ref());
            rows.push(extra(
                "flight",
                flight_value(self.locales, lang, &one_line(flight, SHORT_MAX), arriving),
            ));
        }
        rows.push(self.row(lang, "passengers", b.passengers.to_string()));
        rows.extend(needs_rows(self.locales, &b.extras.needs, lang));
        rows.push(self.row(lang, "price", self.price_long(b.price.as_ref(), &b.destination, lang)));
        if let Some(p) = b.price.as_ref().filter(|p| p.distance_km > 0.0) {
            let route = self.locales.plural(
                lang,
                "mail.value.route",
                p.duration_min.max(0.0).round() as u64,
                &[("km", &decimal1(p.distance_km, lang))],
            );
            rows.push(self.row(lang, "route", route));
        }
        if let Some(back) = &b.extras.return_trip {
            let route = self.f(
                lang,
                "funnel.mail.returnRoute",
                &[("from", &place_short(&b.destination)), ("to", &place_short(&b.departure))],
            );
            rows.push(extra(
                "returnRide",
                format!("{}, {route}", date_time_long(self.locales, lang, back.pickup_at)),
            ));
            rows.push(extra("returnPrice", self.price_long(back.price.as_ref(), &b.departure, lang)));
        }
        rows.push(self.row(lang, "payment", self.payment(b.payment_method, lang)));
        if let Some(invoice) = &b.extras.invoice {
            rows.push(extra("companyName", one_line(&invoice.company_name, FIELD_MAX)));
            let reference = invoice.reference.as_deref().map(|r| one_line(r, SHORT_MAX));
            rows.extend(reference.map(|r| extra("invoiceReference", r)));
        }
        rows
    }

    pub(crate) fn price_short(&self, b: &Booking, lang: Lang) -> String {
        match &b.price {
            Some(p) => p.amount_cents.euro_text(lang),
            None => self.t(lang, "mail.value.noPrice"),
        }
    }

    /// A price with the rule that made it; `to` names a fixed-price destination the rule did not name.
    fn price_long(&self, price: Option<&PriceSummary>, to: &Address, lang: Lang) -> String {
        let Some(p) = price else { return self.t(lang, "mail.value.noPrice") };
        let destination =
            p.fixed_destination_in(lang).map(|d| one_line(d, SHORT_MAX)).unwrap_or_else(|| place_short(to));
        let surcharge = p.surcharge_cents.euro_text(lang);
        let args = [("destination", destination.as_str()), ("surcharge", surcharge.as_str())];
        let rule = match p.rule {
            Rule::Metered => self.t(lang, "mail.price.metered"),
            Rule::Fixed => self.f(lang, "mail.price.fixed", &args),
            Rule::FixedPickup => self.f(lang, "mail.price.fixedPickup", &args),
            Rule::FixedSurcharge => self.f(lang, "mail.price.fixedSurcharge", &args),
            Rule::FixedPickupSurcharge => self.f(lang, "mail.price.fixedPickupSurcharge", &args),
            Rule::MeteredUnderFixed => {
                let fixed = p.fixed_cents.unwrap_or_default().euro_text(lang);
                self.f(lang, "mail.price.meteredUnderFixed", &[("fixed", &fixed), args[0]])
            }
        };
        let rule = match p.stop {
            None => rule,
            Some(stop) => format!("{rule}; {}", stop_words(&stop, self.locales, lang, "mail.price")),
        };
        let rule = match p.taxibus {
            None => rule,
            Some(bus) => {
                let args = [("rule", rule.as_str()), ("surcharge", &bus.surcharge_cents.euro_text(lang))];
                self.locales.plural(lang, "mail.price.withTaxibus", bus.passengers.into(), &args)
            }
        };
        self.f(
            lang,
            "mail.value.priceWithRule",
            &[("price", &p.amount_cents.euro_text(lang)), ("rule", &rule)],
        )
    }

    fn payment(&self, method: Option<PaymentMethod>, lang: Lang) -> String {
        match method {
            Some(m) => self.t(lang, &format!("mail.payment.{}", m.code())),
            None => self.t(lang, "mail.value.notGiven"),
        }
    }
}

/// Luggage, child seats and a wheelchair, each only when given: in mails,
/// the WhatsApp text's words and the thank-you box.
pub fn needs_rows(locales: &Locales, needs: &RideNeeds, lang: Lang) -> Vec<Row> {
    let row = |key: &str, value: String| Row {
        label: locales.text(lang, &format!("funnel.mail.{key}")).to_string(),
        value,
        href: None,
    };
    let mut rows = Vec::new();
    if needs.luggage > 0 {
        rows.push(row(
            "luggage",
            locales.plural(lang, "funnel.mail.luggageValue", needs.luggage.into(), &[]),
        ));
    }
    if needs.child_seats > 0 {
        rows.push(row("childSeats", needs.child_seats.to_string()));
    }
    if needs.wheelchair {
        rows.push(row("wheelchair", locales.text(lang, "funnel.mail.wheelchairValue").to_string()));
    }
    rows
}
