//! A typed name reaches the company's mails: one that carries a web address,
//! an e-mail address or a phone number is refused at the form, in the
//! visitor's language, under the name field, and nothing is stored or sent.
use serde_json::Value;

use crate::{booking::booking, helpers::spawn_app};

#[actix_web::test]
async fn a_name_with_a_link_an_address_or_a_number_is_refused_under_the_name_field() {
    let app = spawn_app().await;
    let cases = [
        ("de", "Gewinn auf www.example.top", "Geben Sie nur Ihren Namen ein"),
        ("nl", "cheap-pills.com", "Vul alleen uw naam in"),
        ("en", "Call 0612345678 now", "Enter only your name"),
    ];
    for (lang, name, message) in cases {
        let mut form = booking();
        form["name"] = name.into();
        let response = app.post_json(&format!("/api/reservation/{lang}"), &form).await;
        assert_eq!(response.status(), 400, "{name}");
        let body: Value = response.json().await.unwrap();
        assert!(body["errors"]["name"].as_str().unwrap_or("").starts_with(message), "{name}: {body}");
        assert_eq!(body["errors"].as_object().unwrap().len(), 1, "only the name: {body}");
    }
    let contact = serde_json::json!({"name": "mail x@evil.example", "email": "x@example.com", "subject": "Hi", "message": "Hello"});
    let response = app.post_json("/api/contact/en", &contact).await;
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert!(body["errors"]["name"].as_str().unwrap().starts_with("Enter only your name"), "{body}");

    // Without JavaScript: the message under the field, wired to it.
    let page = app
        .post_raw(
            "/kontakt",
            "application/x-www-form-urlencoded",
            "name=shop.nl&email=a%40example.de&subject=S&message=M",
        )
        .await;
    assert_eq!(page.status(), 400);
    let html = page.text().await.unwrap();
    assert!(html.contains("id=\"name-error\"") && html.contains("Geben Sie nur Ihren Namen ein"), "{html}");

    let mut honest = booking();
    honest["name"] = "J.R. van der Berg-O'Neill".into();
    assert_eq!(app.post_json("/api/reservation/nl", &honest).await.status(), 200, "a real name passes");
}
