//! A mail as the outbox keeps it: rendered once, when the request comes in,
//! and stored as the exact bytes that will be sent, so a retry or
//! a resend after a crash sends the same Message-ID, date and content and mail
//! clients collapse a duplicate. [`Letterhead`] is what every mail shares:
//! the sender, staff's mailboxes, Message-IDs, the MIME layout of a
//! [`MailView`], and the notice to staff when a mail cannot be delivered.
//! Headers are built by lettre from cleaned text (`text.rs`); lettre encodes
//! non-ASCII names and subjects as RFC 2047 encoded words.
use std::{sync::Arc, time::SystemTime};

use askama::Template as _;
use lettre::{
    message::{
        header::{ContentType, HeaderName, HeaderValue},
        Attachment, Mailbox, MultiPart,
    },
    Address, Message,
};

use crate::{
    config::MailSettings,
    i18n::Locales,
    mail::{
        customer::{CustomerAddress, CustomerLetter, GateTag},
        layout::MailView,
        templates::{HtmlMail, TextMail},
        text::{header_line, one_line},
        DeliveryError,
    },
    types::{Email, Lang},
};

/// Which kind of mail a row is, named by the capability that composes it
/// (`staff-booking`, `customer-answer`, …): it appears in the Message-ID and
/// in the staff notice about an undelivered mail (`mail.failureNotice.kind.*`
/// in the locale files, the code in camelCase). The outbox tells only its
/// own notices apart.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MailKind(std::borrow::Cow<'static, str>);

impl MailKind {
    /// Tells staff that another mail could not be delivered, or that the store was restored.
    pub const NOTICE: MailKind = MailKind::new("failure-notice");

    /// A kind with this code: lower-case letters and hyphens.
    pub const fn new(code: &'static str) -> Self {
        Self(std::borrow::Cow::Borrowed(code))
    }

    /// The kind a stored code names; `None` for anything but lower-case letters and hyphens.
    pub fn parse(code: &str) -> Option<Self> {
        let fine =
            (1..=40).contains(&code.len()) && code.bytes().all(|b| b.is_ascii_lowercase() || b == b'-');
        fine.then(|| Self(std::borrow::Cow::Owned(code.to_string())))
    }

    pub fn code(&self) -> &str {
        &self.0
    }

    /// The name of this kind in the locale files: the code in camelCase.
    fn locale_key(&self) -> String {
        let mut key = String::with_capacity(self.0.len());
        let mut upper = false;
        for c in self.0.chars() {
            match c {
                '-' => upper = true,
                c if upper => {
                    key.push(c.to_ascii_uppercase());
                    upper = false;
                }
                c => key.push(c),
            }
        }
        key
    }
}

/// A rendered mail with its envelope, ready for the outbox.
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
    /// A mail that matters only until then (a reminder before a pick-up): not
    /// sent after it, nor once a later step of the same reference supersedes
    /// it ([`crate::mail::supersede`]). `None`: it goes whatever happens.
    pub perishes_at: Option<jiff::Timestamp>,
    /// For a mail to an address a visitor typed: its mailbox for the gate (`customer.rs`).
    pub customer: Option<GateTag>,
}

/// What the staff notice about an undeliverable mail names.
pub struct FailedMail<'a> {
    pub reference: &'a str,
    pub kind: MailKind,
    pub recipient: &'a str,
    pub answer: &'a str,
    pub customer_phone: Option<&'a str>,
    /// The server took the whole message and never answered: it may have arrived.
    pub outcome_unknown: bool,
}

/// The sender and staff's side of every mail.
pub struct Letterhead {
    pub locales: Arc<Locales>,
    pub staff_lang: Lang,
    from: Mailbox,
    staff: Vec<Mailbox>,
    /// Right-hand side of Message-IDs and calendar UIDs: the sender's domain.
    domain: String,
}

impl Letterhead {
    pub fn new(mail: &MailSettings, locales: Arc<Locales>) -> Self {
        let from = mail.from.0.clone();
        let staff = mail.staff_recipients.iter().map(|r| r.0.clone()).collect();
        let domain = from.email.domain().to_string();
        Self { locales, staff_lang: mail.staff_language, from, staff, domain }
    }

    /// Staff's mailboxes, the recipients of every staff mail.
    pub fn staff(&self) -> Vec<Mailbox> {
        self.staff.clone()
    }

    /// The sender's domain, for ids that must be unique to this site.
    pub fn domain(&self) -> &str {
        &self.domain
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
        // The lines that differ when the mail may have arrived after all.
        let unknown =
            |key: &'static str| if failed.outcome_unknown { format!("{key}Unknown") } else { key.into() };
        let subject =
            header_line(&l.format(lang, &format!("mail.failureNotice.{}", unknown("subject")), &args), 200);
        let text = [unknown("intro"), "recipient".into(), "answer".into(), "phone".into(), unknown("action")]
            .iter()
            .map(|line| l.format(lang, &format!("mail.failureNotice.{line}"), &args))
            .collect::<Vec<_>>()
            .join("\r\n\r\n")
            + "\r\n";
        self.staff_notice(reference, subject, text, nonce)
    }

