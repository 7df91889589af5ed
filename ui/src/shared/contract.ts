// Generated from server/src/contract.rs by `UPDATE_CONTRACT=1 cargo test -p taxi-server --lib contract`.
// Do not edit: change the Rust side and regenerate.

/**
 * A language of the site. The URL decides the language of a page.
 */
export type Lang = "nl" | "de" | "en";

/**
 * Which booking form the reservation page shows first.
 */
export type ReservationMode = "mail" | "whatsapp";

/**
 * The page a set of props renders: one of the site's pages, or the error page.
 */
export type PageName = "home" | "prices" | "reservation" | "contact" | "privacy" | "terms" | "complaints" | "landing" | "error" | "staff" | "manage";

/**
 * The paths of the pages in the page's language.
 */
export type Links = { home: string, reservation: string, prices: string, contact: string, privacy: string, terms: string, complaints: string, };

/**
 * One path (or link) per language.
 */
export type Alternates = { nl: string, de: string, en: string, };

export type PostalAddress = { street: string, postalCode: string, city: string, country: string, };

export type QualityMark = { src: string, 
/**
 * Its real name (or, on the demo, that it is an example).
 */
alt: string, };

export type Company = { name: string, phoneDisplay: string, phoneHref: string, email: string, whatsappHref: string, 
/**
 * For the footer's address block.
 */
address: PostalAddress, kvk: string, vat: string, 
/**
 * The taxi licence number, when the company set one (footer, complaints page).
 */
licenceNumber: string | null, 
/**
 * Where customers leave a review (`company.review_url`), when the company set one.
 */
reviewUrl: string | null, 
/**
 * The footer says the company's details are examples (`company.demo`).
 */
sampleNotice: boolean, 
/**
 * The footer's quality mark, if one is shown.
 */
qualityMark: QualityMark | null, taxiImageSrc: string, };

export type FixedPriceRow = { name: string, price: string, 
/**
 * The same route by taxibus, when a taxibus costs more.
 */
taxibusPrice?: string, 
/**
 * The route's landing page in the page's language.
 */
landingPath: string, 
/**
 * An airport or a town: the booking link says which, as `toKind`.
 */
kind: PlaceKind, };

export type RadiusSurchargeRow = { km: number, price: string, };

/**
 * For how many a taxibus comes, and what it adds to every price ("€ 15,00", "25%").
 */
export type TaxibusRates = { from: number, upTo: number, surcharge: string, };

/**
 * The rates, every amount formatted for the page's language.
 */
export type Tariff = { startRate: string, perKm: string, perMinute: string, fixedPrices: Array<FixedPriceRow>, pickupSurcharge: string, radiusSurcharges: Array<RadiusSurchargeRow>, meteredBeyondKm: number, 
/**
 * Groups: what a taxibus adds; absent when it adds nothing.
 */
taxibus?: TaxibusRates, };

/**
 * Which tariff rule priced a trip (see the tariff engine, `pricing`).
 */
export type Rule = "metered" | "fixed" | "fixedPickup" | "fixedSurcharge" | "fixedPickupSurcharge" | "meteredUnderFixed";

/**
 * A ride by taxibus: for how many, and what that added to the price.
 */
export type TaxibusPart = { passengers: number, surchargeCents: number, };

/**
 * What a stop did to a ride's price (included in `amount_cents`).
 */
export type StopPart = { 
/**
 * What the stop added to the trip's rule (the fee and the detour beyond
 * the included kilometres); 0 when both legs were metered.
 */
surchargeCents: number, 
/**
 * How much longer the route via the stop is than the direct one (0.1 km).
 */
detourKm: number, 
/**
 * Both legs metered: the detour was beyond the setting's, or the meter was lower.
 */
metered: boolean, };

/**
 * The price the server computed for the booking (never the client's number).
 */
export type PriceSummary = { amountCents: number, rule: Rule, distanceKm: number, durationMin: number, 
/**
 * Localized name of the fixed-price destination, if a fixed rule applied.
 */
fixedDestination: string | null, surchargeCents: number, 
/**
 * For [`Rule::MeteredUnderFixed`]: the fixed price the meter undercut.
 */
fixedCents?: number, 
/**
 * A taxibus, and what it added (included in `amount_cents`): absent for a car,
 * and in bookings made before it was priced.
 */
taxibus?: TaxibusPart, 
/**
 * A stop on the way, and what it did (included in `amount_cents`): absent without one.
 */
stop?: StopPart, };

