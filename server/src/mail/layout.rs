//! The one layout every mail is drawn in, as data: headings, paragraphs,
//! labelled fields, links. Each capability describes its mails as a
//! [`MailView`]; the two askama templates (`templates.rs`) draw it as plain
//! text and HTML. Every visible word comes from `locales/*.json` under `mail`.
use crate::{
    config::{CompanySettings, MailSettings},
    i18n::{format::phone_with_country, Locales},
    mail::text::one_line,
    types::{links::whatsapp_chat, phone, Lang},
};

/// Names and places in subjects and greetings are cut to this many characters.
pub const SHORT_MAX: usize = 40;

#[derive(Debug, Clone)]
pub struct Row {
    pub label: String,
    pub value: String,
    pub href: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Link {
    pub label: String,
    pub href: String,
}

/// Free text shown as written (the contact message).
#[derive(Debug, Clone)]
pub struct Block {
    pub label: String,
    pub text: String,
}

#[derive(Debug, Clone)]
pub struct MailView {
    pub lang: Lang,
    pub subject: String,
    pub heading: String,
    /// What must catch the reader's eye first (staff: what changes the
    /// dispatch), drawn above everything else.
    pub alerts: Vec<String>,
    /// The ride in one line (staff: the pick-up's time and place), drawn
    /// large under the alerts so a phone shows it on the first screen.
    pub lead: Option<String>,
    pub intro: Vec<String>,
    /// Staff's answer buttons (confirm, propose a time, decline), drawn large.
    pub answers: Vec<Link>,
    /// Staff's "junk" answer, drawn apart and quiet, so that it is not taken for Confirm.
    pub junk: Option<Link>,
    pub actions: Vec<Link>,
    pub rows_heading: Option<String>,
    pub rows: Vec<Row>,
    pub notes: Vec<String>,
    pub block: Option<Block>,
    pub outro: Vec<String>,
    pub closing: Vec<String>,
    pub contact_heading: Option<String>,
    pub contact: Vec<Row>,
    pub footer: Vec<String>,
}

impl MailView {
    pub(crate) fn new(lang: Lang, subject: String, heading: String) -> Self {
        Self {
            lang,
            subject,
            heading,
            alerts: Vec::new(),
            lead: None,
            intro: Vec::new(),
            answers: Vec::new(),
            junk: None,
            actions: Vec::new(),
            rows_heading: None,
            rows: Vec::new(),
            notes: Vec::new(),
            block: None,
            outro: Vec::new(),
            closing: Vec::new(),
            contact_heading: None,
            contact: Vec::new(),
            footer: Vec::new(),
        }
    }
}

/// Builds the views; holds what every mail needs besides the request itself.
pub struct Views<'a> {
    pub locales: &'a Locales,
    pub company: &'a CompanySettings,
    pub mail: &'a MailSettings,
}

impl Views<'_> {
    pub(crate) fn t(&self, lang: Lang, key: &str) -> String {
        self.locales.text(lang, key).to_string()
    }

    pub(crate) fn f(&self, lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
        self.locales.format(lang, key, args)
    }

    pub(crate) fn row(&self, lang: Lang, field: &str, value: impl Into<String>) -> Row {
        Row { label: self.t(lang, &format!("mail.field.{field}")), value: value.into(), href: None }
    }

    pub(crate) fn link_row(
        &self,
        lang: Lang,
        field: &str,
        value: impl Into<String>,
        href: Option<String>,
    ) -> Row {
        Row { href, ..self.row(lang, field, value) }
    }

    /// Closing, the company's contact details, and the footer of customer mails.
    pub(crate) fn sign_off(&self, view: &mut MailView) {
        let lang = view.lang;
        let c = self.company;
        view.closing = vec![self.t(lang, "mail.closing"), c.name.clone()];
        view.contact_heading = Some(self.t(lang, "mail.contactHeading"));
        view.contact = vec![
            self.link_row(lang, "phone", c.phone_shown(lang), Some(format!("tel:{}", c.phone))),
            self.link_row(
                lang,
                "whatsapp",
                format!("+{}", c.whatsapp_number),
                Some(whatsapp_chat(&c.whatsapp_number, None)),
            ),
            self.link_row(lang, "email", c.email.clone(), Some(format!("mailto:{}", c.email))),
            self.row(lang, "address", format!("{}, {} {}", c.street, c.postal_code, c.city)),
        ];
        if c.demo {
            view.footer.push(self.t(lang, "footer.demo"));
        }
        view.footer.push(self.f(lang, "mail.automatic", &[("company", &c.name)]));
    }

    /// The customer's phone as staff dial it: international, with its country
    /// named (a national number read in the wrong country costs a ride).
    pub(crate) fn phone_row(&self, lang: Lang, phone: Option<&str>) -> Row {
        match phone.map(|p| one_line(p, SHORT_MAX)).filter(|p| !p.is_empty()) {
            Some(p) => {
                let shown = phone_with_country(self.locales, lang, &p);
                self.link_row(lang, "phone", shown, phone::tel_url(&p))
            }
            None => self.row(lang, "phone", self.t(lang, "mail.value.notGiven")),
        }
    }

    /// Call and WhatsApp buttons for staff, when the visitor gave a usable number.
    pub(crate) fn customer_actions(&self, lang: Lang, name: &str, phone: Option<&str>) -> Vec<Link> {
        let mut actions = Vec::new();
        if let Some(p) = phone {
            if let Some(href) = phone::tel_url(p) {
                actions.push(Link { label: self.f(lang, "mail.action.call", &[("name", name)]), href });
            }
            if let Some(href) = phone::whatsapp_url(p) {
                actions.push(Link { label: self.f(lang, "mail.action.whatsapp", &[("name", name)]), href });
            }
        }
        actions
    }
}
