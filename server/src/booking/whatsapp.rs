//! The prefilled WhatsApp message of a booking sent by chat: every field the
//! visitor filled in, one per line, in the page's language, labelled as the
//! mails label them (no form hints such as "(optional)").
use crate::{
    booking::{form::WhatsappInput, service::WhatsappRide},
    booking_mail::views::flight_value,
    bookings::model::landing_is_pickup,
    config::Settings,
    i18n::{format, Locales},
    pricing::{
        indication::{Indication, Priced},
        Rule,
    },
    types::{links::whatsapp_chat, Lang, Pickup},
};

/// The chat link with `ride`'s message in `lang`, its prices worded as the
/// page words them.
pub fn chat_link(ride: &WhatsappRide, lang: Lang, locales: &Locales, settings: &Settings) -> String {
    let word = |p: &Priced| p.worded(&settings.tariff, locales, lang);
    let (price, back) = (ride.price.as_ref().map(word), ride.return_price.as_ref().map(word));
    let text = message(locales, lang, &ride.form, price.as_ref(), back.as_ref(), ride.large_vehicle);
    whatsapp_chat(&settings.company.whatsapp_number, Some(&text))
}

/// The message text; `price` and `return_price` are the server's own.
pub fn message(
    l: &Locales,
    lang: Lang,
    form: &WhatsappInput,
    price: Option<&Indication>,
    return_price: Option<&Indication>,
    large_vehicle: bool,
) -> String {
    let when =
        |at: Pickup| format!("{} {}", format::date_numeric(l, lang, at.civil().date()), format::time(at));
    // The meter under a fixed price says so, as the page does: the customer may have read the prices
    // page; and a taxibus's surcharge is named, so the amount can be checked against it.
    let amount = |p: Option<&Indication>| match p {
        Some(p) if p.summary.rule == Rule::MeteredUnderFixed || p.summary.taxibus.is_some() => {
            format!("{} ({})", p.summary.amount_cents.euro_text(lang), p.explanation.trim_end_matches('.'))
        }
        Some(p) => p.summary.amount_cents.euro_text(lang),
        None => l.text(lang, "api.noPriceIndication").to_string(),
    };
    let payment = form
        .payment_method
        .map(|m| l.text(lang, &format!("form.{}", m.code())).to_string())
        .unwrap_or_else(|| "-".into());
    let dash = |s: &str| if s.is_empty() { "-".to_string() } else { s.to_string() };
    let line = |key: &str, value: &str| format!("{}: {value}", l.text(lang, key));
    let extras = &form.extras;
    let mut lines = vec![
        l.text(lang, "whatsapp.greeting").to_string(),
        line("form.name", &form.name),
        line("form.passengerAmount", &form.passengers.to_string()),
    ];
    let needs = crate::booking_mail::trip_rows::needs_rows(l, &extras.needs, lang);
    lines.extend(needs.into_iter().map(|row| format!("{}: {}", row.label, row.value)));
    lines.push(line("form.departure", &dash(&form.departure)));
    lines.extend(extras.pickup_street.as_deref().map(|s| line("funnel.form.pickupStreet", s)));
    lines.extend(extras.via.as_deref().map(|stop| line("funnel.mail.via", stop)));
    lines.push(line("form.destination", &dash(&form.destination)));
    lines.push(line("whatsapp.when", &when(form.pickup_at)));
    let arriving = landing_is_pickup(form.departure_place_id.as_ref());
    lines.extend(
        extras
            .flight_number
            .as_deref()
            .map(|f| line("funnel.mail.flight", &flight_value(l, lang, f, arriving))),
    );
    lines.push(line("form.paymentMethod", &payment));
    if let Some(invoice) = &extras.invoice {
        lines.push(line("funnel.mail.companyName", &invoice.company_name));
        lines.extend(invoice.reference.as_deref().map(|r| line("funnel.mail.invoiceReference", r)));
    }
    lines.push(line("form.priceLabel", &amount(price)));
    if let Some(back) = extras.return_at {
        lines.push(line("funnel.mail.returnRide", &when(back)));
        lines.push(line("funnel.returnPriceLabel", &amount(return_price)));
    }
    if large_vehicle {
        lines.push(l.text(lang, "funnel.largeVehicleStaff").to_string());
    }
    lines.extend(extras.remarks.as_deref().map(|r| line("funnel.mail.remarks", r)));
    lines.join("\n")
}
