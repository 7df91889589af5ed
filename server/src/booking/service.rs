//! Accepting booking requests: validate, price, guard against double
//! submissions, hand to the booking store and the outbox, and answer with
//! data ([`Booked`], [`WhatsappRide`], [`RouteQuote`](crate::booking::quote::RouteQuote)), which the routes word. The JSON API and
//! the no-JavaScript form posts both go through here.
use std::{net::IpAddr, sync::Arc};

use crate::{
    booking::{
        chosen::{settle, Settled},
        extras::ExtrasInput,
        form::{validate_reservation, validate_whatsapp, ReservationInput, WhatsappInput},
        quote::RouteQuote,
        request::RIDE,
    },
    booking_mail::composer::Composer,
    bookings::{
        keeper::Keeper,
        model::{Booking, PaymentMethod, ReturnTrip, RideNeeds, TripExtras},
    },
    config::Settings,
    forms::{
        antispam::Verdict,
        submission::{fingerprint, Checked, NotStored, Screened, Submissions, REPEAT_WINDOW},
        Checker, Input, Problems,
    },
    mail::{nonce, DeliveryError, Outbox},
    places::Places,
    pricing::indication::Priced,
    types::{Email, Lang, Phone, Pickup, PlaceId, Reference},
};

/// A booking request taken, as data: its reference, the ride as the visitor
/// sent it (for the thank-you box), and what the store kept of it (`None`
/// for a trapped bot's, which is thrown away, or when it cannot be read).
pub struct Booked {
    pub reference: String,
    pub ride: RideSummary,
    pub stored: Option<Stored>,
}

/// The ride in brief: the places chosen (else as typed), the visitor's
/// times, what travels along, and the phone number as it was read.
pub struct RideSummary {
    pub from: String,
    pub to: String,
    pub pickup: Pickup,
    pub passengers: u8,
    pub back: Option<Pickup>,
    pub phone: Option<Phone>,
    pub needs: RideNeeds,
}

/// What the stored booking tells its thank-you box (read back from the
/// store: a repeated post gets the first one's): its language, the address
/// that gets no mail (the gate held it back), and its own page.
pub struct Stored {
    pub lang: Lang,
    pub no_mail: Option<Email>,
    pub manage_href: String,
}

/// A WhatsApp booking checked and priced: the form with the places chosen
/// (else as typed), the server's prices, and whether the group needs the
/// large vehicle.
pub struct WhatsappRide {
    pub form: WhatsappInput,
    pub price: Option<Priced>,
    pub return_price: Option<Priced>,
    pub large_vehicle: bool,
}

pub struct BookingService {
    pub(super) settings: Arc<Settings>,
    pub(super) places: Arc<Places>,
    keeper: Arc<Keeper>,
    composer: Arc<Composer>,
    /// For the repeat window's wait and the customer mail gate.
    outbox: Outbox,
    submissions: Arc<Submissions>,
}

impl BookingService {
    /// Whether the booking a repeat would be answered with still stands: one
    /// since cancelled, declined or moved away makes the same form a new booking.
    async fn still_open(&self, reference: String) -> bool {
        use crate::bookings::answer::Status;
        match self.keeper.record(&reference).await {
            Ok(Some(record)) => matches!(record.status, Status::Requested | Status::Confirmed),
            Ok(None) => false,
            // Unsure: the earlier answer stands rather than a second booking.
            Err(_) => true,
        }
    }

    pub fn new(
        (settings, places): (Arc<Settings>, Arc<Places>),
        (keeper, composer, outbox): (Arc<Keeper>, Arc<Composer>, Outbox),
        submissions: Arc<Submissions>,
    ) -> Self {
        Self { settings, places, keeper, composer, outbox, submissions }
    }

