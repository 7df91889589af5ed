//! The site's pages: their props, the in-memory cache of request-independent
//! pages (HTML plus gzip and brotli), and the error pages with a fallback that
//! needs no JavaScript at all. Rendering itself is [`crate::render`]'s.

use std::{
    collections::HashMap,
    sync::{
        atomic::{AtomicBool, Ordering},
        Arc, OnceLock,
    },
};

use crate::render::{
    pool::{RenderError, RenderPool},
    EncodedPage,
};
use crate::site::document::{document, island_props, Shell};
use crate::{
    config::Settings,
    i18n::Locales,
    render::assets::Assets,
    site::{
        contract::{
            Alternates, Company, FormState, LegalContent, Links, PageProps, PlacesProviderName,
            PostalAddress, QualityMark,
        },
        legal::LegalTexts,
        page_dates::PageDates,
        service_notes,
        tariff_props::tariff_props,
        titles, Page, ReservationMode,
    },
    types::{links::whatsapp_chat, ClientKey, Lang},
};

/// What identifies a request-independent page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PageKey {
    Page(Page, Lang, ReservationMode),
    /// The landing page of the fixed-price destination with this index.
    Landing(usize, Lang),
    Error(Lang),
}

impl PageKey {
    pub fn page(page: Page, lang: Lang, mode: ReservationMode) -> Self {
        // Only the reservation page varies with the mode; keep one entry for the rest.
        let mode = if page == Page::Reservation { mode } else { ReservationMode::default() };
        PageKey::Page(page, lang, mode)
    }

    /// The form pages, which say when the company is closed next (`service_notes`).
    pub fn names_closures(self) -> bool {
        matches!(self, PageKey::Page(Page::Reservation | Page::Contact, ..))
    }

    /// Every cacheable page, with `landings` fixed-price destinations.
    pub fn all(landings: usize) -> Vec<PageKey> {
        let mut keys: Vec<_> = Page::ALL
            .iter()
            .flat_map(|&p| Lang::ALL.iter().map(move |&l| PageKey::page(p, l, ReservationMode::Mail)))
            .collect();
        keys.extend(
            Lang::ALL.iter().map(|&l| PageKey::page(Page::Reservation, l, ReservationMode::Whatsapp)),
        );
        keys.extend((0..landings).flat_map(|i| Lang::ALL.iter().map(move |&l| PageKey::Landing(i, l))));
        keys.extend(Lang::ALL.iter().map(|&l| PageKey::Error(l)));
        keys
    }
}

pub struct Pages {
    pub(crate) settings: Arc<Settings>,
    pub(crate) locales: Arc<Locales>,
    pub(crate) assets: Arc<Assets>,
    pub(crate) pool: RenderPool,
    /// One slot per cacheable page and closure era (`service_notes`), made at start:
    /// reading a page takes no lock.
    cache: HashMap<(PageKey, usize), OnceLock<Arc<EncodedPage>>>,
    /// The start-up warm-up gave up: pages will not become warm by themselves.
    warm_up_failed: AtomicBool,
    /// When each page's content last changed (the sitemap's `lastmod`).
    pub(crate) dates: PageDates,
    /// The legal pages' texts, rendered at start (`site::legal`).
    legal: LegalTexts,
}

impl Pages {
    pub fn new(
        settings: Arc<Settings>,
        locales: Arc<Locales>,
        assets: Arc<Assets>,
        (pool, legal): (RenderPool, LegalTexts),
    ) -> Self {
        let eras = settings.booking.closed.len();
        let cache = PageKey::all(settings.tariff.destinations.len())
            .into_iter()
            .flat_map(|key| (0..=if key.names_closures() { eras } else { 0 }).map(move |era| (key, era)))
            .map(|slot| (slot, OnceLock::new()))
            .collect();
        let dates = PageDates::open(&settings.data_dir);
        let warm_up_failed = AtomicBool::new(false);
        Self { settings, locales, assets, pool, cache, warm_up_failed, dates, legal }
    }

    pub fn pool(&self) -> &RenderPool {
        &self.pool
    }

    /// The page from memory, rendering it on first use.
    pub async fn get(&self, key: PageKey) -> Result<Arc<EncodedPage>, RenderError> {
        let slot = self.cache.get(&(key, self.era(key)));
        if let Some(hit) = slot.and_then(OnceLock::get) {
            crate::telemetry::metrics::page_cache(true);
            return Ok(hit.clone());
        }
        crate::telemetry::metrics::page_cache(false);
        let html = self.render(key, None, None).await?;
        let page = Arc::new(
            actix_web::web::block(move || EncodedPage::new(html))
                .await
                .map_err(|_| RenderError::Unavailable)?,
        );
        // Two first requests may both render; both pages are the same, the first one stays.
        Ok(match slot {
            Some(slot) => slot.get_or_init(|| page).clone(),
            None => page,
        })
    }

