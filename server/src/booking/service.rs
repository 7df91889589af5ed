//! Accepting booking requests: validate, price, guard against double
//! submissions, hand to the booking store and the outbox, and answer with
//! data ([`Booked`], [`WhatsappRide`], [`RouteQuote`]), which the routes word. The JSON API and
//! the no-JavaScript form posts both go through here.
use std::{collections::BTreeMap, net::IpAddr, sync::Arc};

use crate::{
    booking::{
        chosen::{settle, show, End, Settled},
        extras::ExtrasInput,
        form::{validate_reservation, validate_whatsapp, ReservationInput, WhatsappInput},
        request::{ENDS, RIDE},
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
    places::{PlaceDetails, Places, Resolution, Suggestion},
    pricing::{
        indication::{self, Priced},
        taxibus::Vehicle,
    },
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
    settings: Arc<Settings>,
    places: Arc<Places>,
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
        let (from, to) = tokio::join!(
            settle(&self.places, from_end, lang, staff_lang),
            settle(&self.places, to_end, lang, staff_lang)
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
                let price = self.price_between(from.place(), to.place(), vehicle).await;
                // The ride back is its own ride: the reversed route, priced by the server.
                let return_price = match form.extras.return_at {
                    Some(_) => self.price_between(to.place(), from.place(), vehicle).await,
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
        let RouteQuote { price, return_price, ends: [from, to], .. } = self
            .quote(
                (&form.departure, form.departure_place_id.as_ref()),
                (&form.destination, form.destination_place_id.as_ref()),
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
        let form = WhatsappInput {
            departure: named(&from, &form.departure),
            destination: named(&to, &form.destination),
            ..form
        };
        let large_vehicle = form.passengers > self.settings.booking.large_vehicle_above;
        Ok(WhatsappRide { form, price, return_price, large_vehicle })
    }

    /// The server's prices for a route, each end looked up once: from its
    /// chosen place id, else from its typed text (only text naming one place
    /// in full is priced). Text that may mean several places gives the places
    /// to choose from instead. A price that cannot be computed is `None`; the
    /// booking still goes through.
    pub async fn quote(
        &self,
        from: End<'_>,
        to: End<'_>,
        (with_return, vehicle): (bool, Vehicle),
        lang: Lang,
    ) -> RouteQuote {
        // Only the visitor reads a quote: one language.
        let (from, to) =
            tokio::join!(settle(&self.places, from, lang, lang), settle(&self.places, to, lang, lang));
        let price = self.price_between(from.place(), to.place(), vehicle).await;
        // The ride back is its own ride: the reversed route, priced by the server.
        let return_price = match with_return {
            true => self.price_between(to.place(), from.place(), vehicle).await,
            false => None,
        };
        let mut choices = BTreeMap::new();
        for (end, found) in ENDS.iter().zip([&from.found, &to.found]) {
            if let Some(Resolution::Choice(list)) = found {
                choices.insert(end.text.to_string(), list.clone());
            }
        }
        RouteQuote { price, return_price, choices, ends: [from, to] }
    }

    /// A form's fields as shown again: each end named as the place chosen (or
    /// the one its text names in full), in `lang`, whatever text its field held.
    pub async fn with_chosen_places(
        &self,
        values: &BTreeMap<String, String>,
        lang: Lang,
    ) -> BTreeMap<String, String> {
        let mut values = values.clone();
        for end in ENDS {
            let id = values.get(end.place_id).and_then(|id| PlaceId::parse(id));
            let text = values.get(end.text).cloned().unwrap_or_default();
            show(&mut values, end, &settle(&self.places, (&text, id.as_ref()), lang, lang).await);
        }
        values
    }

    async fn price_between(
        &self,
        from: Option<&PlaceDetails>,
        to: Option<&PlaceDetails>,
        vehicle: Vehicle,
    ) -> Option<Priced> {
        let tariff = &self.settings.tariff;
        let result = indication::price(&self.places, tariff, from?, to?).await;
        let priced = result.map_err(|e| tracing::info!(error = %e, "no price for this booking")).ok()?;
        Some(priced.for_vehicle(tariff, vehicle))
    }

    /// The vehicle `passengers` need (a taxibus above `booking.large_vehicle_above`).
    pub fn vehicle_for(&self, passengers: Option<u8>) -> Vehicle {
        Vehicle::for_passengers(passengers, self.settings.booking.large_vehicle_above)
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

/// A route's prices, the places to choose from per field (see
/// [`BookingService::quote`]), and both ends as settled (departure, destination).
pub struct RouteQuote {
    pub price: Option<Priced>,
    pub return_price: Option<Priced>,
    pub choices: BTreeMap<String, Vec<Suggestion>>,
    pub ends: [Settled; 2],
}

fn or(preferred: &str, fallback: &str) -> String {
    if preferred.is_empty() {
        fallback.to_string()
    } else {
        preferred.to_string()
    }
}