/**
 * The JSON answer of `GET /api/places/{pickup}/{destination}`: the price
 * breakdown that bookings keep too, plus its wording for the visitor.
 */
export type Indication = { 
/**
 * The amount formatted for the language, without the euro sign.
 */
priceIndication: string, 
/**
 * The amount as shown, with the euro sign: `€ 230,00`.
 */
priceText: string, 
/**
 * Which rule applied, in words.
 */
explanation: string, amountCents: number, rule: Rule, distanceKm: number, durationMin: number, 
/**
 * Localized name of the fixed-price destination, if a fixed rule applied.
 */
fixedDestination: string | null, surchargeCents: number, 
/**
 * For [`Rule::MeteredUnderFixed`]: the fixed price the meter undercut.
 */
fixedCents?: number, 
/**
 * A taxibus, and what it added (included in `amount_cents`): absent for a car,
 * and in bookings made before it was priced.
 */
taxibus?: TaxibusPart, 
/**
 * A stop on the way, and what it did (included in `amount_cents`): absent without one.
 */
stop?: StopPart, };

/**
 * The JSON answer of `GET /api/places/{pickup}/{destination}?return=true`:
 * the ride there, the ride back (the reversed route, its own price) and both
 * together, so the page shows the sum the server made.
 */
export type RoundTrip = { back: Indication, 
/**
 * Both amounts together, with the euro sign.
 */
totalText: string, 
/**
 * The amount formatted for the language, without the euro sign.
 */
priceIndication: string, 
/**
 * The amount as shown, with the euro sign: `€ 230,00`.
 */
priceText: string, 
/**
 * Which rule applied, in words.
 */
explanation: string, amountCents: number, rule: Rule, distanceKm: number, durationMin: number, 
/**
 * Localized name of the fixed-price destination, if a fixed rule applied.
 */
fixedDestination: string | null, surchargeCents: number, 
/**
 * For [`Rule::MeteredUnderFixed`]: the fixed price the meter undercut.
 */
fixedCents?: number, 
/**
 * A taxibus, and what it added (included in `amount_cents`): absent for a car,
 * and in bookings made before it was priced.
 */
taxibus?: TaxibusPart, 
/**
 * A stop on the way, and what it did (included in `amount_cents`): absent without one.
 */
stop?: StopPart, };

/**
 * What a page shows after a form post without JavaScript: the typed values
 * again, and the errors, the success message or the price.
 */
export type FormState = { values: { [key in string]: string }, errors: { [key in string]: string }, success?: string, errorMessage?: string, price?: Indication, 
/**
 * The return ride's price (the reversed route), when a return time was given.
 */
returnPrice?: Indication, 
/**
 * With `success`: what was sent, in brief (a booking's ride).
 */
summary?: Array<SummaryRow>, 
/**
 * Both rides together, with the euro sign, when both are priced.
 */
totalText?: string, 
/**
 * Per address field: the places its typed text may mean, for the visitor to choose.
 */
choices?: { [key in string]: Array<Suggestion> }, 
/**
 * The field the page opens at, focused and in view (a repeat booking's date).
 */
focus?: string, 
/**
 * A repeat of a round trip: its return ride, to follow the new date.
 */
earlierReturn?: EarlierReturn, noMail?: string, manage?: ActionLink, };

/**
 * The return ride of the booking booked again, as it stands to its pick-up:
 * the return field is filled from it once the new date is typed (in the
 * browser), and `note` says it beside that field (also without JavaScript).
 */
export type EarlierReturn = { 
/**
 * Calendar days after the pick-up's day: 0 the same day.
 */
days: number, 
/**
 * The time of day, `18:00`.
 */
time: string, 
/**
 * "Your earlier booking had a return ride at 18:00 the same day."
 */
note: string, };

/**
 * What staff chose in their mail.
 */
export type Action = "confirm" | "propose" | "decline" | "junk";

/**
 * Why a booking is declined: a short list, or staff's own words.
 */
