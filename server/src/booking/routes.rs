//! The booking and WhatsApp calls (JSON), the same forms posted without
//! JavaScript (answered with a page or a redirect), and the reservation page
//! opened with a route or a booking to book again.
use actix_web::{
    http::{header, StatusCode},
    web, HttpRequest, HttpResponse,
};

use crate::{
    booking::{
        chosen::show,
        extras::check_ride_times,
        prefill::{prefilled_form, query_pickup, query_text, repeat_form},
        repeat::{self, Direction},
        request::{ENDS, FROM, RIDE, TO, VIA},
        service::{Booked, BookingService},
        whatsapp,
    },
    booking_mail::dispatch::{answer_by_text, answer_due},
    bookings::keeper::Keeper,
    config::Settings,
    edge::{app_data, error::AppError, lang::RequestLang, ClientKey, PlaceLookups},
    forms::{
        antispam::FormGuard,
        submission::{outcome_json, ActionLink, Checked, FormCall, Invalid, Outcome, Receipt, SummaryRow},
        FieldErrors, Problems,
    },
    i18n::{
        format::{date_time_long, phone_with_country},
        Locales,
    },
    places::Places,
    pricing::indication::Priced,
    site::{
        contract::{FormState, PickupNote, WhatsappReady},
        form_page::FormPost,
        pages::{PageKey, Pages},
        private_page::{keep_private, LinkPages},
        routes as site_routes, Page, ReservationMode,
    },
    types::{Lang, Pickup, PlaceId},
};

/// `GET /api/pickup-note/{dateTime}[?returnDateTime=…]`: whether a ride at that
/// local time starts before the answer the booking mail promises to a request
/// made now, and if so what to say (with the phone, which the form links); and
/// what Send would refuse in the two times. The form asks while the visitor
/// picks them; the rules stay here (`dispatch::answer_due`, `extras::check_ride_times`).
pub async fn pickup_note(
    pickup: web::Path<String>,
    query: web::Query<ReturnQuery>,
    RequestLang(lang): RequestLang,
    settings: web::Data<Settings>,
    locales: web::Data<Locales>,
) -> HttpResponse {
    let now = jiff::Timestamp::now();
    let note = Pickup::parse(&pickup).and_then(|local| {
        let due = answer_due(now, &settings.mail).filter(|due| local.civil() < *due)?;
        let at = answer_by_text(&locales, lang, due, local);
        Some(locales.format(lang, "funnel.beforeAnswer", &[("answerBy", &at)]))
    });
    let typed =
        [(RIDE.date_time, pickup.into_inner()), (RIDE.return_date_time, query.into_inner().return_date_time)];
    let input = crate::forms::Input::from_pairs(typed.map(|(name, value)| (name.to_string(), value)));
    let problems = check_ride_times(&input, &settings.booking, now);
    let errors = worded_problems(&problems, lang, (&locales, &settings));
    HttpResponse::Ok().insert_header((header::CACHE_CONTROL, "no-store")).json(PickupNote { note, errors })
}

#[derive(serde::Deserialize)]
pub struct ReturnQuery {
    #[serde(rename = "returnDateTime", default)]
    return_date_time: String,
}

/// `POST /api/reservation/{language}`.
pub async fn reservation_api(
    call: FormCall,
    service: web::Data<BookingService>,
    guard: web::Data<FormGuard>,
    words: (web::Data<Locales>, web::Data<Settings>),
) -> Result<HttpResponse, AppError> {
    let verdict = guard.verdict(&call.req, &call.input, jiff::Timestamp::now());
    let checked = service.reservation(&call.input, call.lang, (verdict, ClientKey::of(&call.req))).await;
    outcome_json(worded(checked, call.lang, (&words.0, &words.1)))
}