    /// Renders every cacheable page once, so visitors never wait for a first
    /// render. A page that fails (say, a render cut off on an overloaded host) is
    /// tried again in a later round; a bundle that fails on everything is given up
    /// on quickly, so it does not keep the render threads busy.
    pub async fn warm_up(&self) -> Result<usize, RenderError> {
        let result = self.warm_up_rounds().await;
        self.warm_up_failed.store(result.is_err(), Ordering::Relaxed);
        result
    }

    /// Whether the last warm-up gave up (reported in `/healthz/details`).
    pub fn warm_up_failed(&self) -> bool {
        self.warm_up_failed.load(Ordering::Relaxed)
    }

    async fn warm_up_rounds(&self) -> Result<usize, RenderError> {
        let keys = PageKey::all(self.settings.tariff.destinations.len());
        let mut rendered_any = false;
        let mut last_error = None;
        for round in 0..3u64 {
            if round > 0 {
                tokio::time::sleep(std::time::Duration::from_millis(200 * round)).await;
            }
            last_error = None;
            let mut failures_in_a_row = 0;
            for key in &keys {
                match self.get(*key).await {
                    Ok(_) => {
                        rendered_any = true;
                        failures_in_a_row = 0;
                    }
                    Err(e) => {
                        last_error = Some(e);
                        failures_in_a_row += 1;
                        if !rendered_any && failures_in_a_row >= 3 {
                            return Err(last_error.expect("just set"));
                        }
                    }
                }
            }
            if last_error.is_none() {
                return Ok(keys.len());
            }
        }
        Err(last_error.expect("set when a page failed"))
    }

    /// Every cacheable page is in memory, or need not be: with
    /// `render.warm_up = false` pages render on their first request.
    pub fn is_warm(&self) -> bool {
        !self.settings.render.warm_up
            || PageKey::all(self.settings.tariff.destinations.len())
                .into_iter()
                .all(|key| self.cache.get(&(key, self.era(key))).is_some_and(|slot| slot.get().is_some()))
    }

    /// The closure era a page is cached in: how many closures have ended, for the
    /// pages that name the next one; 0 for the rest.
    fn era(&self, key: PageKey) -> usize {
        match key.names_closures() {
            true => service_notes::closures_ended(&self.settings.booking.closed, jiff::Timestamp::now()),
            false => 0,
        }
    }

    /// Renders a page without the cache (for benchmarks; requests use [`Pages::get`]).
    pub async fn render_uncached(&self, key: PageKey) -> Result<String, RenderError> {
        self.render(key, None, None).await
    }

    /// A page answering a form post: the typed values, errors, success or price.
    /// Never cached. `client` (the edge's key) takes one of that client's render slots.
    pub async fn with_form(
        &self,
        key: PageKey,
        form: FormState,
        client: Option<ClientKey>,
    ) -> Result<EncodedPage, RenderError> {
        let html = self.render(key, Some(form), client).await?;
        actix_web::web::block(move || EncodedPage::new_fast(html)).await.map_err(|_| RenderError::Unavailable)
    }

    async fn render(
        &self,
        key: PageKey,
        form: Option<FormState>,
        client: Option<ClientKey>,
    ) -> Result<String, RenderError> {
        let (page, lang, mode, landing) = match key {
            PageKey::Page(page, lang, mode) => (Some(page), lang, mode, None),
            PageKey::Landing(index, lang) => (None, lang, ReservationMode::default(), Some(index)),
            PageKey::Error(lang) => (None, lang, ReservationMode::default(), None),
        };
        let mut props = PageProps { form, ..self.props(page, lang, mode) };
        props.legal = page
            .and_then(|page| self.legal.get(page, lang))
            .map(|text| LegalContent { html: text.html.clone(), template: text.template });
        if let Some(index) = landing {
            self.make_landing(&mut props, index);
        }
        let paths = std::mem::take(&mut props.alternates);
        props.alternates = crate::site::language_links(&self.settings.site, lang, &paths);
        let props_json = serde_json::to_string(&props).expect("page props serialize");
        let body = self.pool.render_for(client, props_json.clone()).await?;
        let meta_key = match (page, landing) {
            (Some(page), _) => format!("meta.{}", page.key()),
            (None, Some(_)) => "landing.meta".to_string(),
            (None, None) => "meta.error".to_string(),
        };
        let vars = self.meta_vars(&props);
        let vars: Vec<_> = vars.iter().map(|(k, v)| (*k, v.as_str())).collect();
        let title = titles::compose(&self.locales, lang, &meta_key, &vars, &self.settings.company.name);
        let title = self.error_titled(lang, title, props.form.as_ref());
        let description = self.locales.format(lang, &format!("{meta_key}.description"), &vars);
        let keywords = self.locales.format(lang, &format!("{meta_key}.keywords"), &vars);
        let interactive = page.is_some_and(Page::is_interactive);
        let script_name = match page {
            Some(page) if interactive => format!("client-{}-{lang}.js", page.key()),
            _ => "site.js".to_string(),
        };
        let hydration_props = interactive.then(|| island_props(&props));
        let json_ld = match (page, landing) {
            (Some(page), _) => self.json_ld(lang, (page == Page::Prices).then_some(..), None),
            (None, Some(index)) => self.json_ld(lang, Some(index..index + 1), Some(index)),
            (None, None) => Vec::new(),
        };
        let share_image = self.absolute(lang, "share.png");
        let shell = Shell {
            lang,
            paths: (page.is_some() || landing.is_some()).then_some(&paths),
            title: &title,
            description: &description,
            keywords: &keywords,
            stylesheet: self.assets.url("styles.css"),
            icon: self.assets.url("favicon.svg"),
            script: self.assets.url(&script_name),
            first_scripts: page
                .map_or(&[][..], Page::first_scripts)
                .iter()
                .map(|s| self.assets.url(s))
                .collect(),
            hydration_props: hydration_props.as_deref(),
            json_ld: &json_ld,
            share_image: &share_image,
            share_image_alt: self.share_image_alt(lang),
        };
        Ok(document(&shell, &self.settings, &body))
    }

