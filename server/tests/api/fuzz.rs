//! Arbitrary requests to every endpoint: methods, paths, content types, bodies and
//! field values a hostile client might send. None may get a 5xx, drop the
//! connection (a panic would) or stop the server from answering.
use percent_encoding::{utf8_percent_encode, NON_ALPHANUMERIC};
use proptest::{
    prelude::*,
    strategy::ValueTree,
    test_runner::{Config, TestRunner},
};
use serde_json::{Map, Value};

use crate::helpers::{spawn_app_with, AppOptions};

const FIELDS: &[&str] = &[
    "name",
    "email",
    "phone",
    "passengerAmount",
    "departure",
    "departureName",
    "departurePlaceId",
    "destination",
    "destinationName",
    "destinationPlaceId",
    "dateTime",
    "paymentMethod",
    "priceIndication",
    "language",
    "subject",
    "message",
    "mode",
    "action",
    "website",
];
const LANGS: &[&str] = &["nl", "de", "en", "fr", "", "NL", "../nl"];
const PAGES: &[&str] = &[
    "/",
    "/reserveren",
    "/reservieren",
    "/reservation",
    "/contact",
    "/kontakt",
    "/contact-us",
    "/tarieven",
    "/de",
    "/en",
];

#[derive(Debug, Clone)]
struct Request {
    method: &'static str,
    path: String,
    content_type: Option<&'static str>,
    body: Vec<u8>,
    headers: Vec<(&'static str, String)>,
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "\\PC{0,60}",
        "[0-9+-. ]{0,12}",
        "[a-z0-9.@]{0,30}",
        Just("2026-13-45T25:61".to_string()),
        Just("9999-12-31T23:59".to_string()),
        Just("x".repeat(5000)),
        Just("\r\nBcc: victim@example.com".to_string()),
        Just("<script>alert(1)</script>".to_string()),
        Just("{{reference}}".to_string()),
    ]
}

fn segment() -> impl Strategy<Value = String> {
    prop_oneof![
        text().prop_map(|t| utf8_percent_encode(&t, NON_ALPHANUMERIC).to_string()),
        Just("g2748000".to_string()),
        Just("aAMS".to_string())
    ]
}

fn json_value() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        text().prop_map(Value::String),
        any::<i64>().prop_map(Value::from),
        any::<f64>().prop_map(|f| serde_json::Number::from_f64(f).map(Value::Number).unwrap_or(Value::Null)),
        any::<bool>().prop_map(Value::Bool),
        Just(Value::Null),
    ];
    leaf.prop_recursive(3, 16, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(Value::Array),
            prop::collection::btree_map(text(), inner, 0..4)
                .prop_map(|m| Value::Object(m.into_iter().collect()))
        ]
    })
}

fn fields() -> impl Strategy<Value = Vec<(String, Value)>> {
    prop::collection::vec(
        (prop_oneof![prop::sample::select(FIELDS).prop_map(str::to_string), text()], json_value()),
        0..14,
    )
}

fn body() -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        fields().prop_map(|f| Value::Object(f.into_iter().collect::<Map<_, _>>()).to_string().into_bytes()),
        fields().prop_map(|f| {
            let pairs: Vec<(String, String)> = f
                .into_iter()
                .map(|(k, v)| (k, v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())))
                .collect();
            serde_urlencoded::to_string(pairs).unwrap_or_default().into_bytes()
        }),
        json_value().prop_map(|v| v.to_string().into_bytes()),
        prop::collection::vec(any::<u8>(), 0..300),
        Just(vec![b'{'; 20_000]),
    ]
}