/// `POST /api/whatsappreservation/{language}`.
pub async fn whatsapp_api(
    call: FormCall,
    service: web::Data<BookingService>,
    (locales, settings): (web::Data<Locales>, web::Data<Settings>),
) -> Result<HttpResponse, AppError> {
    let lang = call.lang;
    Ok(match service.whatsapp(&call.input, lang).await {
        Ok(ride) => HttpResponse::Ok().json(WhatsappReady {
            message: locales.text(lang, "api.whatsappReady").to_string(),
            whatsapp_url: whatsapp::chat_link(&ride, lang, &locales, &settings),
        }),
        Err(problems) => {
            let errors = worded_problems(&problems, lang, (&locales, &settings));
            HttpResponse::BadRequest().json(Invalid { errors })
        }
    })
}

/// `POST` to the reservation page itself: the no-JavaScript path (a booking,
/// a WhatsApp message, or "show the price").
pub async fn form_post(
    req: HttpRequest,
    payload: web::Payload,
    service: web::Data<BookingService>,
    guard: web::Data<FormGuard>,
    pages: web::Data<Pages>,
    locales: web::Data<Locales>,
    settings: web::Data<Settings>,
) -> Result<HttpResponse, AppError> {
    let mut post = FormPost::read(req, payload, &settings).await?;
    let lang = post.lang;
    if post.values.get("action").map(String::as_str) == Some("price") {
        let values = &post.values;
        let get = |k: &str| values.get(k).map(String::as_str).unwrap_or("");
        let id = |k: &str| PlaceId::parse(get(k));
        let (from, from_id, to, to_id) = (get(FROM.text), id(FROM.place_id), get(TO.text), id(TO.place_id));
        let with_return = !get(RIDE.return_date_time).trim().is_empty();
        let vehicle = service.vehicle_for(get(RIDE.passenger_amount).trim().parse().ok());
        let (via, via_id) = (get(RIDE.via).trim(), id(RIDE.via_place_id));
        let stop = Some((via, via_id.as_ref())).filter(|(text, _)| !text.is_empty());
        let ends = ((from, from_id.as_ref()), stop, (to, to_id.as_ref()));
        let quote = service.quote(ends, (with_return, vehicle), lang).await;
        // The fields name the places priced, not the text typed before the choice.
        let mut values = values.clone();
        for (fields, end) in ENDS.into_iter().zip(&quote.ends) {
            show(&mut values, fields, end);
        }
        if let Some(stop) = &quote.via {
            show(&mut values, VIA, stop);
        }
        let form = match quote.price {
            Some(price) => {
                let word = |p: &Priced| p.worded(&settings.tariff, &locales, lang);
                let (price, return_price) = (word(&price), quote.return_price.as_ref().map(word));
                let total_text = return_price
                    .as_ref()
                    .map(|back| crate::pricing::indication::total_text(&price, back, lang));
                FormState { return_price, total_text, ..FormState::priced(values, price) }
            }
            None => {
                let message = match quote.choices.is_empty() {
                    true => locales.text(lang, "api.priceUnavailable"),
                    false => locales.text(lang, "funnel.choosePlaceFirst"),
                };
                FormState { choices: quote.choices, ..FormState::refused(values, message.to_string()) }
            }
        };
        return post.answer(&pages, StatusCode::OK, form).await;
    }
    if post.mode == ReservationMode::Whatsapp {
        return match service.whatsapp(&post.input, lang).await {
            Ok(ride) => {
                let url = whatsapp::chat_link(&ride, lang, &locales, &settings);
                Ok(HttpResponse::SeeOther().insert_header((header::LOCATION, url)).finish())
            }
            Err(problems) => {
                post.values = service.with_chosen_places(&post.values, lang).await;
                let errors = worded_problems(&problems, lang, (&locales, &settings));
                post.answer(&pages, StatusCode::BAD_REQUEST, post.invalid(errors)).await
            }
        };
    }
    let verdict = guard.verdict(&post.req, &post.input, jiff::Timestamp::now());
    let checked = service.reservation(&post.input, lang, (verdict, ClientKey::of(&post.req))).await;
    if !matches!(checked, Checked::Accepted(_)) {
        // Shown again: the fields name the places chosen.
        post.values = service.with_chosen_places(&post.values, lang).await;
    }
    let outcome = worded(checked, lang, (&locales, &settings));
    post.outcome(&pages, &locales, &settings, outcome).await
}

