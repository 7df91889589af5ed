//! Accepting booking requests and contact messages: validate, price, guard
//! against double submissions, hand to the outbox, and word the answer. The JSON
//! API and the no-JavaScript form posts both go through here.
use std::{
    hash::{BuildHasher, Hash, Hasher},
    num::NonZeroUsize,
    sync::{Arc, Mutex},
    time::{Duration, Instant},
};

use lru::LruCache;
use tokio::sync::OnceCell;

use crate::{
    booking::{
        form::{validate_reservation, validate_whatsapp},
        model::{Address, Booking, ContactMessage, ListedPlace, PaymentMethod, ReturnTrip, TripExtras},
        outbox::Bookings,
    },
    config::Settings,
    contact::form::validate_contact,
    edge::error::Refusal,
    forms::{antispam::Verdict, caps::Caps, FieldErrors, Input},
    i18n::Locales,
    places::{PlaceDetails, Places, PlacesProvider},
    pricing::indication::{self, Indication},
    types::{links::whatsapp_chat, Lang},
};

/// How long an identical submission counts as a repeat of the first.
const REPEAT_WINDOW: Duration = Duration::from_secs(30 * 60);

pub enum Outcome {
    /// Stored for delivery: the localized confirmation.
    Accepted {
        message: String,
    },
    Invalid(FieldErrors),
    /// Not taken (too soon after opening the form, site overloaded, could not
    /// be stored): the sender may send again.
    Refused(Refusal),
}

/// Why the first of identical submissions was not stored.
enum NotStored {
    Refused(Refusal),
    Failed(crate::mail::DeliveryError),
}

impl NotStored {
    fn outcome(self, what: &str) -> Outcome {
        match self {
            NotStored::Refused(refusal) => Outcome::Refused(refusal),
            NotStored::Failed(e) => {
                tracing::error!(error = %e, "{what} could not be stored");
                Outcome::Refused(Refusal::StoreFailed)
            }
        }
    }
}

/// Identical submissions in the repeat window and their shared outcome.
type Recent = LruCache<u64, (Instant, Arc<OnceCell<String>>)>;

pub struct BookingService {
    settings: Arc<Settings>,
    locales: Arc<Locales>,
    places: Arc<Places>,
    outbox: Arc<Bookings>,
    caps: Caps,
    recent: Mutex<Recent>,
}

impl BookingService {
    pub fn new(
        settings: Arc<Settings>,
        locales: Arc<Locales>,
        places: Arc<Places>,
        outbox: Arc<Bookings>,
    ) -> Self {
        let remembered =
            NonZeroUsize::new(settings.limits.max_tracked_submissions).unwrap_or(NonZeroUsize::MIN);
        Self {
            caps: Caps::new(&settings),
            settings,
            locales,
            places,
            outbox,
            recent: Mutex::new(LruCache::new(remembered)),
        }
    }