export type DeclineReason = "fullyBooked" | "noSuitableVehicle" | "outsideArea" | "other";

export type StaffRow = { label: string, value: string, };

export type StaffPage = { reference: string, action: Action, 
/**
 * The booking's version this page shows; its form posts it back.
 */
version: number, 
/**
 * What changes the dispatch (urgency, larger vehicle, remarks, flight,
 * ride back), first on the page as in the mail.
 */
alerts: Array<string>, 
/**
 * The booking, in the staff language, the customer's remarks included.
 */
rows: Array<StaffRow>, 
/**
 * Where the form posts: the signed link itself.
 */
formAction: string, 
/**
 * The booking's pick-up as the date-time field shows it (`2026-11-24T14:30`).
 */
pickupValue: string, 
/**
 * The choices of a decline.
 */
reasons: Array<DeclineReason>, 
/**
 * In the staff language: which language the customer reads, for the note.
 */
noteLanguage: string, 
/**
 * Once answered (by anyone), or once its pick-up time has passed: why
 * there is no form, in words.
 */
answered?: string, 
/**
 * Why the post was not taken: the booking changed since the page was
 * opened (or another answer came first), and how.
 */
changed?: string, 
/**
 * On the Junk button's page, while the booking is not junk yet: what
 * marking it does, and the choice of its network's other requests.
 */
junk?: JunkChoice, };

/**
 * One booking in that list: reference, pick-up and status, and for one left
 * alone who acted on it.
 */
export type JunkRow = { reference: string, pickup: string, status: string, why?: string, };

/**
 * The bookings of a network's hour as the Junk page lists them.
 */
export type JunkList = { 
/**
 * The moment they were listed (Unix seconds), posted back: the tap
 * marks no request that came after it, so nothing the page did not show.
 */
through: string, 
/**
 * "The button marks these 3 requests, which nobody answered:"
 */
sweptHeading: string, swept: Array<JunkRow>, 
/**
 * "It leaves these 2 bookings alone:", when there are any.
 */
sparedHeading?: string, spared: Array<JunkRow>, };

/**
 * What the Junk page offers, in the staff language.
 */
export type JunkChoice = { 
/**
 * What marking a request as junk does, and for how long its sender is refused.
 */
intro: string, 
/**
 * The button for the requests of the booking's network in the last hour
 * that nobody answered ("all 12 requests …"), when there are others.
 */
network?: string, 
/**
 * With [`Self::network`]: what its tap does to each booking of the
 * network's hour, those it marks first (this one leading), then those it
 * leaves alone and why. Nothing personal: what staff mails show already.
 */
listed?: JunkList, 
/**
 * Why only the address will be refused: the booking came before its
 * sender's network was kept.
 */
noNetwork?: string, };

/**
 * Where a booking stands.
 */
export type Status = "requested" | "confirmed" | "rescheduled" | "declined" | "cancelled" | "junk";

export type CustomerAction = "accept" | "ask" | "cancel";

/**
 * The manage page's "book again" links (`booking::repeat`), signed and
 * valid as long as the page's own link.
 */
export type BookAgain = { 
/**
 * The same ride.
 */
again: string, 
/**
 * From the destination back to the pick-up.
 */
back: string, };

export type ManagePage = { reference: string, status: Status, 
/**
 * The booking's version this page shows; every form posts it back.
 */
version: number, 
/**
 * Where the booking stands, in words (the proposed time, when it was cancelled).
 */
statusText: string, 
/**
 * The ride as booked (or as moved by an accepted proposal).
 */
rows: Array<SummaryRow>, 
/**
 * The pick-up as the date-time field shows it (`2026-11-24T14:30`).
 */
pickupValue: string, 
/**
 * A round trip's return ride as its date-time field shows it; absent for a one-way ride.
 */
returnValue?: string, 
/**
 * Who booked, as booked: name, e-mail, phone (what "book again" fills in besides the ride).
 */
details: Array<SummaryRow>, 
/**
 * Links to the reservation page filled in from this booking (none for junk).
 */
bookAgain?: BookAgain, 
/**
 * Where the forms post: the signed link itself.
 */
formAction: string, 
/**
 * The steps the customer can take now (none once the pick-up has passed).
 */
actions: Array<CustomerAction>, 
/**
 * The first tap on "cancel" opens this page asking to confirm (a link, so
 * it works without JavaScript and changes nothing).
 */
cancelHref: string, 
/**
 * The page asks "cancel this ride?": what cancelling does, in words.
 */
confirmCancel?: string, 
/**
 * The proposed time in words, while it can be accepted.
 */
proposed?: string, 
/**
 * Why nothing can be changed here any more, with the phone number.
 */
closed?: string, 
/**
 * The proposed time has passed: it can no longer be accepted; call instead.
 */
expired?: string, 
/**
 * Why the step just posted changed nothing: the booking changed since
 * the page was opened (and how), or the time asked is the ride's already.
 */
notice?: string, 
/**
 * How to reach the company for anything else, with the phone number.
 */
other: string, 
/**
 * Once the ride is past (both rides of a round trip): where to review the
 * company (`company.review_url`), when it set one.
 */
reviewHref?: string, };