/// A booking request's answer in `lang`: where its words are chosen. The
/// message with the reference, the ride in brief, the booking's own page and
/// whether a mail comes; or each field's problem, with the company's phone,
/// which the refusals a call can solve name.
fn worded(checked: Checked<Booked>, lang: Lang, (locales, settings): (&Locales, &Settings)) -> Outcome {
    let booked = match checked {
        Checked::Accepted(booked) => booked,
        Checked::Invalid(problems) => {
            return Outcome::Invalid(worded_problems(&problems, lang, (locales, settings)))
        }
        Checked::Refused(refusal) => return Outcome::Refused(refusal),
    };
    let ride = &booked.ride;
    let row = |key: &str, value: String| SummaryRow { label: locales.text(lang, key).to_string(), value };
    let mut summary = vec![
        row("mail.field.from", ride.from.clone()),
        row("mail.field.to", ride.to.clone()),
        row("mail.field.pickup", date_time_long(locales, lang, ride.pickup)),
        row("mail.field.passengers", ride.passengers.to_string()),
    ];
    let needs = crate::booking_mail::trip_rows::needs_rows(locales, &ride.needs, lang);
    summary.extend(needs.into_iter().map(|r| SummaryRow { label: r.label, value: r.value }));
    summary.extend(ride.back.map(|at| row("funnel.mail.returnRide", date_time_long(locales, lang, at))));
    // The number as staff will dial it, so a misread one is seen while it can be corrected.
    summary
        .extend(ride.phone.as_deref().map(|p| row("mail.field.phone", phone_with_country(locales, lang, p))));
    let phone = settings.company.phone_shown(lang);
    let receipt = booked.stored.map_or_else(Receipt::default, |stored| Receipt {
        no_mail: stored
            .no_mail
            .map(|email| locales.format(lang, "api.noMail", &[("email", email.as_str()), ("phone", &phone)])),
        // In the booking's language, as its mails name the page.
        manage: Some(ActionLink {
            label: locales.text(stored.lang, "mail.action.manage").to_string(),
            href: stored.manage_href,
        }),
    });
    let message = locales.format(lang, "api.reservationReceived", &[("reference", &booked.reference)]);
    Outcome::Accepted { message, summary, receipt }
}

/// Each field's problem in `lang`, with the company's phone number.
fn worded_problems(
    problems: &Problems,
    lang: Lang,
    (locales, settings): (&Locales, &Settings),
) -> FieldErrors {
    crate::forms::worded(problems, lang, locales, &[("phone", &settings.company.phone_shown(lang))])
}

#[derive(serde::Deserialize, Default)]
struct ReservationQuery {
    mode: Option<String>,
    /// The route to fill in (free text).
    from: Option<String>,
    to: Option<String>,
    /// What kind of place `to` is, when the link knows (`airport`, `locality`).
    #[serde(rename = "toKind")]
    to_kind: Option<String>,
    /// With a route: the pick-up time to fill in (a proposal of another time).
    #[serde(rename = "dateTime")]
    date_time: Option<String>,
    /// A repeat link (`booking::repeat`): `again` or `back`, the booking, and its signature.
    repeat: Option<String>,
    booking: Option<String>,
    expires: Option<String>,
    sig: Option<String>,
}

