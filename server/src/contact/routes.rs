//! The contact call (JSON) and the contact form posted without JavaScript.
use actix_web::{web, HttpRequest, HttpResponse};

use crate::{
    config::Settings,
    contact::service::ContactService,
    edge::{error::AppError, ClientKey},
    forms::{
        antispam::FormGuard,
        submission::{outcome_json, FormCall},
    },
    i18n::Locales,
    site::{form_page::FormPost, pages::Pages},
};

/// `POST /api/contact/{language}`.
pub async fn contact_api(
    call: FormCall,
    service: web::Data<ContactService>,
    guard: web::Data<FormGuard>,
) -> Result<HttpResponse, AppError> {
    let verdict = guard.verdict(&call.req, &call.input, jiff::Timestamp::now());
    outcome_json(service.contact(&call.input, call.lang, (verdict, ClientKey::of(&call.req))).await)
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
    let outcome = service.contact(&post.input, post.lang, (verdict, ClientKey::of(&post.req))).await;
    post.outcome(&pages, &locales, &settings, outcome).await
}
