//! A fake Google on 127.0.0.1: an HTTP server that records every request it
//! gets and answers each as its test says, in Google's JSON. The one fake of
//! the unit tests of the Google provider (`src/places/google/tests/`) and of
//! the API tests (`tests/api/fake_google.rs`, which answer any text as found).
#![allow(dead_code)] // each user takes what it needs

use std::{
    collections::HashMap,
    sync::{Arc, Mutex},
    time::Duration,
};

use actix_web::{http::StatusCode, web, App, HttpRequest, HttpResponse, HttpServer};
use serde_json::Value;

/// One request the fake received.
#[derive(Debug, Clone)]
pub struct Seen {
    pub method: String,
    pub path: String,
    pub query: HashMap<String, String>,
    pub headers: HashMap<String, String>,
    pub body: Value,
}

/// The answer to one request: a status, a JSON body, after a delay.
pub struct Reply {
    pub status: u16,
    pub body: String,
    pub delay: Duration,
}

pub fn reply(status: u16, body: Value) -> Reply {
    Reply { status, body: body.to_string(), delay: Duration::ZERO }
}

type Respond = dyn Fn(&Seen, usize) -> Reply + Send + Sync;

pub struct Fake {
    pub url: String,
    seen: Arc<Mutex<Vec<Seen>>>,
    handle: actix_web::dev::ServerHandle,
}

impl Fake {
    /// Starts a fake answering each request with `respond(request, index)`.
    pub async fn start(respond: impl Fn(&Seen, usize) -> Reply + Send + Sync + 'static) -> Fake {
        let seen: Arc<Mutex<Vec<Seen>>> = Arc::default();
        let respond: Arc<Respond> = Arc::new(respond);
        let (seen2, respond2) = (seen.clone(), respond.clone());
        let server = HttpServer::new(move || {
            let (seen, respond) = (seen2.clone(), respond2.clone());
            App::new().default_service(web::to(move |req: HttpRequest, body: web::Bytes| {
                let (seen, respond) = (seen.clone(), respond.clone());
                async move {
                    let request = Seen {
                        method: req.method().to_string(),
                        path: req.path().to_string(),
                        query: web::Query::<HashMap<String, String>>::from_query(req.query_string())
                            .map(|q| q.into_inner())
                            .unwrap_or_default(),
                        headers: req
                            .headers()
                            .iter()
                            .map(|(k, v)| (k.as_str().to_string(), v.to_str().unwrap_or("").to_string()))
                            .collect(),
                        body: serde_json::from_slice(&body).unwrap_or(Value::Null),
                    };
                    let index = {
                        let mut all = seen.lock().unwrap();
                        all.push(request.clone());
                        all.len() - 1
                    };
                    let answer = respond(&request, index);
                    if !answer.delay.is_zero() {
                        actix_web::rt::time::sleep(answer.delay).await;
                    }
                    HttpResponse::build(StatusCode::from_u16(answer.status).unwrap())
                        .content_type("application/json; charset=UTF-8")
                        .body(answer.body)
                }
            }))
        })
        .workers(1)
        .disable_signals()
        .shutdown_timeout(0)
        .bind(("127.0.0.1", 0))
        .unwrap();
        let url = format!("http://{}", server.addrs()[0]);
        let server = server.run();
        let handle = server.handle();
        actix_web::rt::spawn(server);
        Fake { url, seen, handle }
    }

    /// How many requests it received.
    pub fn calls(&self) -> usize {
        self.seen.lock().unwrap().len()
    }

    /// Request `index`, in the order received.
    pub fn seen(&self, index: usize) -> Seen {
        self.seen.lock().unwrap()[index].clone()
    }

    /// Every request, in the order received.
    pub fn all_seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }

    pub async fn stop(self) {
        self.handle.stop(false).await;
    }
}
