//! The legal pages (issue 53): privacy statement, terms with the cancellation policy and how to
//! complain, in three languages, from the owner's Markdown files (`site.legal_dir`) or the
//! demo's template; in the sitemap and linked from every footer; Google named and credited only
//! while it answers the address fields; no start without the company's own pages once the demo is off.
use crate::{
    fake_google::FakeGoogle,
    helpers::{between, spawn_app, spawn_app_with, AppOptions, TempDir},
};

/// Each legal page: path, language, page, and the words of its heading.
const LEGAL: &[(&str, &str, &str, &str)] = &[
    ("/privacy", "nl", "privacy", "Privacyverklaring"),
    ("/datenschutz", "de", "privacy", "Datenschutzerklärung"),
    ("/privacy-policy", "en", "privacy", "Privacy statement"),
    ("/voorwaarden", "nl", "terms", "Voorwaarden en annuleren"),
    ("/agb", "de", "terms", "AGB und Stornierung"),
    ("/terms", "en", "terms", "Terms and cancellation"),
    ("/klachten", "nl", "complaints", "Klachten"),
    ("/beschwerden", "de", "complaints", "Beschwerden"),
    ("/complaints", "en", "complaints", "Complaints"),
];

const ORIGIN: &str = "https://www.taxiroermond.example";

/// The footer's links to the three legal pages in `lang`, in order.
fn footer_links(html: &str) -> Vec<String> {
    let footer = between(html, "<footer", "</footer>").expect("a footer");
    let nav = between(footer, "class=\"wrap legal-links\"", "</nav>").expect("the legal links");
    nav.split("href=\"").skip(1).map(|rest| rest.split('"').next().unwrap().to_string()).collect()
}

fn paths_in(lang: &str) -> Vec<String> {
    LEGAL.iter().filter(|(_, l, ..)| *l == lang).map(|(path, ..)| path.to_string()).collect()
}

#[actix_web::test]
async fn each_legal_page_answers_in_its_language_in_the_sitemap_and_every_footer_links_them() {
    let app = spawn_app().await;
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    for (path, lang, page, heading) in LEGAL {
        let html = app.html(path).await;
        assert!(html.contains(&format!("<html lang=\"{lang}\">")), "{path}");
        assert!(html.contains(&format!("<h1>{heading}</h1>")), "{path}: heading");
        assert!(html.contains(&format!("<link rel=\"canonical\" href=\"{ORIGIN}{path}\">")), "{path}");
        // The three other languages and x-default, as on every page.
        for (hreflang, other) in LEGAL.iter().filter(|(_, _, p, _)| p == page).map(|(p, l, ..)| (*l, *p)) {
            let link = format!("<link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"{ORIGIN}{other}\">");
            assert!(html.contains(&link), "{path}: {link}");
        }
        let url = between(&sitemap, &format!("<loc>{ORIGIN}{path}</loc>"), "</url>").expect("in the sitemap");
        assert_eq!(url.matches("<xhtml:link rel=\"alternate\"").count(), 4, "{path}: {url}");
        // No script beyond the site's small one: nothing to hydrate.
        assert!(!html.contains("id=\"page-data\"") && !html.contains("client-vendor"), "{path}");
        assert_eq!(footer_links(&html), paths_in(lang), "{path}: footer");
        assert!(html.contains(&format!("href=\"{path}\" aria-current=\"page\"")), "{path}: marked as here");
    }
    // Every other kind of page links them too: pages, a form page, a route's page, the error page.
    for (path, lang) in [
        ("/", "nl"),
        ("/reservieren", "de"),
        ("/prices", "en"),
        ("/en/taxi-roermond-to-schiphol-airport", "en"),
        ("/kontakt", "de"),
    ] {
        assert_eq!(footer_links(&app.html(path).await), paths_in(lang), "{path}");
    }
    let missing = app.get_with("/nope", &[("Cookie", "lang=de")]).await.text().await.unwrap();
    assert_eq!(footer_links(&missing), paths_in("de"), "the error page");
}

