//! Accepting contact messages: validate, guard against double submissions,
//! hand the mails to the outbox, and answer with data ([`Sent`]), which the
//! routes word.
use std::{net::IpAddr, sync::Arc};

use crate::{
    config::Settings,
    contact::{form::validate_contact, mails::ContactMails, model::ContactMessage},
    forms::{
        antispam::Verdict,
        submission::{fingerprint, Checked, NotStored, Screened, Submissions},
        Input,
    },
    i18n::Locales,
    mail::{nonce, DeliveryError, Outbox},
    types::{Country, Email, Lang, Reference},
};

/// A contact message taken: the address that gets no acknowledgement, if
/// the customer mail gate held it back.
pub struct Sent {
    pub no_mail: Option<Email>,
}

/// Marks a stored message whose sender gets no acknowledgement (the customer mail gate was shut).
const NO_MAIL: &str = " no-mail";

pub struct ContactService {
    /// Where a phone number without its country code is read first.
    company_country: Country,
    outbox: Arc<Outbox>,
    mails: ContactMails,
    submissions: Arc<Submissions>,
}

impl ContactService {
    pub fn new(
        settings: &Settings,
        locales: Arc<Locales>,
        outbox: Arc<Outbox>,
        submissions: Arc<Submissions>,
    ) -> Result<Self, DeliveryError> {
        let mails = ContactMails::new(settings, locales)?;
        Ok(Self { outbox, mails, submissions, company_country: settings.company.country })
    }

    /// The staff mail and the sender's acknowledgement, stored durably.
    pub async fn submit(&self, message: &ContactMessage) -> Result<(), DeliveryError> {
        let mails = self.mails.contact(message, &nonce())?;
        self.outbox.enqueue("contact-staged", mails).await
    }

    /// `network`: the client's key as the edge counted it (`edge::ClientKey`).
    pub async fn contact(
        &self,
        input: &Input,
        lang: Lang,
        (verdict, network): (Verdict, Option<IpAddr>),
    ) -> Checked<Sent> {
        let form = match validate_contact(input, (self.company_country, lang)) {
            Ok(form) => form,
            Err(problems) => return Checked::Invalid(problems),
        };
        match self.submissions.screen(verdict, "contact") {
            None => {}
            Some(Screened::Trapped) => return Checked::Accepted(Sent { no_mail: None }),
            Some(Screened::Refused(refusal)) => return Checked::Refused(refusal),
        }
        let network = network.map(|n| self.submissions.refusals().network_tag(n));
        if let Some(refusal) = self.submissions.refused_sender(network.as_deref(), &form.email, "contact") {
            return Checked::Refused(refusal);
        }
        let ticket = match self.submissions.proof(input, "contact") {
            Ok(ticket) => ticket,
            Err(refusal) => return Checked::Refused(refusal),
        };
        // The phone too: the same message sent again with its number corrected is news for staff.
        let phone = form.phone.as_deref().unwrap_or("");
        let fingerprint =
            fingerprint(&["contact", &form.name, &form.email, phone, &form.subject, &form.message]);
        // What the one post that stored it found, for it and its repeats alike (a repeat
        // waits for it): the reference, marked when the sender gets no acknowledgement.
        let stored = self
            .submissions
            .once(
                (fingerprint, ticket),
                &self.outbox,
                |_| async { true },
                || async {
                    let acknowledged = self.outbox.opens(&form.email).await;
                    let reference = Reference::new('C');
                    let message = ContactMessage {
                        reference: reference.clone(),
                        lang,
                        name: form.name.clone(),
                        email: form.email.clone(),
                        phone: form.phone.clone(),
                        subject: form.subject.clone(),
                        message: form.message.clone(),
                        received_at: jiff::Timestamp::now(),
                        acknowledged,
                    };
                    self.submit(&message).await.map_err(NotStored::Failed)?;
                    tracing::info!(%reference, "contact message stored");
                    Ok(format!("{reference}{}", if acknowledged { "" } else { NO_MAIL }))
                },
            )
            .await;
        match stored {
            Ok(stored) => {
                Checked::Accepted(Sent { no_mail: stored.ends_with(NO_MAIL).then_some(form.email) })
            }
            Err(e) => Checked::Refused(e.refusal("contact message")),
        }
    }
}
