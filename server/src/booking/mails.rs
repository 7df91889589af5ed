//! Turns a booking or a contact message into complete MIME messages.
//!
//! Every mail is rendered once, when the request comes in, and stored in the
//! spool as the exact bytes that will be sent: a retry or a resend after a
//! crash sends the same Message-ID, date and content, so mail clients collapse
//! a duplicate. Headers are built by lettre from cleaned text (`text.rs`):
//! lettre encodes non-ASCII names and subjects as RFC 2047 encoded words.
use std::{sync::Arc, time::SystemTime};

use lettre::{
    message::{
        header::{ContentType, HeaderName, HeaderValue},
        Attachment, Mailbox, MultiPart,
    },
    Address, Message,
};
use serde::{Deserialize, Serialize};

use crate::{
    booking::model::{Booking, ContactMessage, TripExtras},
    config::{CompanySettings, MailSettings, Settings},
    i18n::Locales,
    secret::SecretKey,
    types::Lang,
};

use crate::{
    booking::{
        ics,
        views::{place_long, place_short, MailView, Views},
    },
    mail::{
        templates::{HtmlMail, TextMail},
        text::{header_line, one_line},
        DeliveryError,
    },
};
use askama::Template as _;

/// Which kind of mail an entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum MailKind {
    StaffBooking,
    CustomerBooking,
    StaffContact,
    ContactAck,
    /// Tells staff that another mail could not be delivered.
    FailureNotice,
    /// Staff's answer to a booking: confirmed, another time proposed, declined.
    CustomerAnswer,
}

impl MailKind {
    pub fn code(self) -> &'static str {
        match self {
            Self::StaffBooking => "staff-booking",
            Self::CustomerBooking => "customer-booking",
            Self::StaffContact => "staff-contact",
            Self::ContactAck => "contact-ack",
            Self::FailureNotice => "failure-notice",
            Self::CustomerAnswer => "customer-answer",
        }
    }

    /// The name of this kind in the locale files (`mail.failureNotice.kind.*`).
    fn locale_key(self) -> &'static str {
        match self {
            Self::StaffBooking => "staffBooking",
            Self::CustomerBooking => "customerBooking",
            Self::StaffContact => "staffContact",
            Self::ContactAck => "contactAck",
            Self::FailureNotice => "failureNotice",
            Self::CustomerAnswer => "customerAnswer",
        }
    }
}

/// A rendered mail with its envelope, ready for the spool.
#[derive(Debug, Clone)]
pub struct OutgoingMail {
    pub kind: MailKind,
    pub reference: String,
    pub message_id: String,
    pub subject: String,
    /// Envelope sender (bounces go here): the address of `mail.from`.
    pub envelope_from: String,
    pub recipients: Vec<String>,
    /// The plain-text body as rendered (kept for tests and logs of size).
    pub text: String,
    /// The calendar attachment, when there is one.
    pub ics: Option<String>,
    /// The complete message, CRLF line ends.
    pub raw: Vec<u8>,
    /// The customer's phone as given, for the notice to staff if this mail fails.
    pub customer_phone: Option<String>,
}

/// What the staff notice about an undeliverable mail names.
pub struct FailedMail<'a> {
    pub reference: &'a str,
    pub kind: MailKind,
    pub recipient: &'a str,
    pub answer: &'a str,
    pub customer_phone: Option<&'a str>,
}

/// Characters of the visitor's name a customer confirmation repeats.
const CUSTOMER_NAME_MAX: usize = 40;

pub struct Composer {
    pub(crate) locales: Arc<Locales>,
    pub(crate) company: CompanySettings,
    mail: MailSettings,
    pub(crate) staff_lang: Lang,
    from: Mailbox,
    staff: Vec<Mailbox>,
    /// Right-hand side of Message-IDs and calendar UIDs: the sender's domain.
    domain: String,
    /// Signs the answer links in staff mails.
    pub(crate) key: SecretKey,
    /// The site's public origin, for links in mails.
    pub(crate) base_url: String,
}

