//! Accepting contact messages: validate, guard against double submissions,
//! hand the mails to the outbox, and word the answer.
use std::{net::IpAddr, sync::Arc};

use crate::{
    config::{CompanySettings, Settings},
    contact::{form::validate_contact, mails::ContactMails, model::ContactMessage},
    forms::{
        antispam::Verdict,
        submission::{fingerprint, NotStored, Outcome, Receipt, Submissions},
        Input,
    },
    i18n::Locales,
    mail::{nonce, DeliveryError, Outbox},
    types::{Country, Lang, Reference},
};

/// Marks a stored message whose sender gets no acknowledgement (the customer mail gate was shut).
const NO_MAIL: &str = " no-mail";

pub struct ContactService {
    locales: Arc<Locales>,
    /// Where a phone number without its country code is read first.
    company_country: Country,
    company: CompanySettings,
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
        let mails = ContactMails::new(settings, locales.clone())?;
        let company = settings.company.clone();
        Ok(Self { locales, outbox, mails, submissions, company_country: company.country, company })
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
    ) -> Outcome {
        let form = match validate_contact(input, lang, &self.locales, self.company_country) {
            Ok(form) => form,
            Err(errors) => return Outcome::Invalid(errors),
        };
        let received = || self.locales.text(lang, "api.contactReceived").to_string();
        if let Some(outcome) = self.submissions.screen(verdict, "contact", || (received(), Vec::new())) {
            return outcome;
        }
        let network = network.map(|n| self.submissions.refusals().network_tag(n));
        if let Some(refused) = self.submissions.refused_sender(network.as_deref(), &form.email, "contact") {
            return refused;
        }
        let ticket = match self.submissions.proof(input, "contact") {
            Ok(ticket) => ticket,
            Err(refused) => return refused,
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
                let phone = self.company.phone_shown(lang);
                let no_mail = stored.ends_with(NO_MAIL).then(|| {
                    self.locales.format(
                        lang,
                        "api.noMail",
                        &[("email", form.email.as_str()), ("phone", &phone)],
                    )
                });
                let receipt = Receipt { no_mail, manage: None };
                Outcome::Accepted { message: received(), summary: Vec::new(), receipt }
            }
            Err(e) => e.outcome("contact message"),
        }
    }
}
