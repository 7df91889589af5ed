use crate::helpers::{header, spawn_app};

#[actix_web::test]
async fn the_specs_redirects_are_permanent() {
    let app = spawn_app().await;
    let cases = [
        ("/en/airport-taxi-english", "/en"),
        ("/de/flughafentaxi-deutsch", "/de"),
        ("/de/preise", "/tarife"),
        ("/en/prices", "/prices"),
        ("/de/kontakt", "/kontakt"),
        ("/en/contact", "/contact-us"),
        ("/en/reservation", "/reservation"),
        ("/de/reservieren", "/reservieren"),
    ];
    for (from, to) in cases {
        let response = app.get(from).await;
        assert_eq!(response.status(), 301, "{from}");
        assert_eq!(header(&response, "location"), to, "{from}");
    }
}

#[actix_web::test]
async fn look_alikes_of_the_redirects_are_not_found() {
    let app = spawn_app().await;
    for path in ["/en/-english", "/en/taxi-deutsch", "/de/taxi-english", "/en/prices/extra", "/fr/preise"] {
        assert_eq!(app.get(path).await.status(), 404, "{path}");
    }
}

#[actix_web::test]
async fn a_trailing_slash_redirects_to_the_path_without_it() {
    let app = spawn_app().await;
    for (from, to) in [
        ("/reserveren/", "/reserveren"),
        ("/en/", "/en"),
        ("/prices//", "/prices"),
        ("/tarife/?x=1", "/tarife?x=1"),
        ("/nowhere/", "/nowhere"),
        // In one hop when the path without the slash redirects too.
        ("/de/preise/", "/tarife"),
        ("/en/contact//?utm_source=x", "/contact-us?utm_source=x"),
        ("/en/airport-taxi-english/", "/en"),
    ] {
        let response = app.get(from).await;
        assert_eq!(response.status(), 301, "{from}");
        assert_eq!(header(&response, "location"), to, "{from}");
    }
}

#[actix_web::test]
async fn a_redirect_never_leaves_the_site() {
    let app = spawn_app().await;
    // Sent as raw bytes: an HTTP client library would turn `\\` into `/` first.
    // Browsers read a backslash as a slash, so `/\\host` leaves the site too.
    for path in ["//evil.example/", "/\\evil.example/", "/%5Cevil.example/", "/\\/evil.example/", "/\\\\x/"] {
        let location = raw_location(&app.address, path).await;
        assert!(location.starts_with('/') && !location[1..].starts_with(['/', '\\']), "{path} → {location}");
    }
}

/// The `Location` of the answer to `GET path` sent byte for byte.
async fn raw_location(address: &str, path: &str) -> String {
    use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
    let host = address.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).await.unwrap();
    let location =
        answer.lines().find_map(|l| l.strip_prefix("location: ").or_else(|| l.strip_prefix("Location: ")));
    location.unwrap_or_else(|| panic!("{path}: no redirect in {answer}")).to_string()
}

#[actix_web::test]
async fn the_language_choice_at_the_root_keeps_the_query() {
    let app = spawn_app().await;
    let response =
        app.get_with("/?utm_source=whatsapp&utm_campaign=x", &[("Accept-Language", "de-DE")]).await;
    assert_eq!(response.status(), 302);
    assert_eq!(header(&response, "location"), "/de?utm_source=whatsapp&utm_campaign=x");
}
