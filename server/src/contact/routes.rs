//! The contact call (JSON) and the contact form posted without JavaScript.
use actix_web::{web, HttpRequest, HttpResponse};

use crate::{
    config::Settings,
    contact::service::{ContactService, Sent},
    edge::{error::AppError, ClientKey},
    forms::{
        antispam::FormGuard,
        submission::{outcome_json, Checked, FormCall, Outcome, Receipt},
    },
    i18n::Locales,
    site::{form_page::FormPost, pages::Pages},
    types::Lang,
};

/// `POST /api/contact/{language}`.
pub async fn contact_api(
    call: FormCall,
    service: web::Data<ContactService>,
    guard: web::Data<FormGuard>,
    (locales, settings): (web::Data<Locales>, web::Data<Settings>),
) -> Result<HttpResponse, AppError> {
    let verdict = guard.verdict(&call.req, &call.input, jiff::Timestamp::now());
    let checked = service.contact(&call.input, call.lang, (verdict, ClientKey::of(&call.req))).await;
    outcome_json(worded(checked, call.lang, (&locales, &settings)))
}

/// `POST` to the contact page itself: the no-JavaScript path.
pub async fn form_post(
    req: HttpRequest,
    payload: web::Payload,
    service: web::Data<ContactService>,
    guard: web::Data<FormGuard>,
    pages: web::Data<Pages>,
    locales: web::Data<Locales>,
    settings: web::Data<Settings>,
) -> Result<HttpResponse, AppError> {
    let post = FormPost::read(req, payload, &settings).await?;
    let verdict = guard.verdict(&post.req, &post.input, jiff::Timestamp::now());
    let checked = service.contact(&post.input, post.lang, (verdict, ClientKey::of(&post.req))).await;
    let outcome = worded(checked, post.lang, (&locales, &settings));
    post.outcome(&pages, &locales, &settings, outcome).await
}

/// A contact message's answer in `lang`: where its words are chosen.
fn worded(checked: Checked<Sent>, lang: Lang, (locales, settings): (&Locales, &Settings)) -> Outcome {
    let phone = settings.company.phone_shown(lang);
    match checked {
        Checked::Accepted(Sent { no_mail }) => {
            let no_mail = no_mail.map(|email| {
                locales.format(lang, "api.noMail", &[("email", email.as_str()), ("phone", &phone)])
            });
            let message = locales.text(lang, "api.contactReceived").to_string();
            Outcome::Accepted { message, summary: Vec::new(), receipt: Receipt { no_mail, manage: None } }
        }
        Checked::Invalid(problems) => {
            Outcome::Invalid(crate::forms::worded(&problems, lang, locales, &[("phone", &phone)]))
        }
        Checked::Refused(refusal) => Outcome::Refused(refusal),
    }
}