fn request() -> impl Strategy<Value = Request> {
    let api_post = (
        prop::sample::select(&["reservation", "whatsappreservation", "contact", "nothing"][..]),
        prop::sample::select(LANGS),
    )
        .prop_map(|(name, lang)| format!("/api/{name}/{lang}"));
    let api_name = prop::sample::select(&["reservation", "whatsappreservation", "contact"][..]);
    let valid_lang = prop::sample::select(&["nl", "de", "en"][..]);
    // Well-formed posts with hostile field values reach validation, pricing and the outbox.
    let json_post = (api_name, valid_lang, fields()).prop_map(|(name, lang, fields)| Request {
        method: "POST",
        path: format!("/api/{name}/{lang}"),
        content_type: Some("application/json"),
        body: Value::Object(fields.into_iter().collect::<Map<_, _>>()).to_string().into_bytes(),
        headers: vec![],
    });
    let form_post = (prop::sample::select(&PAGES[1..7]), fields()).prop_map(|(path, fields)| {
        let pairs: Vec<(String, String)> = fields
            .into_iter()
            .map(|(k, v)| (k, v.as_str().map(str::to_string).unwrap_or_else(|| v.to_string())))
            .collect();
        Request {
            method: "POST",
            path: path.to_string(),
            content_type: Some("application/x-www-form-urlencoded"),
            body: serde_urlencoded::to_string(pairs).unwrap_or_default().into_bytes(),
            headers: vec![],
        }
    });
    let get_path = prop_oneof![
        prop::sample::select(PAGES).prop_map(str::to_string),
        (segment(), prop::sample::select(LANGS), segment())
            .prop_map(|(i, l, s)| format!("/api/place-suggestions?input={i}&lang={l}&sessionToken={s}")),
        (segment(), prop::sample::select(LANGS))
            .prop_map(|(id, l)| format!("/api/place-details/{id}?lang={l}")),
        (segment(), segment(), prop::sample::select(LANGS))
            .prop_map(|(a, b, l)| format!("/api/places/{a}/{b}?lang={l}")),
        segment().prop_map(|s| format!("/assets/{s}")),
        prop::sample::select(
            &[
                "/sitemap.xml",
                "/robots.txt",
                "/healthz",
                "/readyz",
                "/metrics",
                "/favicon.ico",
                "/reserveren?mode=whatsapp"
            ][..]
        )
        .prop_map(str::to_string),
        segment().prop_map(|s| format!("/{s}")),
        (prop::sample::select(PAGES), segment()).prop_map(|(p, q)| format!("{p}?mode={q}")),
    ];
    let post_path = prop_oneof![api_post, prop::sample::select(PAGES).prop_map(str::to_string)];
    let content_type = prop::option::of(prop::sample::select(
        &[
            "application/json",
            "application/x-www-form-urlencoded",
            "text/plain",
            "multipart/form-data; boundary=x",
            "application/json; charset=latin1",
            "application/x-www-form-urlencoded; charset=utf-8",
        ][..],
    ));
    let headers = prop::collection::vec(
        prop_oneof![
            prop::sample::select(&["https://evil.example", "null", "http://127.0.0.1"][..])
                .prop_map(|v| ("Origin", v.to_string())),
            prop::sample::select(&["same-origin", "cross-site", "none", "bogus"][..])
                .prop_map(|v| ("Sec-Fetch-Site", v.to_string())),
            "[a-zA-Z0-9=;., ]{0,40}".prop_map(|v| ("Cookie", v)),
            "[a-z0-9,;=. -]{0,30}".prop_map(|v| ("Accept-Language", v)),
            "[a-z0-9,;=. -]{0,30}".prop_map(|v| ("Accept-Encoding", v)),
        ],
        0..2,
    );
    prop_oneof![
        3 => json_post,
        2 => form_post,
        3 => (get_path, headers.clone()).prop_map(|(path, headers)| Request { method: "GET", path, content_type: None, body: vec![], headers }),
        2 => (post_path, content_type, body(), headers.clone()).prop_map(|(path, content_type, body, headers)| Request { method: "POST", path, content_type, body, headers }),
        1 => (prop::sample::select(&["PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"][..]), prop::sample::select(PAGES), body())
            .prop_map(|(method, path, body)| Request { method, path: path.to_string(), content_type: None, body, headers: vec![] }),
    ]
}

#[actix_web::test]
async fn arbitrary_requests_never_get_a_server_error() {
    let app = spawn_app_with(AppOptions {
        config_toml: Some(
            "[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\nlookup_rate_limit_per_minute = 0\n"
                .into(),
        ),
        ..Default::default()
    })
    .await;
    app.wait_until_ready().await;
    let cases: usize = std::env::var("FUZZ_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(2000);
    let mut runner = TestRunner::new(Config::default());
    let strategy = request();
    let mut statuses = std::collections::BTreeMap::<u16, usize>::new();
    for _ in 0..cases {
        let case = strategy.new_tree(&mut runner).expect("a case").current();
        let mut request = app
            .client
            .request(case.method.parse().unwrap(), format!("{}{}", app.address, case.path))
            .body(case.body.clone());
        if let Some(content_type) = case.content_type {
            request = request.header("Content-Type", content_type);
        }
        for (name, value) in &case.headers {
            request = request.header(*name, value);
        }
        let response = request.send().await.unwrap_or_else(|e| panic!("no answer to {case:?}: {e}"));
        let status = response.status().as_u16();
        // Reading the whole body proves the answer was complete.
        let body = response.bytes().await.unwrap_or_else(|e| panic!("broken answer to {case:?}: {e}"));
        assert!(status < 500, "{status} for {case:?}: {}", String::from_utf8_lossy(&body));
        *statuses.entry(status).or_default() += 1;
    }
    println!("statuses over {cases} arbitrary requests: {statuses:?}");
    assert!(statuses.len() >= 5, "the cases reach many kinds of answer: {statuses:?}");
    assert_eq!(app.get("/healthz").await.status(), 200);
}