#[actix_web::test]
async fn the_demo_shows_its_template_marked_with_what_the_site_really_keeps() {
    let app = spawn_app_with(AppOptions {
        config_toml: Some("[render]\nworkers = 1\n[mail]\nretention_days = 21\n[backup]\nevery_hours = 4\nkeep = 3\n[company]\nfree_cancellation_hours = 3\n".into()),
        ..Default::default()
    })
    .await;
    for (path, banner) in [
        ("/privacy", "Sjabloon — aanvullen vóór livegang."),
        ("/datenschutz", "Vorlage — vor dem Start ergänzen."),
        ("/complaints", "Template — complete before going live."),
    ] {
        let html = app.html(path).await;
        let main = between(&html, "<main", "</main>").unwrap();
        assert!(main.contains(banner), "{path}: {main}");
    }
    let privacy = app.html("/privacy-policy").await;
    for fact in [
        "deleted 21 days after both the pick-up and the request",
        "at most 12 hours more",
        "<code>lang</code>",
        "<code>form_opened</code>",
        "health",
        "e-mail provider",
    ] {
        assert!(privacy.contains(fact), "the privacy statement says {fact}");
    }
    assert!(!privacy.contains("Google"), "no Google without its key");
    let terms = app.html("/voorwaarden").await;
    assert!(terms.contains("Annuleren is gratis tot 3 uur voor de ophaaltijd."), "the setting's hours");
    assert!(terms.contains("<a href=\"/tarieven\">"), "the rates linked in the page's language");
}

#[actix_web::test]
async fn a_licence_number_shows_in_the_footer_and_on_the_complaints_page_only_when_set() {
    let without = spawn_app().await;
    for path in ["/klachten", "/tarieven"] {
        assert!(!without.html(path).await.contains("Taxivergunning"), "{path}: none set, none shown");
    }
    let app = spawn_app_with(AppOptions {
        config_toml: Some("[render]\nworkers = 1\n[company]\nlicence_number = \"KIWA-T-40123\"\n".into()),
        ..Default::default()
    })
    .await;
    for (path, label) in
        [("/klachten", "Taxivergunning"), ("/beschwerden", "Taxi-Lizenz"), ("/complaints", "Taxi licence")]
    {
        let html = app.html(path).await;
        let main = between(&html, "<main", "</main>").unwrap();
        assert!(main.contains(&format!("{label} KIWA-T-40123")), "{path}: {main}");
        let footer = between(&html, "<footer", "</footer>").unwrap();
        assert!(footer.contains(&format!("{label} KIWA-T-40123")), "{path}: footer");
    }
    assert!(app.html("/tarife").await.contains("Taxi-Lizenz KIWA-T-40123"), "every footer");
}

/// The nine files of a legal folder, each saying its name, `privacy.nl.md` holding `extra`.
fn legal_folder(extra: &str) -> TempDir {
    let dir = TempDir::new();
    for (page, lang) in
        ["privacy", "terms", "complaints"].iter().flat_map(|p| ["nl", "de", "en"].map(|l| (*p, l)))
    {
        let text = format!("# Own {page} {lang}\n\nBy {{{{company_name}}}}.\n");
        std::fs::write(dir.0.join(format!("{page}.{lang}.md")), text).unwrap();
    }
    std::fs::write(dir.0.join("privacy.nl.md"), format!("# Eigen privacy\n\n{extra}\n")).unwrap();
    dir
}

