//! The server behind a real nginx (Debian's package) on loopback, set up the way
//! a deployment would: `proxy_pass` forwarding the raw path, and the client
//! address appended to `X-Forwarded-For`. Visitors, the proxy and the server
//! each get their own loopback address (127.0.0.3/4, 127.0.0.2, 127.0.0.1).
use std::{
    net::{IpAddr, TcpListener},
    process::{Child, Command, Stdio},
    time::Duration,
};

use serde_json::json;

use crate::helpers::{header, spawn_app_with, AppOptions, TempDir};

const NGINX: &str = "/usr/sbin/nginx";
const PROXY_ADDRESS: &str = "127.0.0.2";

struct Nginx {
    child: Child,
    origin: String,
    _dir: TempDir,
}

impl Drop for Nginx {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The proxy as deployed: its own address, the visitor's `Host`, the client appended.
const DEPLOYED: &str = "proxy_bind 127.0.0.2;
              proxy_set_header Host $host;
              proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
              proxy_set_header X-Forwarded-Proto $scheme;";

/// nginx on 127.0.0.2 in front of `upstream`, `location` holding the lines
/// after `proxy_pass`, or `None` (with the reason printed) where nginx is not installed.
async fn nginx_in_front_of(upstream: &str, location: &str) -> Option<Nginx> {
    if !std::path::Path::new(NGINX).exists() {
        eprintln!("skipped: {NGINX} is not installed (Debian: apt-get install nginx-light)");
        return None;
    }
    let dir = TempDir::new();
    let port = TcpListener::bind((PROXY_ADDRESS, 0)).unwrap().local_addr().unwrap().port();
    let upstream = upstream.trim_start_matches("http://");
    let prefix = dir.0.display();
    let config = format!(
        "daemon off; master_process off; worker_processes 1; pid {prefix}/nginx.pid; error_log {prefix}/error.log;
        events {{ worker_connections 64; }}
        http {{
          access_log off;
          client_body_temp_path {prefix}/body; proxy_temp_path {prefix}/proxy;
          fastcgi_temp_path {prefix}/fcgi; uwsgi_temp_path {prefix}/uwsgi; scgi_temp_path {prefix}/scgi;
          server {{
            listen {PROXY_ADDRESS}:{port};
            location / {{
              proxy_pass http://{upstream};
              {location}
            }}
          }}
        }}"
    );
    let path = dir.0.join("nginx.conf");
    std::fs::write(&path, config).unwrap();
    let child = Command::new(NGINX)
        .arg("-c")
        .arg(&path)
        .arg("-p")
        .arg(&dir.0)
        .stderr(Stdio::inherit())
        .spawn()
        .expect("nginx starts");
    // Owned by the guard at once, so nginx is stopped whatever happens next.
    let nginx = Nginx { child, origin: format!("http://{PROXY_ADDRESS}:{port}"), _dir: dir };
    for _ in 0..50 {
        if std::net::TcpStream::connect((PROXY_ADDRESS, port)).is_ok() {
            return Some(nginx);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "nginx did not listen: {}",
        std::fs::read_to_string(nginx._dir.0.join("error.log")).unwrap_or_default()
    );
}

/// A visitor connecting from its own loopback address.
fn visitor(address: &str) -> reqwest::Client {
    reqwest::Client::builder().local_address(address.parse::<IpAddr>().unwrap()).build().unwrap()
}

#[actix_web::test]
async fn behind_nginx_each_visitor_has_its_own_limit_and_operator_endpoints_stay_closed() {
    let app = spawn_app_with(AppOptions {
        config_toml: Some(format!("[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 2\ntrusted_proxies = [\"{PROXY_ADDRESS}\"]\n")),
        ..Default::default()
    })
    .await;
    let Some(nginx) = nginx_in_front_of(&app.address, DEPLOYED).await else { return };
    let (alice, bob) = (visitor("127.0.0.3"), visitor("127.0.0.4"));
    let post = |client: &reqwest::Client, path: &str, forged: &str| {
        client
            .post(format!("{}{path}", nginx.origin))
            .header("X-Forwarded-For", forged)
            .json(&json!({}))
            .send()
    };
    let status = |r: reqwest::Result<reqwest::Response>| r.unwrap().status().as_u16();

    assert_eq!(status(post(&alice, "/api/contact/en", "198.51.100.1").await), 400);
    // Another spelling of the path, and another forged address: still Alice's budget.
    assert_eq!(status(post(&alice, "/%61pi/contact/en", "198.51.100.2").await), 400);
    assert_eq!(status(post(&alice, "/api/c%6Fntact/en", "198.51.100.3").await), 429);
    assert_eq!(status(post(&alice, "/api/reservation/%6El", "").await), 429);
    // Bob is not blocked by Alice.
    assert_eq!(status(post(&bob, "/api/contact/en", "198.51.100.1").await), 400);

    for path in ["/metrics", "/healthz/details"] {
        let through_proxy =
            alice.get(format!("{}{path}", nginx.origin)).header("X-Forwarded-For", "127.0.0.1").send().await;
        assert_eq!(status(through_proxy), 404, "{path} through the proxy");
        assert_eq!(app.get(path).await.status(), 200, "{path} on the host itself");
    }
    assert_eq!(status(alice.get(format!("{}/healthz", nginx.origin)).send().await), 200);
}

/// nginx passes the visitor's `Host` on (`proxy_set_header Host $host`): the domain
/// redirects, the letter-case clean-up and a flag's stored choice work as without it.
#[actix_web::test]
async fn behind_nginx_hosts_languages_and_spellings_are_answered_as_without_it() {
    let app = spawn_app_with(AppOptions {
        config_toml: Some(format!(
            "[render]\nworkers = 1\n[limits]\ntrusted_proxies = [\"{PROXY_ADDRESS}\"]\n[site]\nbase_url = \"https://www.taxi.example\"\n\
             alternate_domains = [{{ origin = \"https://www.taxi-roermond.de\", languages = [\"de\"] }}, \
             {{ origin = \"https://taxiroermond.de\", home_language = \"de\" }}]\n"
        )),
        ..Default::default()
    })
    .await;
    let Some(nginx) = nginx_in_front_of(&app.address, DEPLOYED).await else { return };
    let client = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let get = |host: &'static str, path: &'static str| {
        client
            .get(format!("{}{path}", nginx.origin))
            .header("Host", host)
            .header("Accept-Language", "de-DE,de;q=0.9")
            .header("X-Forwarded-Proto", "http")
            .send()
    };
    for (host, path, status, location) in [
        ("www.taxi.example", "/", 302, "https://www.taxi-roermond.de/de"),
        ("taxiroermond.de", "/", 301, "https://www.taxi-roermond.de/de"),
        ("www.taxi.example", "/T%61rife", 301, "https://www.taxi-roermond.de/tarife"),
        ("www.taxi-roermond.de", "/Tarife", 301, "/tarife"),
        ("www.taxi-roermond.de", "/prices", 301, "https://www.taxi.example/prices"),
    ] {
        let response = get(host, path).await.unwrap();
        assert_eq!(
            (response.status().as_u16(), header(&response, "location")),
            (status, location),
            "{host}{path}"
        );
    }
    let chosen = get("www.taxi.example", "/?lang=nl").await.unwrap();
    assert_eq!(chosen.status(), 200, "a German browser choosing Dutch gets the Dutch home");
    let cookie = header(&chosen, "set-cookie");
    assert!(cookie.starts_with("lang=nl;") && cookie.contains("Secure"), "the site is https: {cookie}");
}

/// The attack of issue 41: a proxy on the host that passes the visitor's `Host`
/// on and no forwarding header, connecting from 127.0.0.1 like an operator.
/// A visitor asking for `127.0.0.1` or `localhost` is still no operator: nginx's
/// `$host` carries no port, and an operator's `Host` names the listening port.
#[actix_web::test]
async fn behind_a_proxy_passing_only_the_host_a_visitor_naming_loopback_gets_no_operator_endpoint() {
    let app = spawn_app_with(AppOptions {
        config_toml: Some("[render]\nworkers = 1\n".into()),
        ..Default::default()
    })
    .await;
    let Some(nginx) = nginx_in_front_of(&app.address, "proxy_set_header Host $host;").await else { return };
    let port = app.address.rsplit(':').next().unwrap();
    let alice = visitor("127.0.0.3");
    for path in ["/metrics", "/healthz/details"] {
        for host in
            ["127.0.0.1", "localhost", "[::1]", &format!("127.0.0.1:{port}"), &format!("localhost:{port}")]
        {
            let asked =
                alice.get(format!("{}{path}", nginx.origin)).header("Host", host).send().await.unwrap();
            assert_eq!(asked.status(), 404, "{path} as {host} through the proxy");
        }
        assert_eq!(app.get(path).await.status(), 200, "{path} on the host itself");
    }
    let page =
        alice.get(format!("{}/healthz", nginx.origin)).header("Host", "127.0.0.1").send().await.unwrap();
    assert_eq!(page.status(), 200, "the public health check still answers through it");
}