impl Composer {
    pub fn new(settings: &Settings, locales: Arc<Locales>) -> Result<Self, DeliveryError> {
        let from: Mailbox = settings.mail.from.parse().map_err(|e| {
            DeliveryError::Config(format!("mail.from `{}` is not a mailbox: {e}", settings.mail.from))
        })?;
        let staff = settings
            .mail
            .staff_recipients
            .iter()
            .map(|r| {
                r.parse::<Mailbox>().map_err(|e| {
                    DeliveryError::Config(format!("mail.staff_recipients: `{r}` is not a mailbox: {e}"))
                })
            })
            .collect::<Result<Vec<_>, _>>()?;
        let domain = from.email.domain().to_string();
        let (key, _) = SecretKey::load(settings).map_err(|e| {
            DeliveryError::Config(format!("the secret key (TAXI_SECRET_KEY or data_dir): {e}"))
        })?;
        Ok(Self {
            locales,
            company: settings.company.clone(),
            mail: settings.mail.clone(),
            staff_lang: settings.mail.staff_language,
            from,
            staff,
            domain,
            key,
            base_url: settings.site.base_url.clone(),
        })
    }

    pub(crate) fn views(&self) -> Views<'_> {
        Views { locales: &self.locales, company: &self.company, mail: &self.mail }
    }

    /// The calendar UID of a booking: every `.ics` of it carries this one.
    pub fn calendar_uid(&self, reference: &str, nonce: &str) -> String {
        format!("{}.{}@{}", safe_token(reference), safe_token(nonce), self.domain)
    }

    /// The staff mail and, when the customer's address is usable, the
    /// customer's confirmation. `nonce` makes Message-IDs unique per request.
    pub fn booking(&self, b: &Booking, nonce: &str) -> Result<Vec<OutgoingMail>, DeliveryError> {
        let customer = self.customer_mailbox(&b.name, &b.email);
        let uid = self.calendar_uid(&b.reference, nonce);
        let date = SystemTime::from(b.received_at);
        let mut staff_view = self.views().staff_booking(b, self.staff_lang);
        staff_view.answers = self.answer_links(b);
        let staff_ics = self.booking_ics(b, self.staff_lang, &uid, &staff_view, false, ics::Revision::BOOKED);
        let mut mails = vec![self.build(
            MailKind::StaffBooking,
            &b.reference,
            nonce,
            &staff_view,
            self.staff.clone(),
            customer.clone(),
            date,
            Some((self.ics_name(b, self.staff_lang), staff_ics)),
        )?];
        let phone = b.phone.clone();
        let b = &self.customer_copy(b);
        match self.customer_mailbox(&b.name, &b.email).filter(|_| !b.confirmation_withheld) {
            Some(to) => {
                let view = self.views().customer_booking(b);
                let ics = self.booking_ics(b, b.lang, &uid, &view, true, ics::Revision::BOOKED);
                // Replies go to `From`, the company.
                mails.push(self.build(
                    MailKind::CustomerBooking,
                    &b.reference,
                    nonce,
                    &view,
                    vec![to],
                    None,
                    date,
                    Some((self.ics_name(b, b.lang), ics)),
                )?);
            }
            None => {
                tracing::warn!(reference = %b.reference, "booking without a usable customer address: no confirmation mail")
            }
        }
        Ok(with_phone(mails, phone))
    }

    /// What the customer's confirmation may repeat of a booking: the name (cut
    /// short), the places as the provider names them, and the server's own
    /// figures. Nothing else the visitor typed reaches the recipient's mailbox,
    /// so the form cannot be used to send a stranger someone's text.
    pub(crate) fn customer_copy(&self, b: &Booking) -> Booking {
        let place = |a: &crate::booking::model::Address| match &a.listed {
            Some(listed) => crate::booking::model::Address {
                name: listed.name.clone(),
                formatted: listed.formatted.clone(),
                place_id: None,
                listed: a.listed.clone(),
            },
            None => {
                let text = self.locales.text(b.lang, "mail.value.asRequested").to_string();
                crate::booking::model::Address {
                    name: text.clone(),
                    formatted: text,
                    place_id: None,
                    listed: None,
                }
            }
        };
        Booking {
            name: b.name.chars().take(CUSTOMER_NAME_MAX).collect(),
            phone: None,
            // Typed by the visitor: for the planners only.
            extras: TripExtras { pickup_street: None, remarks: None, ..b.extras.clone() },
            departure: place(&b.departure),
            destination: place(&b.destination),
            ..b.clone()
        }
    }

    /// The staff mail and the sender's acknowledgement.
    pub fn contact(&self, c: &ContactMessage, nonce: &str) -> Result<Vec<OutgoingMail>, DeliveryError> {
        let sender = self.customer_mailbox(&c.name, &c.email);
        let date = SystemTime::from(c.received_at);
        let view = self.views().staff_contact(c, self.staff_lang);
        let mut mails = vec![self.build(
            MailKind::StaffContact,
            &c.reference,
            nonce,
            &view,
            self.staff.clone(),
            sender.clone(),
            date,
            None,
        )?];
        match sender {
            Some(to) => {
                let view = self.views().contact_ack(c);
                mails.push(self.build(
                    MailKind::ContactAck,
                    &c.reference,
                    nonce,
                    &view,
                    vec![to],
                    None,
                    date,
                    None,
                )?);
            }
            None => {
                tracing::warn!(reference = %c.reference, "contact message without a usable address: no acknowledgement")
            }
        }
        Ok(with_phone(mails, c.phone.clone()))
    }

    /// A short plain-text notice to staff, in the staff language: which mail
    /// did not arrive, for whom, the server's answer, and the customer's phone
    /// so staff can reach the customer another way.
    pub fn failure_notice(
        &self,
        failed: &FailedMail<'_>,
        nonce: &str,
    ) -> Result<OutgoingMail, DeliveryError> {
        let (lang, l) = (self.staff_lang, &*self.locales);
        let reference = failed.reference;
        let not_given = l.text(lang, "mail.value.notGiven").to_string();
        let phone =
            failed.customer_phone.map(|p| one_line(p, 40)).filter(|p| !p.is_empty()).unwrap_or(not_given);
        let which =
            l.text(lang, &format!("mail.failureNotice.kind.{}", failed.kind.locale_key())).to_string();
        let args = [
            ("reference", reference),
            ("mail", which.as_str()),
            ("recipient", failed.recipient),
            ("answer", failed.answer),
            ("phone", phone.as_str()),
        ];
        let subject = header_line(&l.format(lang, "mail.failureNotice.subject", &args), 200);
        let text = ["intro", "recipient", "answer", "phone", "action"]
            .iter()
            .map(|line| l.format(lang, &format!("mail.failureNotice.{line}"), &args))
            .collect::<Vec<_>>()
            .join("\r\n\r\n")
            + "\r\n";
        let message_id = self.message_id(reference, MailKind::FailureNotice, nonce);
        let mut builder = Message::builder()
            .from(self.from.clone())
            .subject(subject.clone())
            .date(SystemTime::now())
            .message_id(Some(message_id.clone()))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Content-Language"),
                lang.code().to_string(),
            ))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Auto-Submitted"),
                "auto-generated".into(),
            ));
        for mailbox in &self.staff {
            builder = builder.to(mailbox.clone());
        }
        let message = builder
            .singlepart(lettre::message::SinglePart::plain(text.clone()))
            .map_err(|e| DeliveryError::Compose(format!("failure-notice {reference}: {e}")))?;
        Ok(OutgoingMail {
            kind: MailKind::FailureNotice,
            reference: reference.to_string(),
            message_id,
            subject,
            envelope_from: self.from.email.to_string(),
            recipients: self.staff.iter().map(|m| m.email.to_string()).collect(),
            text,
            ics: None,
            raw: message.formatted(),
            customer_phone: None,
        })
    }

    /// `<R7K3Q9.staff-booking.k2m9x4@taxiroermond.example>`
    pub fn message_id(&self, reference: &str, kind: MailKind, nonce: &str) -> String {
        format!("<{}.{}.{}@{}>", safe_token(reference), kind.code(), safe_token(nonce), self.domain)
    }

    pub(crate) fn customer_mailbox(&self, name: &str, email: &str) -> Option<Mailbox> {
        let address: Address = email.trim().parse().ok()?;
        let name = header_line(name, 80);
        Some(Mailbox::new((!name.is_empty()).then_some(name), address))
    }

    pub(crate) fn ics_name(&self, b: &Booking, lang: Lang) -> String {
        self.locales.format(lang, "mail.calendar.fileName", &[("reference", &safe_token(&b.reference))])
    }

    /// The ride as a calendar event; its description repeats the mail's fields
    /// (and, for the customer, how to reach the company).
    pub(crate) fn booking_ics(
        &self,
        b: &Booking,
        lang: Lang,
        uid: &str,
        view: &MailView,
        with_contact: bool,
        revision: ics::Revision,
    ) -> String {
        let summary = self.locales.format(
            lang,
            "mail.calendar.summary",
            &[
                ("from", &place_short(&b.departure)),
                ("to", &place_short(&b.destination)),
                ("reference", &b.reference),
            ],
        );
        let mut lines: Vec<String> = view.rows.iter().map(|r| format!("{}: {}", r.label, r.value)).collect();
        if let Some(block) = &view.block {
            lines.push(format!("{}: {}", block.label, block.text));
        }
        if with_contact {
            lines.push(String::new());
            lines.push(self.company.name.clone());
            lines.extend(view.contact.iter().map(|r| format!("{}: {}", r.label, r.value)));
        }
        let duration_min = b
            .price
            .as_ref()
            .map(|p| p.duration_min)
            .filter(|m| m.is_finite() && *m >= 1.0)
            .map(|m| m.ceil() as i64)
            .unwrap_or(ics::DEFAULT_DURATION_MIN);
        let outward = ics::Event {
            uid: uid.to_string(),
            stamp: revision.stamp.unwrap_or(b.received_at),
            sequence: revision.sequence,
            status: revision.status,
            start: b.pickup_at,
            duration_min,
            summary,
            location: match &b.extras.pickup_street {
                Some(street) => format!("{street}, {}", place_long(&b.departure)),
                None => place_long(&b.departure),
            },
            description: lines.join("\n"),
        };
        // The ride back as a second event, from the destination.
        let back = b.extras.return_trip.as_ref().map(|back| ics::Event {
            uid: format!("return.{uid}"),
            start: back.pickup_at,
            summary: self.locales.format(
                lang,
                "funnel.mail.calendarReturnSummary",
                &[
                    ("from", &place_short(&b.destination)),
                    ("to", &place_short(&b.departure)),
                    ("reference", &b.reference),
                ],
            ),
            location: place_long(&b.destination),
            ..outward.clone()
        });
        ics::calendar(&self.company.name, &[Some(outward), back].into_iter().flatten().collect::<Vec<_>>())
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn build(
        &self,
        kind: MailKind,
        reference: &str,
        nonce: &str,
        view: &MailView,
        to: Vec<Mailbox>,
        reply_to: Option<Mailbox>,
        date: SystemTime,
        attachment: Option<(String, String)>,
    ) -> Result<OutgoingMail, DeliveryError> {
        let compose =
            |e: &dyn std::fmt::Display| DeliveryError::Compose(format!("{} {reference}: {e}", kind.code()));
        let text = TextMail { v: view }.render().map_err(|e| compose(&e))?;
        let html = HtmlMail { v: view }.render().map_err(|e| compose(&e))?;
        let message_id = self.message_id(reference, kind, nonce);
        let mut builder = Message::builder()
            .from(self.from.clone())
            .subject(view.subject.clone())
            .date(date)
            .message_id(Some(message_id.clone()))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Content-Language"),
                view.lang.code().to_string(),
            ));
        if matches!(kind, MailKind::CustomerBooking | MailKind::ContactAck | MailKind::CustomerAnswer) {
            // RFC 3834: no out-of-office replies to these.
            builder = builder.raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Auto-Submitted"),
                "auto-generated".into(),
            ));
        }
        let recipients: Vec<String> = to.iter().map(|m| m.email.to_string()).collect();
        for mailbox in to {
            builder = builder.to(mailbox);
        }
        if let Some(mailbox) = reply_to {
            builder = builder.reply_to(mailbox);
        }
        let alternative = MultiPart::alternative_plain_html(text.clone(), html);
        let ics_text = attachment.as_ref().map(|(_, ics)| ics.clone());
        let body = match attachment {
            Some((file_name, ics)) => MultiPart::mixed().multipart(alternative).singlepart(
                Attachment::new(one_line(&file_name, 80)).body(
                    ics,
                    ContentType::parse("text/calendar; charset=utf-8; method=PUBLISH")
                        .expect("valid content type"),
                ),
            ),
            None => alternative,
        };
        let message = builder.multipart(body).map_err(|e| compose(&e))?;
        Ok(OutgoingMail {
            kind,
            reference: reference.to_string(),
            message_id,
            subject: view.subject.clone(),
            envelope_from: self.from.email.to_string(),
            recipients,
            text,
            ics: ics_text,
            raw: message.formatted(),
            customer_phone: None,
        })
    }
}

pub(crate) fn with_phone(mut mails: Vec<OutgoingMail>, phone: Option<String>) -> Vec<OutgoingMail> {
    for mail in &mut mails {
        mail.customer_phone = phone.clone();
    }
    mails
}

/// Letters, digits and `-` only, at most 32: safe in ids, file names and headers.
pub fn safe_token(text: &str) -> String {
    text.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').take(32).collect()
}