export type StorySection = { heading: string, paragraphs: Array<string>, };

/**
 * A route's own texts: an opening paragraph and sections, placeholders filled in.
 */
export type RouteStory = { lead: string, sections: Array<StorySection>, };

/**
 * A fixed-price route as its landing page tells it, amounts formatted.
 */
export type LandingRoute = { 
/**
 * The destination's name in the page's language.
 */
destination: string, airport: boolean, price: string, 
/**
 * The same route by taxibus, when a taxibus costs more (`Tariff::taxibus` says for whom).
 */
taxibusPrice?: string, 
/**
 * Typical road distance and driving time from the zone's centre, rounded.
 */
distanceKm: number, minutes: number, 
/**
 * Where fixed prices start from (the zone's name).
 */
zone: string, zoneRadiusKm: number, 
/**
 * This route's own texts (`site::route_story`), if it has them.
 */
story: RouteStory | null, };

/**
 * A legal page's text (`site::legal`), rendered from the owner's Markdown on the server.
 */
export type LegalContent = { 
/**
 * HTML made by `site::legal::markdown` (the file's own HTML escaped).
 */
html: string, 
/**
 * The built-in template (the demo's): the page says it is one to complete.
 */
template: boolean, };

/**
 * The places provider the server chose at start (`places::provider`).
 */
export type PlacesProviderName = "gazetteer" | "google";

/**
 * Said beside the forms, worded: when requests are answered, and the next closure.
 */
export type ServiceNotes = { answers?: string, closure?: string, };

/**
 * How the customer means to pay; stored and posted by its code (`cash`).
 */
export type PaymentMethod = "debitcard" | "creditcard" | "cash" | "invoice";

/**
 * The booking settings the forms show (`config::BookingSettings`).
 */
export type BookingRules = { 
/**
 * Largest passenger count the server accepts.
 */
maxPassengers: number, 
/**
 * The earliest pick-up the server accepts is this many minutes from now
 * (the date picker's `min`).
 */
leadTimeMinutes: number, 
/**
 * Above this many passengers a larger vehicle comes.
 */
largeVehicleAbove: number, 
/**
 * The payment methods offered, in order.
 */
paymentMethods: Array<PaymentMethod>, 
/**
 * Above this many pieces of luggage the form suggests the taxibus; 0 = never.
 */
luggageHintAbove: number, };

/**
 * The props every page receives. The server builds them (paths, formatted
 * prices, company data) so the browser never repeats that logic.
 */
export type PageProps = { page: PageName, lang: Lang, links: Links, 
/**
 * The header's language flags: this page in each language, a link carrying the
 * choice (`site::language_links`).
 */
alternates: Alternates, company: Company, tariff: Tariff, 
/**
 * Reservation page: which form is shown first (`?mode=whatsapp`).
 */
reservationMode: ReservationMode, 
/**
 * Set when the page answers a form post (no JavaScript).
 */
form?: FormState, 
/**
 * What the booking forms offer and accept.
 */
bookingRules: BookingRules, 
/**
 * Landing page: the route it describes.
 */
landing?: LandingRoute, 
/**
 * A legal page: its text.
 */
legal?: LegalContent, 
/**
 * Who answers the address fields' suggestions (the attribution shown with them).
 */
placesProvider: PlacesProviderName, 
/**
 * The form pages: the answer hours and the next closure (`site::service_notes`).
 */
serviceNotes?: ServiceNotes, };