    /// A page answering a post it refused says so first, in its title (GOV.UK's pattern: a
    /// screen reader reads the title on load, a tab shows it): "Error: Book a taxi – …".
    pub(crate) fn error_titled(&self, lang: Lang, title: String, form: Option<&FormState>) -> String {
        match form.is_some_and(|f| !f.errors.is_empty()) {
            true => self.locales.format(lang, "form.errorTitle", &[("title", &title)]),
            false => title,
        }
    }

    /// The footer's quality mark: the company's own, else the built-in example on the demo.
    fn quality_mark(&self, lang: Lang) -> Option<QualityMark> {
        let c = &self.settings.company;
        let alt = match (c.quality_mark_file.is_empty(), c.demo) {
            (false, _) => c.quality_mark_name.clone(),
            (true, true) => self.locales.text(lang, "footer.qualityMarkAlt").to_string(),
            (true, false) => return None,
        };
        Some(QualityMark { src: self.assets.url("quality-mark.svg").to_string(), alt })
    }

    /// What the share preview shows, for people who cannot see it: the built-in
    /// picture's description, or the company's name for its own picture.
    pub(crate) fn share_image_alt(&self, lang: Lang) -> &str {
        match self.settings.company.share_image_file.is_empty() {
            true => self.locales.text(lang, "seo.shareImageAlt"),
            false => &self.settings.company.name,
        }
    }

    /// An asset's URL on the origin of the pages in `lang`.
    pub(crate) fn absolute(&self, lang: Lang, asset: &str) -> String {
        format!("{}{}", crate::site::origin(&self.settings.site, lang), self.assets.url(asset))
    }

    /// The props every page component receives.
    pub(crate) fn props(&self, page: Option<Page>, lang: Lang, mode: ReservationMode) -> PageProps {
        let s = &self.settings;
        let c = &s.company;
        let t = &s.tariff;
        let path = |page: Page, lang: Lang| page.path(lang).to_string();
        let here = page.unwrap_or(Page::Home);
        PageProps {
            page: page.into(),
            lang,
            links: Links {
                home: path(Page::Home, lang),
                reservation: path(Page::Reservation, lang),
                prices: path(Page::Prices, lang),
                contact: path(Page::Contact, lang),
                privacy: path(Page::Privacy, lang),
                terms: path(Page::Terms, lang),
                complaints: path(Page::Complaints, lang),
            },
            alternates: Alternates {
                nl: path(here, Lang::Nl),
                de: path(here, Lang::De),
                en: path(here, Lang::En),
            },
            company: Company {
                name: c.name.clone(),
                phone_display: c.phone_shown(lang),
                phone_href: format!("tel:{}", c.phone),
                email: c.email.clone(),
                whatsapp_href: whatsapp_chat(&c.whatsapp_number, None),
                address: PostalAddress {
                    street: c.street.clone(),
                    postal_code: c.postal_code.clone(),
                    city: c.city.clone(),
                    country: c.country.to_string(),
                },
                kvk: c.kvk.clone(),
                vat: c.vat.clone(),
                licence_number: Some(c.licence_number.clone()).filter(|n| !n.trim().is_empty()),
                review_url: c.review_url.as_ref().map(url::Url::to_string),
                sample_notice: c.demo,
                quality_mark: self.quality_mark(lang),
                taxi_image_src: self.assets.url("taxi.svg").to_string(),
            },
            tariff: tariff_props(t, &s.booking, lang),
            reservation_mode: mode,
            form: None,
            booking_rules: (&s.booking).into(),
            landing: None,
            legal: None,
            places_provider: match s.secrets.google_maps_key {
                Some(_) => PlacesProviderName::Google,
                None => PlacesProviderName::Gazetteer,
            },
            service_notes: page
                .filter(|p| matches!(p, Page::Reservation | Page::Contact))
                .and_then(|_| service_notes::service_notes(s, &self.locales, lang, jiff::Timestamp::now())),
        }
    }
}
