use crate::helpers::{header, spawn_app};

#[actix_web::test]
async fn index_sends_german_and_english_visitors_to_their_home_page() {
    let app = spawn_app().await;
    type Case<'a> = (&'a [(&'a str, &'a str)], Option<&'a str>);
    let cases: &[Case] = &[
        (&[], None),
        (&[("Accept-Language", "nl-NL,nl;q=0.9,en;q=0.5")], None),
        (&[("Accept-Language", "de-DE,de;q=0.9")], Some("/de")),
        (&[("Accept-Language", "en-GB,en;q=0.9")], Some("/en")),
        (&[("Accept-Language", "fr-FR")], Some("/en")),
        (&[("Cookie", "lang=de"), ("Accept-Language", "nl")], Some("/de")),
        (&[("Cookie", "lang=en")], Some("/en")),
        (&[("Cookie", "lang=nl"), ("Accept-Language", "de")], None),
        (&[("Cookie", "lang=xx"), ("Accept-Language", "de")], Some("/de")),
    ];
    for (headers, redirect) in cases {
        let response = app.get_with("/", headers).await;
        let vary = header(&response, "vary").to_string();
        assert!(vary.contains("Cookie") && vary.contains("Accept-Language"), "{headers:?}: vary {vary}");
        match redirect {
            Some(to) => {
                assert_eq!(response.status(), 302, "{headers:?}");
                assert_eq!(header(&response, "location"), *to, "{headers:?}");
            }
            None => {
                assert_eq!(response.status(), 200, "{headers:?}");
                assert!(response.text().await.unwrap().contains("<html lang=\"nl\">"));
            }
        }
    }
}

#[actix_web::test]
async fn other_pages_ignore_the_stored_language() {
    let app = spawn_app().await;
    let response = app.get_with("/tarieven", &[("Cookie", "lang=de"), ("Accept-Language", "en")]).await;
    assert_eq!(response.status(), 200);
    assert!(response.text().await.unwrap().contains("<html lang=\"nl\">"));
}
