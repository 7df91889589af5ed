//! The staff answer page: rendered per request like a form result, never
//! cached, not indexed, and not hydrated (its forms are plain posts).
use crate::{
    site::{
        contract::{FormState, PageName, PageProps},
        ReservationMode,
    },
    staff_answers::contract::StaffPage,
    types::Lang,
};

use crate::{
    render::{pool::RenderError, EncodedPage},
    site::{
        document::{document, Shell},
        pages::Pages,
    },
};

impl Pages {
    pub async fn staff(
        &self,
        lang: Lang,
        page: StaffPage,
        form: Option<FormState>,
    ) -> Result<EncodedPage, RenderError> {
        let args = [("reference", page.reference.as_str()), ("company", self.settings.company.name.as_str())];
        let title = self.locales.format(lang, "staff.meta.title", &args);
        let props = PageProps {
            page: PageName::Staff,
            form,
            staff: Some(serde_json::to_value(&page).expect("staff page serializes")),
            ..self.props(None, lang, ReservationMode::default())
        };
        let body = self.pool.render(serde_json::to_string(&props).expect("page props serialize")).await?;
        let share_image = self.absolute(lang, "share.png");
        let shell = Shell {
            lang,
            // No paths: no canonical or alternates, and `noindex`.
            paths: None,
            title: &title,
            description: self.locales.text(lang, "staff.meta.description"),
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