/**
 * How to reach the company: what the forms link to.
 */
export type ContactPoints = { phoneDisplay: string, phoneHref: string, email: string, whatsappHref: string, };

/**
 * What a form page's island is hydrated with (`ui/src/client/hydrate.tsx`): what its
 * components read of the page's props. The tariff, the other languages' paths and the footer's
 * company details only the server's render of the whole page reads.
 */
export type IslandProps = { page: PageName, lang: Lang, links: Links, company: ContactPoints, reservationMode: ReservationMode, form?: FormState, bookingRules: BookingRules, placesProvider: PlacesProviderName, serviceNotes?: ServiceNotes, };

/**
 * The staff answer page's props: the site's, and the page.
 */
export type StaffPageProps = { staff: StaffPage, page: PageName, lang: Lang, links: Links, 
/**
 * The header's language flags: this page in each language, a link carrying the
 * choice (`site::language_links`).
 */
alternates: Alternates, company: Company, tariff: Tariff, 
/**
 * Reservation page: which form is shown first (`?mode=whatsapp`).
 */
reservationMode: ReservationMode, 
/**
 * Set when the page answers a form post (no JavaScript).
 */
form?: FormState, 
/**
 * What the booking forms offer and accept.
 */
bookingRules: BookingRules, 
/**
 * Landing page: the route it describes.
 */
landing?: LandingRoute, 
/**
 * A legal page: its text.
 */
legal?: LegalContent, 
/**
 * Who answers the address fields' suggestions (the attribution shown with them).
 */
placesProvider: PlacesProviderName, 
/**
 * The form pages: the answer hours and the next closure (`site::service_notes`).
 */
serviceNotes?: ServiceNotes, };

/**
 * The manage page's props: the site's, and the page.
 */
export type ManagePageProps = { manage: ManagePage, page: PageName, lang: Lang, links: Links, 
/**
 * The header's language flags: this page in each language, a link carrying the
 * choice (`site::language_links`).
 */
alternates: Alternates, company: Company, tariff: Tariff, 
/**
 * Reservation page: which form is shown first (`?mode=whatsapp`).
 */
reservationMode: ReservationMode, 
/**
 * Set when the page answers a form post (no JavaScript).
 */
form?: FormState, 
/**
 * What the booking forms offer and accept.
 */
bookingRules: BookingRules, 
/**
 * Landing page: the route it describes.
 */
landing?: LandingRoute, 
/**
 * A legal page: its text.
 */
legal?: LegalContent, 
/**
 * Who answers the address fields' suggestions (the attribution shown with them).
 */
placesProvider: PlacesProviderName, 
/**
 * The form pages: the answer hours and the next closure (`site::service_notes`).
 */
serviceNotes?: ServiceNotes, };

/**
 * One entry of the suggestion list (`/api/place-suggestions`).
 */
export type Suggestion = { id: string, mainText: string, secondaryText: string, 
/**
 * Placed only roughly (a typed street at its town, a postcode area): the list says so.
 */
approximate: boolean, 
/**
 * What the place is, when the provider says (an airport, a town, …).
 */
kind?: PlaceKind, };

/**
 * `GET /api/place-suggestions`.
 */
export type Suggestions = { suggestions: Array<Suggestion>, };

/**
 * What a chosen place is. A `locality` or `postcode` names no street: a pick-up
 * there needs the street and house number asked separately.
 */
export type PlaceKind = "address" | "locality" | "postcode" | "airport" | "station" | "poi";

/**
 * A chosen place (`/api/place-details/{id}`).
 */
export type PlaceDetails = { id: string, formattedAddress: string, displayName: string, 
/**
 * Always sent; optional for the client, which also builds places from form values.
 */
kind?: PlaceKind, 
/**
 * Whether `location` is only roughly the place (see [`Suggestion::approximate`]).
 */
approximate?: boolean, };

/**
 * A booking or contact message accepted.
 */
export type Accepted = { message: string, summary?: Array<SummaryRow>, noMail?: string, manage?: ActionLink, };

/**
 * A link the server made, with its label.
 */
export type ActionLink = { label: string, href: string, };

