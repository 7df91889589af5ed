//! The manage page: rendered per request, never cached, not indexed, and not
//! hydrated (its forms are plain posts).
use crate::{
    manage_booking::contract::{ManagePage, ManagePageProps},
    render::{pool::RenderError, EncodedPage},
    site::{
        contract::{FormState, PageName, PageProps},
        pages::Pages,
        ReservationMode,
    },
    types::Lang,
};

impl Pages {
    /// `client`: the edge's key of the visitor, whose share of the render queue it takes.
    pub async fn manage(
        &self,
        (lang, client): (Lang, Option<crate::types::ClientKey>),
        page: ManagePage,
        form: Option<FormState>,
    ) -> Result<EncodedPage, RenderError> {
        let args = [("reference", page.reference.as_str()), ("company", self.settings.company.name.as_str())];
        let title =
            self.error_titled(lang, self.locales.format(lang, "manage.meta.title", &args), form.as_ref());
        let site =
            PageProps { page: PageName::Manage, form, ..self.props(None, lang, ReservationMode::default()) };
        let props = ManagePageProps { site, manage: page };
        self.private_page((lang, client), &props, &title, self.locales.text(lang, "manage.meta.description"))
            .await
    }
}
