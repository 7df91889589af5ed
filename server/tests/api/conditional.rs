//! Repeat visits: every page carries a strong ETag per encoding, answers
//! `If-None-Match` with 304 and no body, and answers HEAD like GET without the
//! body. `assets.rs` runs the same checks on the stylesheet and scripts.
use std::collections::HashSet;

use crate::helpers::{header, spawn_app, TestApp, ROUTES};

const ENCODINGS: [(&str, &str); 3] = [("identity", ""), ("gzip", "gzip"), ("br, gzip", "br")];

async fn fetch(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    headers: &[(&str, &str)],
) -> reqwest::Response {
    let mut request = app.client.request(method, format!("{}{path}", app.address));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.expect("request sent")
}

/// For one URL: a distinct strong ETag per encoding, 304 for that tag (also
/// weak, in a list, or `*`), 200 with the full body for any other tag, and HEAD
/// with the headers of GET. Returns the tags.
pub async fn check_revalidation(app: &TestApp, path: &str) -> Vec<String> {
    let mut tags = Vec::new();
    for (accept, encoding) in ENCODINGS {
        let full = fetch(app, reqwest::Method::GET, path, &[("Accept-Encoding", accept)]).await;
        assert_eq!(full.status(), 200, "{path} {accept}");
        assert_eq!(header(&full, "content-encoding"), encoding, "{path} {accept}");
        let etag = header(&full, "etag").to_string();
        let (content_type, cache_control) =
            (header(&full, "content-type").to_string(), header(&full, "cache-control").to_string());
        assert!(
            etag.len() > 2 && etag.starts_with('"') && etag.ends_with('"'),
            "{path} {accept}: strong ETag, got {etag:?}"
        );
        let body = full.bytes().await.unwrap();

        let head = fetch(app, reqwest::Method::HEAD, path, &[("Accept-Encoding", accept)]).await;
        assert_eq!(head.status(), 200, "HEAD {path} {accept}");
        assert_eq!(header(&head, "etag"), etag, "HEAD {path} {accept}");
        assert_eq!(header(&head, "content-encoding"), encoding, "HEAD {path} {accept}");
        assert_eq!(header(&head, "content-type"), content_type, "HEAD {path} {accept}");
        assert_eq!(header(&head, "content-length"), body.len().to_string(), "HEAD {path} {accept}");
        assert!(head.bytes().await.unwrap().is_empty(), "HEAD {path} {accept}: no body");

        let weak = format!("W/{etag}");
        let listed = format!("\"0000\", {etag}");
        for condition in [etag.as_str(), weak.as_str(), listed.as_str(), "*"] {
            for method in [reqwest::Method::GET, reqwest::Method::HEAD] {
                let cached = fetch(
                    app,
                    method.clone(),
                    path,
                    &[("Accept-Encoding", accept), ("If-None-Match", condition)],
                )
                .await;
                assert_eq!(cached.status(), 304, "{method} {path} {accept} If-None-Match: {condition}");
                assert_eq!(header(&cached, "etag"), etag, "{path} {accept}: 304 names the tag");
                assert_eq!(
                    header(&cached, "cache-control"),
                    cache_control,
                    "{path} {accept}: 304 keeps Cache-Control"
                );
                assert!(
                    header(&cached, "vary").contains("Accept-Encoding"),
                    "{path} {accept}: 304 keeps Vary"
                );
                assert_eq!(header(&cached, "content-encoding"), "", "{path} {accept}: 304 has no encoding");
                assert!(cached.bytes().await.unwrap().is_empty(), "{path} {accept}: 304 has no body");
            }
        }
        let changed = fetch(
            app,
            reqwest::Method::GET,
            path,
            &[("Accept-Encoding", accept), ("If-None-Match", "\"an-older-version\"")],
        )
        .await;
        assert_eq!(changed.status(), 200, "{path} {accept}: another tag gets the page");
        assert_eq!(changed.bytes().await.unwrap(), body, "{path} {accept}");
        tags.push(etag);
    }
    assert_eq!(tags.iter().collect::<HashSet<_>>().len(), 3, "{path}: each encoding its own tag: {tags:?}");
    // A tag of another encoding is another body: the full answer, not 304.
    let gzip_with_identity_tag =
        fetch(app, reqwest::Method::GET, path, &[("Accept-Encoding", "gzip"), ("If-None-Match", &tags[0])])
            .await;
    assert_eq!(gzip_with_identity_tag.status(), 200, "{path}");
    tags
}

#[actix_web::test]
async fn every_page_in_every_language_and_encoding_revalidates_with_304() {
    let app = spawn_app().await;
    app.wait_until_ready().await;
    let mut all = HashSet::new();
    let whatsapp = [
        ("/reservation?mode=whatsapp", "en", "reservation"),
        ("/reserveren?mode=whatsapp", "nl", "reservation"),
    ];
    for (path, _, _) in ROUTES.iter().chain(&whatsapp) {
        for tag in check_revalidation(&app, path).await {
            assert!(all.insert(tag.clone()), "{path}: tag {tag} also used by another page");
        }
    }
    // The tag follows the bytes: the same page asked again has the same tag.
    let again = app.get("/tarife").await;
    assert!(all.contains(header(&again, "etag")));
}

#[actix_web::test]
async fn answers_that_are_not_the_page_are_never_304() {
    let app = spawn_app().await;
    // An unknown page is 404 whatever the client holds.
    let missing = app.get_with("/no-such-page", &[("If-None-Match", "*")]).await;
    assert_eq!(missing.status(), 404);
    assert_eq!(header(&missing, "etag"), "");
    assert!(!missing.text().await.unwrap().is_empty(), "the error page");
    // A form post answers with a page made for that post: no validator.
    let posted = app.post_raw("/contact", "application/x-www-form-urlencoded", "name=").await;
    assert_ne!(posted.status(), 304);
    assert_eq!(header(&posted, "etag"), "");
}