/// The reservation page. Opened with a route (`?from=…&to=…`) it is a page of
/// its own: the places looked up and priced, rendered for this request and
/// never cached, so no query string can fill the cache. Otherwise the site's
/// cached page.
pub async fn reservation_page(
    req: HttpRequest,
    pages: web::Data<Pages>,
    guard: web::Data<FormGuard>,
    lang: Lang,
) -> actix_web::Result<HttpResponse> {
    let query = match req.query_string() {
        "" => return site_routes::page(req, pages, guard, (Page::Reservation, lang)).await,
        query => web::Query::<ReservationQuery>::from_query(query)?.into_inner(),
    };
    let mode = query.mode.as_deref().and_then(ReservationMode::parse).unwrap_or_default();
    if let Some(direction) = query.repeat.as_deref() {
        return repeat_page(&req, &pages, &guard, (lang, mode), (direction, &query)).await;
    }
    let (from, to) = (query_text(query.from.as_deref()), query_text(query.to.as_deref()));
    if from.is_empty() && to.is_empty() {
        // Parsed once: the cached page for the mode, without the site reading the query again.
        return site_routes::cached_page(&req, &pages, &guard, (Page::Reservation, lang, mode)).await;
    }
    let (places, settings, locales) =
        (app_data::<Places>(&req)?, app_data::<Settings>(&req)?, app_data::<Locales>(&req)?);
    let pickup = query_pickup(query.date_time.as_deref());
    // Beyond the client's burst of such pages, paid look-ups are skipped.
    let look_up = !places.is_paid() || PlaceLookups::granted(&req);
    let to_kind = query.to_kind.and_then(|k| serde_json::from_value(serde_json::Value::String(k)).ok());
    let route = [(from.as_str(), None), (to.as_str(), to_kind)];
    let phone = settings.company.phone_shown(lang);
    let form =
        prefilled_form(places, &settings.tariff, locales, route, pickup, (lang, look_up), &phone).await;
    let key = PageKey::page(Page::Reservation, lang, mode);
    let rendered = pages.with_form(key, form, ClientKey::get(&req)).await.map_err(AppError::from)?;
    Ok(site_routes::page_answer(&req, &rendered, &guard, Page::Reservation))
}

/// The reservation page of a repeat link: filled in from its booking when
/// the link is genuine and unexpired, else the empty form saying the link no
/// longer works (the same whichever part was wrong). Either way private: it
/// may carry a name, an address and a phone number.
async fn repeat_page(
    req: &HttpRequest,
    pages: &Pages,
    guard: &FormGuard,
    (lang, mode): (Lang, ReservationMode),
    (direction, query): (&str, &ReservationQuery),
) -> actix_web::Result<HttpResponse> {
    let (link, keeper, places) =
        (app_data::<LinkPages>(req)?, app_data::<Keeper>(req)?, app_data::<Places>(req)?);
    let (settings, locales) = (&link.settings, &link.locales);
    let text = |q: &Option<String>| q.clone().unwrap_or_default();
    let (reference, expires, sig) = (text(&query.booking), text(&query.expires), text(&query.sig));
    let genuine = Direction::parse(direction)
        .filter(|_| repeat::verify(&link.key, &reference, &expires, &sig, jiff::Timestamp::now()));
    let record = match genuine {
        Some(_) => keeper.record(&reference).await.unwrap_or_else(|e| {
            tracing::error!(%reference, error = %e, "a repeat link cannot read its booking");
            None
        }),
        None => None,
    };
    let form = match (genuine, record.filter(repeat::fills)) {
        (Some(direction), Some(record)) => {
            // Beyond the client's burst of such pages, paid look-ups are skipped.
            let look_up = !places.is_paid() || PlaceLookups::granted(req);
            let fill = (&record.booking, direction);
            repeat_form(places, settings, locales, fill, (lang, look_up)).await
        }
        _ => {
            tracing::info!("a repeat link that is not (or no longer) genuine: the empty form");
            FormState::refused(Default::default(), locales.text(lang, "funnel.repeatExpired").to_string())
        }
    };
    let key = PageKey::page(Page::Reservation, lang, mode);
    let rendered = pages.with_form(key, form, ClientKey::get(req)).await.map_err(AppError::from)?;
    let mut response = site_routes::page_answer(req, &rendered, guard, Page::Reservation);
    keep_private(&mut response);
    Ok(response)
}
