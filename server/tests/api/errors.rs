use crate::helpers::{between, header, spawn_app};

#[actix_web::test]
async fn unknown_paths_get_the_error_page_in_the_stored_language() {
    let app = spawn_app().await;
    let cases = [
        (None, "en", "Something went wrong!", ["/en", "/reservation", "/contact-us"]),
        (Some("lang=de"), "de", "Etwas ist schief gelaufen!", ["/de", "/reservieren", "/kontakt"]),
        (Some("lang=nl"), "nl", "Er is iets mis gegaan!", ["/", "/reserveren", "/contact"]),
        (Some("lang=fr"), "en", "Something went wrong!", ["/en", "/reservation", "/contact-us"]),
    ];
    for (cookie, lang, heading, links) in cases {
        let headers: Vec<(&str, &str)> = cookie.map(|c| vec![("Cookie", c)]).unwrap_or_default();
        let response = app.get_with("/no/such/page", &headers).await;
        assert_eq!(response.status(), 404, "{cookie:?}");
        assert_eq!(header(&response, "content-type"), "text/html; charset=utf-8");
        let html = response.text().await.unwrap();
        assert!(html.contains(&format!("<html lang=\"{lang}\">")), "{cookie:?}");
        assert_eq!(between(&html, "<h1>", "</h1>"), Some(heading), "{cookie:?}");
        assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"));
        let main = between(&html, "<main", "</main>").unwrap();
        for link in links {
            assert!(main.contains(&format!("href=\"{link}\"")), "{cookie:?}: {link}");
        }
    }
}

#[actix_web::test]
async fn unknown_asset_and_wrong_method_are_errors_not_crashes() {
    let app = spawn_app().await;
    assert_eq!(app.get("/assets/nothing.js").await.status(), 404);
    let response = app.client.delete(format!("{}/tarieven", app.address)).send().await.unwrap();
    assert!(response.status().is_client_error(), "{}", response.status());
}

#[actix_web::test]
async fn what_the_framework_refuses_on_a_page_gets_the_error_page_too() {
    let app = spawn_app().await;
    // A query actix cannot read into the page's fields, a form post of the wrong type.
    let unreadable_query =
        app.get_with("/reserveren?mode=whatsapp&mode=mail", &[("Cookie", "lang=nl")]).await;
    let wrong_body = app.post_raw("/contact", "text/plain", "name=A").await;
    for (response, status) in [(unreadable_query, 400), (wrong_body, 415)] {
        assert_eq!(response.status(), status);
        assert_eq!(header(&response, "content-type"), "text/html; charset=utf-8");
        let html = response.text().await.unwrap();
        assert!(html.contains("<meta name=\"robots\" content=\"noindex\">"), "{status}: {html}");
    }
    // The page itself still reads a query it can.
    assert_eq!(app.get("/reserveren?mode=whatsapp&utm_source=x").await.status(), 200);
}