/**
 * One line of what was sent, in the visitor's language.
 */
export type SummaryRow = { label: string, value: string, };

/**
 * A WhatsApp booking checked: the chat link with the prefilled message.
 */
export type WhatsappReady = { message: string, whatsappUrl: string, };

/**
 * Said under the pick-up time when the ride starts before the answer the
 * booking mail promises (a night request for an early ride): phone instead.
 * And what Send would refuse in the pick-up and return times (a closed day,
 * a return before the outward ride), by field, in the request's language.
 */
export type PickupNote = { note?: string, errors: { [key in string]: string }, };

/**
 * A typed phone number as read: all but `error` when it is a number,
 * only `error` when not, nothing for an empty field.
 */
export type PhoneReading = { 
/**
 * `+31 6 12345678`.
 */
international?: string, 
/**
 * The number's country in the page's language (none for numbers of no country, `+800 …`).
 */
country?: string, 
/**
 * Both as the form shows them: `+31 6 12345678 (Nederland)`.
 */
shown?: string, 
/**
 * What sending it would say under the field.
 */
error?: string, };

/**
 * The answer of `GET /api/challenge`: a challenge to solve, or none while
 * no proof is asked.
 */
export type ProofChallenge = { 
/**
 * ALTCHA's challenge (`altcha-lib`'s `Challenge`), as the solver takes it.
 */
challenge?: unknown, };

/**
 * A form refused field by field: field name → message.
 */
export type Invalid = { errors: { [key in string]: string }, };

/**
 * Any other refusal or failure, in the request's language.
 */
export type Failure = { errorMessage: string, };

/**
 * A booking by WhatsApp: the ride, its extras and who travels. A booking
 * by mail sends the same and more (`ReservationRequest`).
 */
export type WhatsappRequest = { name: string, passengerAmount: string, 
/**
 * `2026-11-24T14:30`, the ride's local time.
 */
dateTime: string, 
/**
 * Empty for a one-way ride.
 */
returnDateTime: string, 
/**
 * The pick-up as typed, or the chosen place's address.
 */
departure: string, 
/**
 * The place chosen from the list; empty when none was.
 */
departurePlaceId: string, 
/**
 * The street of a pick-up at a whole town.
 */
pickupStreet: string, destination: string, destinationPlaceId: string, 
/**
 * One stop on the way, as typed or the chosen place's address; empty for none.
 */
via: string, 
/**
 * The stop's place chosen from the list; empty when none was.
 */
viaPlaceId: string, flightNumber: string, 
/**
 * Pieces of luggage, `0`–`20`; empty is none.
 */
luggage: string, 
/**
 * Child seats to bring, `0`–`4`; empty is none.
 */
childSeats: string, 
/**
 * `true` when a foldable wheelchair travels along (a checkbox's `on` too); empty is not.
 */
wheelchair: string, remarks: string, 
/**
 * `debitcard`, `creditcard`, `cash`, `invoice` (where the owner enables it), or empty.
 */
paymentMethod: string, 
/**
 * The company invoiced: asked, and required, for `invoice` only.
 */
companyName: string, 
/**
 * The company's own reference for the invoice (optional).
 */
invoiceReference: string, };

/**
 * A booking by mail: the ride as a WhatsApp booking sends it, who to
 * mail, and the chosen places' short names.
 */
export type ReservationRequest = { email: string, phone: string, 
/**
 * The chosen pick-up place's name (`Roermond`), for the mails.
 */
departureName: string, destinationName: string, name: string, passengerAmount: string, 
/**
 * `2026-11-24T14:30`, the ride's local time.
 */
dateTime: string, 
/**
 * Empty for a one-way ride.
 */
returnDateTime: string, 
/**
 * The pick-up as typed, or the chosen place's address.
 */
departure: string, 
/**
 * The place chosen from the list; empty when none was.
 */
departurePlaceId: string, 
/**
 * The street of a pick-up at a whole town.
 */
pickupStreet: string, destination: string, destinationPlaceId: string, 
/**
 * One stop on the way, as typed or the chosen place's address; empty for none.
 */
via: string, 
/**
 * The stop's place chosen from the list; empty when none was.
 */
viaPlaceId: string, flightNumber: string, 
/**
 * Pieces of luggage, `0`–`20`; empty is none.
 */
luggage: string, 
/**
 * Child seats to bring, `0`–`4`; empty is none.
 */
childSeats: string, 
/**
 * `true` when a foldable wheelchair travels along (a checkbox's `on` too); empty is not.
 */
wheelchair: string, remarks: string, 
/**
 * `debitcard`, `creditcard`, `cash`, `invoice` (where the owner enables it), or empty.
 */
paymentMethod: string, 
/**
 * The company invoiced: asked, and required, for `invoice` only.
 */
companyName: string, 
/**
 * The company's own reference for the invoice (optional).
 */
invoiceReference: string, };