    pub async fn reservation(&self, input: &Input, lang: Lang, verdict: Verdict) -> Outcome {
        let form = match validate_reservation(
            input,
            lang,
            &self.locales,
            &self.settings.booking,
            &self.settings.company.phone_display,
            jiff::Timestamp::now(),
        ) {
            Ok(form) => form,
            Err(errors) => return Outcome::Invalid(errors),
        };
        if let Some(outcome) = self.screen(verdict, "reservation", || {
            self.locales.format(lang, "api.reservationReceived", &[("reference", &new_reference('R'))])
        }) {
            return outcome;
        }
        let fingerprint = fingerprint(&[
            "reservation",
            &form.name,
            &form.email,
            form.phone.as_deref().unwrap_or(""),
            &form.passengers.to_string(),
            &form.departure,
            &form.destination,
            &form.pickup_at.to_string(),
            form.payment_method.map(PaymentMethod::code).unwrap_or(""),
            &format!("{:?}", form.extras),
        ]);
        // Identical submissions share one outcome: the first stores the booking,
        // repeats (double clicks, retries, even simultaneous ones) wait for it and
        // get the same reference.
        let outcome = self.once(fingerprint);
        let stored = outcome
            .get_or_try_init(|| async {
                self.caps.admit(&self.outbox).map_err(NotStored::Refused)?;
                let (from, to) = tokio::join!(
                    self.place(form.departure_place_id.as_deref(), &form.departure, lang),
                    self.place(form.destination_place_id.as_deref(), &form.destination, lang)
                );
                let price = self.price_between(from.as_ref(), to.as_ref(), lang).await;
                // The ride back is its own ride: the reversed route, priced by the server.
                let return_price = match form.extras.return_at {
                    Some(_) => self.price_between(to.as_ref(), from.as_ref(), lang).await,
                    None => None,
                };
                // Only a place chosen from the list has a name the visitor did not type.
                let listed = |id: &Option<String>, place: Option<PlaceDetails>| {
                    id.as_ref()
                        .and(place)
                        .map(|p| ListedPlace { name: p.display_name, formatted: p.formatted_address })
                };
                let today = jiff::Timestamp::now().to_zoned(jiff::tz::TimeZone::UTC).date();
                let confirmation_withheld = !self.caps.confirmation_allowed(&form.email, today);
                if confirmation_withheld {
                    tracing::warn!(
                        "confirmation mails to this address reached today's cap: only staff are mailed"
                    );
                }
                let reference = new_reference('R');
                let booking = Booking {
                    reference: reference.clone(),
                    lang,
                    name: form.name.clone(),
                    email: form.email.clone(),
                    phone: form.phone.clone(),
                    passengers: form.passengers,
                    departure: Address {
                        name: or(&form.departure_name, &form.departure),
                        formatted: form.departure.clone(),
                        listed: listed(&form.departure_place_id, from),
                        place_id: form.departure_place_id.clone(),
                    },
                    destination: Address {
                        name: or(&form.destination_name, &form.destination),
                        formatted: form.destination.clone(),
                        listed: listed(&form.destination_place_id, to),
                        place_id: form.destination_place_id.clone(),
                    },
                    pickup_at: form.pickup_at,
                    payment_method: form.payment_method,
                    price: price.map(|p| p.summary),
                    received_at: jiff::Timestamp::now(),
                    confirmation_withheld,
                    extras: TripExtras {
                        pickup_street: form.extras.pickup_street.clone(),
                        flight_number: form.extras.flight_number.clone(),
                        remarks: form.extras.remarks.clone(),
                        return_trip: form
                            .extras
                            .return_at
                            .map(|at| ReturnTrip { pickup_at: at, price: return_price.map(|p| p.summary) }),
                        large_vehicle: form.passengers > self.settings.booking.large_vehicle_above,
                    },
                };
                self.outbox.submit_booking(&booking).await.map_err(NotStored::Failed)?;
                tracing::info!(reference, "booking request stored");
                Ok::<_, NotStored>(reference)
            })
            .await;
        match stored {
            Ok(reference) => Outcome::Accepted {
                message: self.locales.format(lang, "api.reservationReceived", &[("reference", reference)]),
            },
            Err(e) => e.outcome("booking request"),
        }
    }

    /// A valid WhatsApp booking becomes a chat link with the prefilled message.
    pub async fn whatsapp(&self, input: &Input, lang: Lang) -> Result<String, FieldErrors> {
        let form = validate_whatsapp(
            input,
            lang,
            &self.locales,
            &self.settings.booking,
            &self.settings.company.phone_display,
            jiff::Timestamp::now(),
        )?;
        let price = self
            .price(
                &form.departure,
                form.departure_place_id.as_deref(),
                &form.destination,
                form.destination_place_id.as_deref(),
                lang,
            )
            .await;
        let return_price = match form.extras.return_at {
            Some(_) => {
                self.price(
                    &form.destination,
                    form.destination_place_id.as_deref(),
                    &form.departure,
                    form.departure_place_id.as_deref(),
                    lang,
                )
                .await
            }
            None => None,
        };
        let large_vehicle = form.passengers > self.settings.booking.large_vehicle_above;
        let text = crate::booking::whatsapp::message(
            &self.locales,
            lang,
            &form,
            price.as_ref(),
            return_price.as_ref(),
            large_vehicle,
        );
        Ok(whatsapp_chat(&self.settings.company.whatsapp_number, Some(&text)))
    }

    pub async fn contact(&self, input: &Input, lang: Lang, verdict: Verdict) -> Outcome {
        let form = match validate_contact(input, lang, &self.locales) {
            Ok(form) => form,
            Err(errors) => return Outcome::Invalid(errors),
        };
        if let Some(outcome) =
            self.screen(verdict, "contact", || self.locales.text(lang, "api.contactReceived").to_string())
        {
            return outcome;
        }
        let fingerprint = fingerprint(&["contact", &form.name, &form.email, &form.subject, &form.message]);
        let outcome = self.once(fingerprint);
        let stored = outcome
            .get_or_try_init(|| async {
                self.caps.admit(&self.outbox).map_err(NotStored::Refused)?;
                let reference = new_reference('C');
                let message = ContactMessage {
                    reference: reference.clone(),
                    lang,
                    name: form.name.clone(),
                    email: form.email.clone(),
                    phone: form.phone.clone(),
                    subject: form.subject.clone(),
                    message: form.message.clone(),
                    received_at: jiff::Timestamp::now(),
                };
                self.outbox.submit_contact(&message).await.map_err(NotStored::Failed)?;
                tracing::info!(reference, "contact message stored");
                Ok::<_, NotStored>(reference)
            })
            .await;
        match stored {
            Ok(_) => {
                Outcome::Accepted { message: self.locales.text(lang, "api.contactReceived").to_string() }
            }
            Err(e) => e.outcome("contact message"),
        }
    }