    /// `network`: the client's key as the edge counted it (`edge::ClientKey`).
    pub async fn reservation(
        &self,
        input: &Input,
        lang: Lang,
        (verdict, network): (Verdict, Option<IpAddr>),
    ) -> Checked<Booked> {
        let phone_read = (self.settings.company.country, lang);
        let now = jiff::Timestamp::now();
        let form = match validate_reservation(input, &self.settings.booking, phone_read, now) {
            Ok(form) => form,
            Err(problems) => return Checked::Invalid(problems),
        };
        match self.submissions.screen(verdict, "reservation") {
            None => {}
            Some(Screened::Trapped) => {
                // No look-ups for what is thrown away: the typed words.
                let ride = summary(&form, [&Settled::default(), &Settled::default()]);
                return Checked::Accepted(Booked {
                    reference: Reference::new('R').to_string(),
                    ride,
                    stored: None,
                });
            }
            Some(Screened::Refused(refusal)) => return Checked::Refused(refusal),
        }
        let network = network.map(|n| self.submissions.refusals().network_tag(n));
        if let Some(refusal) = self.submissions.refused_sender(network.as_deref(), &form.email, "reservation")
        {
            return Checked::Refused(refusal);
        }
        let ticket = match self.submissions.proof(input, "reservation") {
            Ok(ticket) => ticket,
            Err(refusal) => return Checked::Refused(refusal),
        };
        let staff_lang = self.settings.mail.staff_language;
        let (from_end, to_end) = (
            (form.departure.as_str(), form.departure_place_id.as_ref()),
            (form.destination.as_str(), form.destination_place_id.as_ref()),
        );
        let via_end = form.extras.via.as_deref().map(|text| (text, form.extras.via_place_id.as_ref()));
        let (from, to, via) = tokio::join!(
            settle(&self.places, from_end, lang, staff_lang),
            settle(&self.places, to_end, lang, staff_lang),
            self.settle_stop(via_end, lang, staff_lang)
        );
        let ride = summary(&form, [&from, &to]);
        if let Some(problems) = street_missing(&from, &form.extras) {
            return Checked::Invalid(problems);
        }
        let id = |id: &Option<PlaceId>| id.as_ref().map(PlaceId::as_str).unwrap_or("").to_string();
        let fingerprint = fingerprint(&[
            "reservation",
            &form.name,
            &form.email,
            form.phone.as_deref().unwrap_or(""),
            &form.passengers.to_string(),
            &form.departure,
            &form.destination,
            &form.pickup_at.to_string(),
            // The same text with another place chosen is another ride.
            &id(&form.departure_place_id),
            &id(&form.destination_place_id),
            form.payment_method.map(PaymentMethod::code).unwrap_or(""),
            // A stable encoding (the store keeps the fingerprint across releases), not Debug's.
            &form.extras.fingerprint_text(),
        ]);
        // Identical submissions share one outcome: the first stores the booking,
        // repeats (double clicks, retries, even simultaneous ones) wait for it and
        // get the same reference.
        let stored = self
            .submissions
            .once((fingerprint, ticket), &self.outbox, |reference| self.still_open(reference), || async {
                // The memory of repeats starts empty after a restart; the store remembers.
                let window_start = jiff::Timestamp::now()
                    - jiff::SignedDuration::try_from(REPEAT_WINDOW).expect("a short window");
                if let Some(reference) =
                    self.keeper.repeat_of(fingerprint, window_start).await.map_err(NotStored::Failed)?
                {
                    tracing::info!(%reference, "booking request repeated after a restart; nothing stored");
                    return Ok(reference);
                }
                let vehicle = self.vehicle_for(Some(form.passengers));
                let price = self.price_trip([&from, &to], via.as_ref(), vehicle).await;
                // The ride back is its own ride: the reversed route, priced by the server.
                let return_price = match form.extras.return_at {
                    Some(_) => self.price_between(to.place(), None, from.place(), vehicle).await,
                    None => None,
                };
                let confirmation_withheld = !self.outbox.opens(&form.email).await;
                if confirmation_withheld {
                    tracing::warn!("this booking may not mail its address (the gate's caps): only staff are mailed");
                }
                let reference = Reference::new('R');
                let booking = Booking {
                    reference: reference.clone(),
                    lang,
                    name: form.name.clone(),
                    email: form.email.clone(),
                    phone: form.phone.clone(),
                    passengers: form.passengers,
                    departure: from.address(&form.departure, &form.departure_name),
                    destination: to.address(&form.destination, &form.destination_name),
                    pickup_at: form.pickup_at,
                    payment_method: form.payment_method,
                    price: price.map(|p| p.kept(lang)),
                    received_at: jiff::Timestamp::now(),
                    confirmation_withheld,
                    extras: TripExtras {
                        pickup_street: form.extras.pickup_street.clone(),
                        flight_number: form.extras.flight_number.clone(),
                        remarks: form.extras.remarks.clone(),
                        return_trip: form
                            .extras
                            .return_at
                            .map(|at| ReturnTrip { pickup_at: at, price: return_price.map(|p| p.kept(lang)) }),
                        large_vehicle: form.passengers > self.settings.booking.large_vehicle_above,
                        needs: form.extras.needs,
                        via: via.as_ref().zip(form.extras.via.as_deref()).map(|(stop, text)| stop.address(text, "")),
                        invoice: form.extras.invoice.clone(),
                    },
                };
                let from_form = (Some(fingerprint), network.clone());
                book((&self.keeper, &self.composer), &booking, from_form).await.map_err(NotStored::Failed)?;
                tracing::info!(%reference, "booking request stored");
                Ok::<_, NotStored>(reference.to_string())
            })
            .await;
        match stored {
            Ok(reference) => {
                let stored = self.stored(&reference).await;
                Checked::Accepted(Booked { reference, ride, stored })
            }
            Err(e) => Checked::Refused(e.refusal("booking request")),
        }
    }

