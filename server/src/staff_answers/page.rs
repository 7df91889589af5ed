//! The staff answer page: rendered per request like a form result, never
//! cached, not indexed, and not hydrated (its forms are plain posts).
use crate::{
    render::{pool::RenderError, EncodedPage},
    site::{
        contract::{FormState, PageName, PageProps},
        pages::Pages,
        ReservationMode,
    },
    staff_answers::contract::{StaffPage, StaffPageProps},
    types::Lang,
};

impl Pages {
    /// `client`: the edge's key of the visitor, whose share of the render queue it takes.
    pub async fn staff(
        &self,
        (lang, client): (Lang, Option<crate::types::ClientKey>),
        page: StaffPage,
        form: Option<FormState>,
    ) -> Result<EncodedPage, RenderError> {
        let args = [("reference", page.reference.as_str()), ("company", self.settings.company.name.as_str())];
        let title =
            self.error_titled(lang, self.locales.format(lang, "staff.meta.title", &args), form.as_ref());
        let site =
            PageProps { page: PageName::Staff, form, ..self.props(None, lang, ReservationMode::default()) };
        let props = StaffPageProps { site, staff: page };
        self.private_page((lang, client), &props, &title, self.locales.text(lang, "staff.meta.description"))
            .await
    }
}