    /// A plain-text notice to every staff mailbox, in the staff language
    /// (also the one after a restore, `restored.rs`).
    pub(crate) fn staff_notice(
        &self,
        reference: &str,
        subject: String,
        text: String,
        nonce: &str,
    ) -> Result<OutgoingMail, DeliveryError> {
        let lang = self.staff_lang;
        let message_id = self.message_id(reference, &MailKind::NOTICE, nonce);
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
            kind: MailKind::NOTICE,
            reference: reference.to_string(),
            message_id,
            subject,
            envelope_from: self.from.email.to_string(),
            recipients: self.staff.iter().map(|m| m.email.to_string()).collect(),
            text,
            ics: None,
            raw: message.formatted(),
            customer_phone: None,
            perishes_at: None,
            customer: None,
        })
    }

    /// `<R7K3Q9.staff-booking.k2m9x4@taxiroermond.example>`
    pub fn message_id(&self, reference: &str, kind: &MailKind, nonce: &str) -> String {
        format!("<{}.{}.{}@{}>", safe_token(reference), kind.code(), safe_token(nonce), self.domain)
    }

    /// A customer's mailbox, `None` when the typed address cannot be mailed.
    pub fn customer_mailbox(&self, email: &str) -> Option<CustomerAddress> {
        // The address only: a typed name in `To` is shown by mail programs as
        // the sender's words (a link, "URGENT: call …") in the company's mail.
        let email = Email::parse(email)?;
        let address = envelope_address(&email)?;
        Some(CustomerAddress { mailbox: Mailbox::new(None, address), key: email.mailbox() })
    }

    /// `letter` to the staff addresses, replies going to `reply_to` (the customer).
    pub fn to_staff(
        &self,
        letter: Letter<'_>,
        reply_to: Option<&CustomerAddress>,
    ) -> Result<OutgoingMail, DeliveryError> {
        self.to_staff_and(letter, Vec::new(), reply_to)
    }

    /// `letter` to the staff addresses and `more` (escalation addresses).
    pub fn to_staff_and(
        &self,
        letter: Letter<'_>,
        more: Vec<Mailbox>,
        reply_to: Option<&CustomerAddress>,
    ) -> Result<OutgoingMail, DeliveryError> {
        let to = self.staff().into_iter().chain(more).collect();
        self.build(letter, to, reply_to.map(CustomerAddress::mailbox), false)
    }

    /// `letter` to one customer; replies go to `From`, the company. Only a
    /// [`CustomerLetter`] can be sent here (see `customer.rs`).
    /// A mail to a customer: automated, so no out-of-office replies (RFC 3834).
    pub fn to_customer(
        &self,
        letter: CustomerLetter<'_>,
        to: CustomerAddress,
    ) -> Result<OutgoingMail, DeliveryError> {
        let CustomerLetter { kind, reference, nonce, view, date, attachment, opens } = letter;
        let attachment = attachment.map(|a| a.0);
        let mut mail = self.build(
            Letter { kind, reference, nonce, view, date, attachment },
            vec![to.mailbox],
            None,
            true,
        )?;
        mail.customer = Some(GateTag { mailbox: to.key, counted: opens });
        Ok(mail)
    }

    fn build(
        &self,
        letter: Letter<'_>,
        to: Vec<Mailbox>,
        reply_to: Option<Mailbox>,
        automated: bool,
    ) -> Result<OutgoingMail, DeliveryError> {
        let Letter { kind, reference, nonce, view, date, attachment } = letter;
        let compose =
            |e: &dyn std::fmt::Display| DeliveryError::Compose(format!("{} {reference}: {e}", kind.code()));
        let text = TextMail { v: view }.render().map_err(|e| compose(&e))?;
        let html = HtmlMail { v: view }.render().map_err(|e| compose(&e))?;
        let message_id = self.message_id(reference, &kind, nonce);
        let mut builder = Message::builder()
            .from(self.from.clone())
            .subject(view.subject.clone())
            .date(date)
            .message_id(Some(message_id.clone()))
            .raw_header(HeaderValue::new(
                HeaderName::new_from_ascii_str("Content-Language"),
                view.lang.code().to_string(),
            ));
        if automated {
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
            perishes_at: None,
            customer: None,
        })
    }
}

/// One mail to compose: what it is, for which booking or message (its
/// `Message-ID` is made of kind, reference and nonce), its text and attachment.
pub struct Letter<'a> {
    pub kind: MailKind,
    pub reference: &'a str,
    pub nonce: &'a str,
    pub view: &'a MailView,
    pub date: SystemTime,
    /// File name and `.ics` text.
    pub attachment: Option<(String, String)>,
}

/// The address a mail to the typed `email` goes to (its `To` and its
/// recipient row), `None` when it cannot be mailed.
pub fn customer_address(email: &str) -> Option<Address> {
    envelope_address(&Email::parse(email)?)
}

fn envelope_address(email: &Email) -> Option<Address> {
    email.for_envelope().parse().ok()
}

pub fn with_phone(mut mails: Vec<OutgoingMail>, phone: Option<String>) -> Vec<OutgoingMail> {
    for mail in &mut mails {
        mail.customer_phone = phone.clone();
    }
    mails
}

/// Letters, digits and `-` only, at most 32: safe in ids, file names and headers.
pub fn safe_token(text: &str) -> String {
    text.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').take(32).collect()
}