#[actix_web::test]
async fn the_owners_markdown_is_shown_with_any_html_in_it_escaped() {
    let folder = legal_folder(
        "Wij zijn **{{company_name}}**. <script>alert('x')</script> <img src=x onerror=alert(1)>\n\n\
         <iframe src=\"https://evil.example\"></iframe>\n\n[klik](javascript:alert(2)) [tarieven]({{prices_page}})",
    );
    let config = format!("[render]\nworkers = 1\n[site]\nlegal_dir = \"{}\"\n", folder.0.display());
    let app = spawn_app_with(AppOptions { config_toml: Some(config), ..Default::default() }).await;
    let html = app.html("/privacy").await;
    let main = between(&html, "<main", "</main>").unwrap();
    assert!(
        main.contains("<h2>Eigen privacy</h2>") && main.contains("<strong>Taxi Roermond Demo</strong>"),
        "{main}"
    );
    assert!(
        main.contains("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;")
            || main.contains("&lt;script&gt;alert('x')&lt;/script&gt;"),
        "{main}"
    );
    assert!(main.contains("&lt;img src=x onerror=alert(1)&gt;"), "{main}");
    for raw in ["<script", "<img", "<iframe", "javascript:"] {
        assert!(!main.contains(raw), "{raw} passed through: {main}");
    }
    assert!(main.contains("<a href=\"/tarieven\">tarieven</a>"), "{main}");
    assert!(!main.contains("Sjabloon"), "the company's own text is no template");
    let terms = app.html("/agb").await;
    assert!(
        terms.contains("<h2>Own terms de</h2>") && terms.contains("By Taxi Roermond Demo."),
        "each file its page"
    );
}

#[actix_web::test]
async fn with_google_the_suggestions_carry_its_attribution_and_privacy_and_terms_name_it() {
    let google = FakeGoogle::start().await;
    let app = spawn_app_with(AppOptions {
        config_toml: Some(google.config("")),
        google_key: Some("test-key"),
        ..Default::default()
    })
    .await;
    let reservation = app.html("/reservation").await;
    assert_eq!(
        reservation.matches("<p class=\"google-attribution\">Google Maps</p>").count(),
        3,
        "one per address field: the pick-up, a stop on the way, the destination"
    );
    assert!(reservation.contains("\"placesProvider\":\"google\""), "the island knows, so hydration keeps it");
    let privacy = app.html("/privacy").await;
    assert!(
        privacy.contains("Google LLC") && privacy.contains("https://policies.google.com/privacy"),
        "privacy"
    );
    let terms = app.html("/terms").await;
    assert!(terms.contains("https://maps.google.com/help/terms_maps/"), "terms name Google's");
    google.stop().await;

    let offline = spawn_app().await;
    let reservation = offline.html("/reservation").await;
    assert!(
        !reservation.contains("google-attribution")
            && reservation.contains("\"placesProvider\":\"gazetteer\"")
    );
}

/// Starts the binary with `demo = false` and `legal_dir`; its exit code and standard error.
fn start_without_demo(legal_dir: Option<&std::path::Path>) -> (Option<i32>, String) {
    let temp = TempDir::new();
    let share = format!("{}/tests/fixtures/own-share.png", env!("CARGO_MANIFEST_DIR"));
    let legal = legal_dir.map(|d| format!("[site]\nlegal_dir = \"{}\"\n", d.display())).unwrap_or_default();
    let config = temp.0.join("taxi.toml");
    std::fs::write(&config, format!("{legal}[company]\ndemo = false\nshare_image_file = \"{share}\"\n"))
        .unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_taxi-server"))
        .env("TAXI_CONFIG", &config)
        .env("TAXI_DATA_DIR", temp.0.join("var"))
        .env("TAXI_LISTEN", "127.0.0.1:0")
        // Mail that can leave the machine: no other refusal of a real site comes first.
        .env("TAXI_SMTP_URL", "smtp://127.0.0.1:2525")
        .output()
        .unwrap();
    assert!(!temp.0.join("var").exists(), "refused before anything is written");
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn without_the_demo_a_missing_legal_page_stops_the_start_naming_the_file() {
    let (code, stderr) = start_without_demo(None);
    assert_eq!(code, Some(2), "{stderr}");
    assert!(
        stderr.contains("site.legal_dir")
            && stderr.contains("privacy.nl.md")
            && stderr.contains("complaints.en.md"),
        "{stderr}"
    );

    let folder = legal_folder("Eigen tekst.");
    std::fs::remove_file(folder.0.join("terms.de.md")).unwrap();
    let (code, stderr) = start_without_demo(Some(&folder.0));
    assert_eq!(code, Some(2), "{stderr}");
    let named = folder.0.join("terms.de.md").display().to_string();
    assert!(stderr.contains(&named), "{stderr}");
    assert!(!stderr.contains("privacy.nl.md"), "only the missing one: {stderr}");
}