    /// A valid submission that is not a person's: trapped bots get the usual
    /// confirmation (so they learn nothing) and nothing is delivered.
    fn screen(
        &self,
        verdict: Verdict,
        form: &'static str,
        confirmation: impl FnOnce() -> String,
    ) -> Option<Outcome> {
        match verdict {
            Verdict::Person => None,
            Verdict::Trapped => {
                tracing::warn!(form, reason = "honeypot", "spam discarded");
                crate::telemetry::metrics::spam_discarded(form, "honeypot");
                Some(Outcome::Accepted { message: confirmation() })
            }
            Verdict::TooFast => {
                tracing::warn!(
                    form,
                    reason = "too_fast",
                    "submission refused: sent too soon after opening the form"
                );
                crate::telemetry::metrics::spam_discarded(form, "too_fast");
                Some(Outcome::Refused(Refusal::TooFast))
            }
        }
    }

    /// The server's own price: from the chosen place ids, else from the typed
    /// addresses. `None` when it cannot be computed; the booking still goes through.
    pub async fn price(
        &self,
        from_text: &str,
        from_id: Option<&str>,
        to_text: &str,
        to_id: Option<&str>,
        lang: Lang,
    ) -> Option<Indication> {
        if from_text.is_empty() && from_id.is_none() || to_text.is_empty() && to_id.is_none() {
            return None;
        }
        let (from, to) = tokio::join!(self.place(from_id, from_text, lang), self.place(to_id, to_text, lang));
        self.price_between(from.as_ref(), to.as_ref(), lang).await
    }

    async fn price_between(
        &self,
        from: Option<&PlaceDetails>,
        to: Option<&PlaceDetails>,
        lang: Lang,
    ) -> Option<Indication> {
        let result =
            indication::between_places(&self.places, &self.settings.tariff, &self.locales, from?, to?, lang)
                .await;
        result.map_err(|e| tracing::info!(error = %e, "no price for this booking")).ok()
    }

    async fn place(&self, id: Option<&str>, text: &str, lang: Lang) -> Option<PlaceDetails> {
        if id.is_none() && text.is_empty() {
            return None;
        }
        match id {
            Some(id) => self.places.details(id, lang, None).await.ok(),
            None => indication::resolve_text(&self.places, text, lang).await.ok(),
        }
    }

    /// The shared outcome of all submissions with this fingerprint in the
    /// repeat window. A failed store leaves the cell empty, so a retry tries again.
    fn once(&self, fingerprint: u64) -> Arc<OnceCell<String>> {
        let mut recent = self.recent.lock().unwrap_or_else(|e| e.into_inner());
        let entry = recent.get_or_insert_mut(fingerprint, || (Instant::now(), Arc::default()));
        if entry.0.elapsed() >= REPEAT_WINDOW {
            *entry = (Instant::now(), Arc::default());
        }
        entry.1.clone()
    }
}

fn or(preferred: &str, fallback: &str) -> String {
    if preferred.is_empty() {
        fallback.to_string()
    } else {
        preferred.to_string()
    }
}

/// Same fields, same fingerprint (case and spacing of the e-mail ignored).
fn fingerprint(parts: &[&str]) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    for part in parts {
        part.trim().to_lowercase().hash(&mut hasher);
    }
    hasher.finish()
}

/// A short reference for people to quote, e.g. `R-7K3Q9M`: 30 bits of
/// randomness from the standard library's per-process random keys and the clock.
fn new_reference(prefix: char) -> String {
    const ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    std::time::SystemTime::now().hash(&mut hasher);
    let mut n = hasher.finish();
    let code: String = (0..6)
        .map(|_| {
            let c = ALPHABET[(n % 32) as usize] as char;
            n /= 32;
            c
        })
        .collect();
    format!("{prefix}-{code}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn references_are_short_and_vary() {
        let a = new_reference('R');
        let b = new_reference('R');
        assert_eq!(a.len(), 8);
        assert!(a.starts_with("R-"));
        assert_ne!(a, b);
    }
}
