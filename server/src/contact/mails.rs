//! A contact message's mails: the message to staff, and a short
//! acknowledgement to the sender that never repeats the message (the form must
//! not become a way to mail any text to any address).
use std::{sync::Arc, time::SystemTime};

use crate::{
    config::{CompanySettings, MailSettings, Settings},
    contact::model::ContactMessage,
    i18n::{
        format::{date_time_long, local},
        Locales,
    },
    mail::{
        customer::{CustomerLetter, CustomerView, Screened},
        layout::{Block, MailView, Views, SHORT_MAX},
        message::{with_phone, Letter, Letterhead, MailKind, OutgoingMail},
        text::{header_line, one_line, paragraph, FIELD_MAX, MESSAGE_MAX, SUBJECT_MAX},
        DeliveryError,
    },
    types::{person_name::carries_contact, Lang},
};

/// The question, to staff.
pub const STAFF_CONTACT: MailKind = MailKind::new("staff-contact");
/// The acknowledgement to the sender.
pub const CONTACT_ACK: MailKind = MailKind::new("contact-ack");

pub struct ContactMails {
    head: Letterhead,
    locales: Arc<Locales>,
    company: CompanySettings,
    mail: MailSettings,
}

impl ContactMails {
    pub fn new(settings: &Settings, locales: Arc<Locales>) -> Result<Self, DeliveryError> {
        Ok(Self {
            head: Letterhead::new(&settings.mail, locales.clone()),
            locales,
            company: settings.company.clone(),
            mail: settings.mail.clone(),
        })
    }

    fn views(&self) -> Views<'_> {
        Views { locales: &self.locales, company: &self.company, mail: &self.mail }
    }

    /// The staff mail and the sender's acknowledgement.
    pub fn contact(&self, c: &ContactMessage, nonce: &str) -> Result<Vec<OutgoingMail>, DeliveryError> {
        let sender = self.head.customer_mailbox(&c.email);
        let date = SystemTime::from(c.received_at);
        let view = staff_contact(&self.views(), c, self.head.staff_lang);
        let mut mails = vec![self.head.to_staff(
            Letter {
                kind: STAFF_CONTACT,
                reference: &c.reference,
                nonce,
                view: &view,
                date,
                attachment: None,
            },
            sender.as_ref(),
        )?];
        match sender.filter(|_| c.acknowledged) {
            Some(to) => {
                let view = CustomerView::draw(&self.views(), &AckCopy::of(c), (), contact_ack);
                let letter = CustomerLetter {
                    kind: CONTACT_ACK,
                    reference: &c.reference,
                    nonce,
                    view: &view,
                    date,
                    attachment: None,
                    opens: true,
                };
                mails.push(self.head.to_customer(letter, to)?);
            }
            None => {
                tracing::info!(reference = %c.reference, "contact message without a usable or open address: no acknowledgement")
            }
        }
        Ok(with_phone(mails, c.phone.as_deref().map(str::to_owned)))
    }
}

/// The staff's mail for a contact message.
pub fn staff_contact(v: &Views<'_>, c: &ContactMessage, lang: Lang) -> MailView {
    let short_name = one_line(&c.name, SHORT_MAX);
    let subject_text = one_line(&c.subject, FIELD_MAX);
    let subject =
        v.f(lang, "mail.staffContact.subject", &[("name", &short_name), ("subject", &subject_text)]);
    let mut view =
        MailView::new(lang, header_line(&subject, SUBJECT_MAX), v.t(lang, "mail.staffContact.heading"));
    view.intro.push(v.f(lang, "mail.staffContact.intro", &[("name", &short_name)]));
    view.actions = v.customer_actions(lang, &short_name, c.phone.as_deref());
    view.rows = vec![
        v.row(lang, "reference", c.reference.to_string()),
        v.row(lang, "name", one_line(&c.name, FIELD_MAX)),
        v.link_row(
            lang,
            "email",
            one_line(&c.email, FIELD_MAX),
            Some(format!("mailto:{}", one_line(&c.email, FIELD_MAX))),
        ),
        v.phone_row(lang, c.phone.as_deref()),
        v.row(lang, "language", v.t(lang, &format!("nav.languageNames.{}", c.lang.code()))),
        v.row(lang, "received", date_time_long(v.locales, lang, local(c.received_at))),
        v.row(lang, "subject", subject_text),
    ];
    view.block =
        Some(Block { label: v.t(lang, "mail.field.message"), text: paragraph(&c.message, MESSAGE_MAX) });
    view.footer.push(v.f(lang, "mail.automatic", &[("company", &v.company.name)]));
    view
}

/// What the acknowledgement may repeat of a contact message: its reference,
/// language and the sender's name (cleared when it carries a link or a number,
/// as names were not refused before).
struct AckCopy {
    reference: String,
    lang: Lang,
    name: String,
}

impl AckCopy {
    fn of(c: &ContactMessage) -> Self {
        let name = if carries_contact(&c.name) { String::new() } else { one_line(&c.name, SHORT_MAX) };
        Self { reference: c.reference.to_string(), lang: c.lang, name }
    }
}

impl Screened for AckCopy {}

/// The short acknowledgement to the sender of a contact message. It does
/// not repeat the message: the form must not become a way to mail any text
/// to any address.
fn contact_ack(v: &Views<'_>, c: &AckCopy, (): ()) -> MailView {
    let lang = c.lang;
    let mut view = MailView::new(
        lang,
        header_line(&v.f(lang, "mail.contactAck.subject", &[("reference", &c.reference)]), SUBJECT_MAX),
        v.t(lang, "mail.contactAck.heading"),
    );
    view.intro = vec![
        v.f(lang, "mail.greeting", &[("name", &c.name)]),
        v.f(lang, "mail.contactAck.received", &[("company", &v.company.name)]),
        v.f(lang, "mail.contactAck.urgent", &[("phone", &v.company.phone_shown(lang))]),
    ];
    view.rows = vec![v.row(lang, "reference", c.reference.clone())];
    v.sign_off(&mut view);
    view
}
