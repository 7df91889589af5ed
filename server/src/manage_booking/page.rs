//! The manage page: rendered per request, never cached, not indexed, and not
//! hydrated (its forms are plain posts).
use crate::{
    manage_booking::contract::ManagePage,
    render::{pool::RenderError, EncodedPage},
    site::{
        contract::{FormState, PageName, PageProps},
        document::{document, Shell},
        pages::Pages,
        ReservationMode,
    },
    types::Lang,
};

impl Pages {
    pub async fn manage(
        &self,
        lang: Lang,
        page: ManagePage,
        form: Option<FormState>,
    ) -> Result<EncodedPage, RenderError> {
        let args = [("reference", page.reference.as_str()), ("company", self.settings.company.name.as_str())];
        let title = self.locales.format(lang, "manage.meta.title", &args);
        let props = PageProps {
            page: PageName::Manage,
            form,
            manage: Some(serde_json::to_value(&page).expect("manage page serializes")),
            ..self.props(None, lang, ReservationMode::default())
        };
        let body = self.pool.render(serde_json::to_string(&props).expect("page props serialize")).await?;
        let share_image = self.absolute(lang, "share.png");
        let shell = Shell {
            lang,
            // No paths: no canonical or alternates, and `noindex`.
            paths: None,
            title: &title,
            description: self.locales.text(lang, "manage.meta.description"),
            keywords: "",
            stylesheet: self.assets.url("styles.css"),
            icon: self.assets.url("favicon.svg"),
            script: self.assets.url("site.js"),
            first_scripts: vec![],
            hydration_props: None,
            json_ld: None,
            share_image: &share_image,
            share_image_alt: self.locales.text(lang, "seo.shareImageAlt"),
        };
        let html = document(&shell, &self.settings, &body);
        actix_web::web::block(move || EncodedPage::new_fast(html)).await.map_err(|_| RenderError::Unavailable)
    }
}