    /// What the stored booking tells its thank-you box. Nothing when it
    /// cannot be read: the booking is stored.
    async fn stored(&self, reference: &str) -> Option<Stored> {
        let record = self.keeper.record(reference).await.ok()??;
        let b = &record.booking;
        Some(Stored {
            lang: b.lang,
            no_mail: b.confirmation_withheld.then(|| b.email.clone()),
            manage_href: self.composer.manage_link(b, None).href,
        })
    }

    /// A valid WhatsApp booking, priced, with the places chosen: the routes
    /// word it into the chat link's message.
    pub async fn whatsapp(&self, input: &Input, lang: Lang) -> Result<WhatsappRide, Problems> {
        let form = validate_whatsapp(input, &self.settings.booking, jiff::Timestamp::now())?;
        let via = form.extras.via.as_deref().map(|text| (text, form.extras.via_place_id.as_ref()));
        let RouteQuote { price, return_price, ends: [from, to], via: stop, .. } = self
            .quote(
                (
                    (&form.departure, form.departure_place_id.as_ref()),
                    via,
                    (&form.destination, form.destination_place_id.as_ref()),
                ),
                (form.extras.return_at.is_some(), self.vehicle_for(Some(form.passengers))),
                lang,
            )
            .await;
        if let Some(problems) = street_missing(&from, &form.extras) {
            return Err(problems);
        }
        // The message names the places chosen, not the text left in the fields.
        let named = |end: &Settled, typed: &str| {
            end.chosen().map(|p| p.formatted_address.clone()).unwrap_or_else(|| typed.to_string())
        };
        let via = stop.as_ref().zip(form.extras.via.as_deref()).map(|(stop, typed)| named(stop, typed));
        let form = WhatsappInput {
            departure: named(&from, &form.departure),
            destination: named(&to, &form.destination),
            extras: ExtrasInput { via, ..form.extras },
            ..form
        };
        let large_vehicle = form.passengers > self.settings.booking.large_vehicle_above;
        Ok(WhatsappRide { form, price, return_price, large_vehicle })
    }
}

/// A pick-up at a whole town or postcode area without its street: the form asks
/// for it when the town is chosen from the list (`check_extras`), and here also when
/// the text alone names it ("Roermond" typed and sent).
fn street_missing(from: &Settled, extras: &ExtrasInput) -> Option<Problems> {
    let bare_town = from.place().is_some_and(|place| place.kind.names_no_street());
    (bare_town && extras.pickup_street.is_none()).then(|| {
        let mut c = Checker::new();
        c.fail_with(RIDE.pickup_street, "funnel.validation.pickupStreetRequired", &[]);
        c.problems
    })
}

/// The ride in brief for the success box: the places chosen (else as typed),
/// the visitor's times, and the phone number as it was read.
fn summary(form: &ReservationInput, [from, to]: [&Settled; 2]) -> RideSummary {
    RideSummary {
        from: from.shown(&or(&form.departure_name, &form.departure)),
        to: to.shown(&or(&form.destination_name, &form.destination)),
        pickup: form.pickup_at,
        passengers: form.passengers,
        back: form.extras.return_at,
        phone: form.phone.clone(),
        needs: form.extras.needs,
    }
}

/// Stores `booking` with its mails (staff's with the answer buttons, the
/// customer's confirmation with the calendar entry) in one transaction,
/// durably; `from_form`: see [`Keeper::book`].
pub async fn book(
    (keeper, composer): (&Keeper, &Composer),
    booking: &Booking,
    from_form: (Option<i64>, Option<String>),
) -> Result<(), DeliveryError> {
    let nonce = nonce();
    let mails = composer.booking(booking, &nonce)?;
    let uid = composer.calendar_uid(&booking.reference, &nonce);
    keeper.book(booking, uid, mails, from_form).await
}

fn or(preferred: &str, fallback: &str) -> String {
    if preferred.is_empty() {
        fallback.to_string()
    } else {
        preferred.to_string()
    }
}
