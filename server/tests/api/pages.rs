use crate::helpers::{between, header, spawn_app, spawn_app_with, AppOptions, ROUTES};

#[actix_web::test]
async fn every_route_answers_in_its_language_with_full_metadata() {
    let app = spawn_app().await;
    for (path, lang, page) in ROUTES {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(header(&response, "content-type"), "text/html; charset=utf-8");
        let html = response.text().await.unwrap();
        assert!(html.starts_with("<!doctype html>"), "{path}: doctype");
        assert!(html.contains(&format!("<html lang=\"{lang}\">")), "{path}: html lang");
        let title = between(&html, "<title>", "</title>").unwrap();
        assert!(title.contains("Taxi Roermond Demo"), "{path}: title {title}");
        for meta in ["<meta name=\"description\" content=\"", "<meta name=\"keywords\" content=\""] {
            let content = between(&html, meta, "\"").unwrap_or("");
            assert!(content.len() > 10, "{path}: {meta}");
        }
        let canonical_url = format!("https://www.taxiroermond.example{path}");
        let canonical = format!("<link rel=\"canonical\" href=\"{canonical_url}\">");
        assert!(html.contains(&canonical), "{path}: {canonical}");
        // hreflang for nl, de, en and x-default, once each: the alternate demo domains redirect.
        for hreflang in ["nl", "de", "en", "x-default"] {
            let tag = format!(
                "<link rel=\"alternate\" hreflang=\"{hreflang}\" href=\"https://www.taxiroermond.example/"
            );
            assert!(html.contains(&tag), "{path}: {tag}");
        }
        assert_eq!(html.matches("rel=\"alternate\"").count(), 4, "{path}");
        let ld = between(&html, "<script type=\"application/ld+json\">", "</script>").expect("JSON-LD");
        let ld: serde_json::Value = serde_json::from_str(ld).expect("JSON-LD parses");
        assert_eq!(ld["@type"], "LocalBusiness");
        assert_eq!(ld["@id"], "https://www.taxiroermond.example/#business");
        // The fixed prices are offered where they are shown, and only there.
        let offers = ld["makesOffer"].as_array().map_or(0, Vec::len);
        assert_eq!(offers, if *page == "prices" { 11 } else { 0 }, "{path}: offers");
        assert_eq!(ld["geo"]["latitude"], 51.19316);
        assert_eq!(
            between(&html, "<meta property=\"og:url\" content=\"", "\"").unwrap(),
            canonical_url,
            "{path}: og:url"
        );
        assert_eq!(
            between(&html, "<meta property=\"og:locale\" content=\"", "\"").unwrap().get(..2),
            Some(*lang),
            "{path}: og:locale"
        );
        // Interactive pages carry hydration data and their language's bundle; the others don't.
        let interactive = matches!(*page, "reservation" | "contact");
        assert_eq!(html.contains("id=\"page-data\""), interactive, "{path}: hydration data");
        assert_eq!(
            html.contains(&format!("/assets/client-{page}-{lang}.")),
            interactive,
            "{path}: client bundle"
        );
        assert_eq!(html.contains("/assets/site."), !interactive, "{path}: site script");
        assert!(!html.contains("<script>"), "{path}: no inline executable script");
    }
}

#[actix_web::test]
async fn header_links_point_to_the_same_language_and_flags_to_the_equivalent_page() {
    let app = spawn_app().await;
    let html = app.html("/tarife").await;
    for href in ["href=\"/de\"", "href=\"/reservieren\"", "href=\"/kontakt\"", "href=\"/tarife\""] {
        assert!(html.contains(href), "{href}");
    }
    // Each flag carries the choice, which the server stores (no JavaScript needed).
    assert!(html.contains("href=\"/tarieven?lang=nl\" hrefLang=\"nl\""), "nl flag");
    assert!(html.contains("href=\"/prices?lang=en\" hrefLang=\"en\""), "en flag");
    assert!(html.contains("data-lang=\"de\" aria-current=\"true\""), "current language marked");
}

#[actix_web::test]
async fn prices_page_shows_the_configured_tariff_formatted_per_language() {
    let app = spawn_app().await;
    let nl = app.html("/tarieven").await;
    assert!(nl.contains("€ 3,26") && nl.contains("€ 2,40") && nl.contains("€ 0,40"), "nl rates");
    assert!(nl.contains("Luchthaven Schiphol") && nl.contains("€ 230,00"), "nl fixed price");
    assert!(nl.contains("Luik") && nl.contains("€ 130,00"));
    let de = app.html("/tarife").await;
    assert!(de.contains("3,26 €") && de.contains("Lüttich") && de.contains("Flughafen Düsseldorf"));
    let en = app.html("/prices").await;
    assert!(en.contains("€ 3.26") && en.contains("€ 230.00") && en.contains("Liège"));
    for amount in ["€ 10.00", "€ 15.00", "€ 20.00", "€ 30.00", "€ 5.00"] {
        assert!(en.contains(amount), "{amount}");
    }

    let app = spawn_app_with(AppOptions {
        config_toml: Some("[tariff]\nstart_rate_cents = 499\nper_km_cents = 1234\n".into()),
        ..Default::default()
    })
    .await;
    let nl = app.html("/tarieven").await;
    assert!(nl.contains("€ 4,99") && nl.contains("€ 12,34"), "tariff comes from config");
}