/**
 * A question from the contact form.
 */
export type ContactRequest = { name: string, email: string, phone: string, subject: string, message: string, };

/**
 * A phone number to read, as the forms' phone field sends it.
 */
export type PhoneCheckRequest = { phone: string, };

/**
 * What the manage page's forms post (plain HTML forms: each sends its
 * own few of these, and one left out reads as empty).
 */
export type ManageRequest = { 
/**
 * The step: `accept`, `ask` or `cancel` (`CustomerAction`).
 */
action: string, 
/**
 * The booking's version the page showed (`bookings::version`).
 */
version: string, 
/**
 * The pick-up time asked for.
 */
dateTime: string, 
/**
 * The return ride's time asked for, on a round trip's page.
 */
returnDateTime: string, 
/**
 * The customer's words to staff.
 */
note: string, 
/**
 * `yes` from the cancellation's second thought: a cancel without it
 * only asks "are you sure?".
 */
confirmed: string, };

/**
 * What the staff answer page's forms post (plain HTML forms: each sends
 * its own few of these, and one left out reads as empty).
 */
export type StaffAnswerRequest = { 
/**
 * The booking's version the page showed (`bookings::version`).
 */
version: string, 
/**
 * The pick-up time staff propose.
 */
dateTime: string, 
/**
 * Why staff decline: a `DeclineReason`.
 */
reason: string, 
/**
 * Staff's words to the customer.
 */
note: string, 
/**
 * Junk: `one` or `network` (`staff_answers::junk`).
 */
scope: string, 
/**
 * Junk: the moment the page listed the network's requests (seconds).
 */
through: string, };

/** Characters per field, and the address search's limits; the server applies the same. */
export const LIMITS = {
  "name": 100,
  "email": 100,
  "phone": 30,
  "subject": 50,
  "message": 500,
  "address": 300,
  "pickupStreet": 100,
  "flightNumber": 10,
  "remarks": 500,
  "companyName": 100,
  "invoiceReference": 50,
  "luggage": 20,
  "childSeats": 4,
  "searchMinChars": 2,
  "searchMaxChars": 200,
  "maxSuggestions": 8
} as const;

/** The field people never see and bots fill in. */
export const HONEYPOT_FIELD = "website" as const;

/** The field a post carries its proof of work in, while one is asked. */
export const PROOF_FIELD = "altcha" as const;

/** The API's route patterns; fill them in with `apiPath`. */
export const API_PATHS = {
  "reservation": "/api/reservation/{language}",
  "whatsappReservation": "/api/whatsappreservation/{language}",
  "contact": "/api/contact/{language}",
  "placeSuggestions": "/api/place-suggestions",
  "placeDetails": "/api/place-details/{id}",
  "price": "/api/places/{pickup}/{destination}",
  "pickupNote": "/api/pickup-note/{dateTime}",
  "phoneCheck": "/api/phone/{language}",
  "challenge": "/api/challenge"
} as const;

/** The manage page's field names (`ManageRequest`), for its plain HTML forms. */
export const MANAGE_FIELDS = {
  "action": "action",
  "version": "version",
  "dateTime": "dateTime",
  "returnDateTime": "returnDateTime",
  "note": "note",
  "confirmed": "confirmed"
} as const;

/** The staff answer page's field names (`StaffAnswerRequest`), for its plain HTML forms. */
export const STAFF_ANSWER_FIELDS = {
  "version": "version",
  "dateTime": "dateTime",
  "reason": "reason",
  "note": "note",
  "scope": "scope",
  "through": "through"
} as const;