#[actix_web::test]
async fn home_page_has_contact_options_and_a_price_link() {
    let app = spawn_app().await;
    let html = app.html("/en").await;
    assert!(html.contains("Welcome to Taxi Roermond Demo"));
    assert!(html.contains("href=\"tel:+31475000000\""));
    assert!(html.contains("href=\"mailto:rit@taxiroermond.example\""));
    assert!(html.contains("href=\"https://wa.me/31600000000\""));
    assert!(html.contains("class=\"button\" href=\"/reservation\""), "link to the reservation page");
    assert!(html.contains("Demo data"), "demo data is marked");
    assert!(html.contains("<img class=\"hero-image\" src=\"/assets/taxi."));
}

#[actix_web::test]
async fn hostile_company_data_is_escaped_in_html_and_hydration_json() {
    let app = spawn_app_with(AppOptions {
        config_toml: Some(
            "[company]\nname = \"Taxi </script><script>alert(1)</script> & \\u2028 'x'\"\n\
             phone_display = \"0475 </script><script>alert(2)</script> & \\u2028\"\n"
                .into(),
        ),
        ..Default::default()
    })
    .await;
    for path in ["/reserveren", "/", "/contact-us"] {
        let html = app.html(path).await;
        assert!(!html.contains("<script>alert("), "{path}: markup injected");
        for script in html.split("<script").skip(1) {
            let script = script.split("</script>").next().unwrap();
            assert!(
                !script.contains('\u{2028}') && !script[1..].contains('<'),
                "{path}: unescaped in a script"
            );
        }
    }
    let html = app.html("/reserveren").await;
    let data = between(&html, "<script type=\"application/json\" id=\"page-data\">", "</script>").unwrap();
    let props: serde_json::Value = serde_json::from_str(data).unwrap();
    // The name is the footer's, not the island's; the phone as shown is the island's too.
    assert_eq!(props["company"]["phoneDisplay"], "0475 </script><script>alert(2)</script> & \u{2028}");
    assert_eq!(props["lang"], "nl");
    assert_eq!(props["page"], "reservation");
}

#[actix_web::test]
async fn reservation_mode_is_chosen_by_query_for_visitors_without_javascript() {
    let app = spawn_app().await;
    let whatsapp = app.html("/reservation?mode=whatsapp").await;
    assert!(whatsapp.contains("href=\"/reservation?mode=whatsapp\" aria-current=\"true\""));
    let mail = app.html("/reservation?mode=nonsense").await;
    assert!(mail.contains("href=\"/reservation\" aria-current=\"true\""));
}

#[actix_web::test]
async fn head_requests_are_answered() {
    let app = spawn_app().await;
    let response = app.client.head(format!("{}/tarieven", app.address)).send().await.unwrap();
    assert_eq!(response.status(), 200);
}

#[actix_web::test]
async fn html_is_served_compressed_when_accepted() {
    let app = spawn_app().await;
    let plain = app.html("/prices").await;
    let br = app.get_with("/prices", &[("Accept-Encoding", "gzip, deflate, br")]).await;
    assert_eq!(header(&br, "content-encoding"), "br");
    let bytes = br.bytes().await.unwrap();
    assert!(bytes.len() * 3 < plain.len(), "brotli {} vs {}", bytes.len(), plain.len());
    let mut decoded = Vec::new();
    brotli::BrotliDecompress(&mut &bytes[..], &mut decoded).unwrap();
    assert_eq!(String::from_utf8(decoded).unwrap(), plain);

    let gz = app.get_with("/prices", &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(header(&gz, "content-encoding"), "gzip");
    let refused = app.get_with("/prices", &[("Accept-Encoding", "br;q=0, gzip;q=0")]).await;
    assert_eq!(header(&refused, "content-encoding"), "");
}

/// Pages come precompressed; what is made per request (JSON answers, the
/// sitemap, metrics) is compressed on the way out, each route wrapping it.
#[actix_web::test]
async fn answers_made_per_request_are_compressed_when_accepted() {
    let app = spawn_app().await;
    for path in ["/api/place-suggestions?input=roermond&lang=nl&sessionToken=gz", "/sitemap.xml", "/metrics"]
    {
        let plain = app.get(path).await;
        assert_eq!(plain.status(), 200, "{path}");
        assert_eq!(header(&plain, "content-encoding"), "", "{path}");
        let plain = plain.text().await.unwrap();
        let gz = app.get_with(path, &[("Accept-Encoding", "gzip")]).await;
        assert_eq!(header(&gz, "content-encoding"), "gzip", "{path}");
        let mut decoded = String::new();
        std::io::Read::read_to_string(
            &mut flate2::read::GzDecoder::new(&gz.bytes().await.unwrap()[..]),
            &mut decoded,
        )
        .unwrap();
        if path != "/metrics" {
            assert_eq!(decoded, plain, "{path}");
        }
    }
}
