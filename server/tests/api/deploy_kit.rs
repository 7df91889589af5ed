//! The deployment kit in `deploy/` (issue 53 item 4), held to the tools that
//! will read it: the sample settings load as the server loads them, Debian's
//! nginx accepts the server blocks (`nginx -t`, with a self-signed certificate
//! where certbot's would be) and serves the site through them over TLS, and
//! `systemd-analyze verify` finds nothing in the unit. The three files agree on
//! the addresses: the server's port, nginx's own address, the trusted proxy.
use std::{
    net::{IpAddr, TcpListener},
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::Duration,
};

use serde_json::json;
use taxi_server::config::Settings;

use crate::helpers::{spawn_app_with, AppOptions, TempDir};

const NGINX: &str = "/usr/sbin/nginx";
const OPENSSL: &str = "/usr/bin/openssl";
const SYSTEMD_ANALYZE: &str = "/usr/bin/systemd-analyze";
const CERTBOT_LIVE: &str = "/etc/letsencrypt/live/www.taxi-voorbeeld.example";
/// Where the test's nginx listens, on loopback.
const NGINX_ADDRESS: &str = "127.0.0.6";

fn kit(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../deploy").join(name)
}

fn read(name: &str) -> String {
    std::fs::read_to_string(kit(name)).unwrap()
}

/// The value after `directive` on the first line that starts with it (`;` cut).
fn directive<'a>(text: &'a str, name: &str) -> &'a str {
    text.lines()
        .map(str::trim)
        .find_map(|l| l.strip_prefix(name).filter(|rest| rest.starts_with([' ', '='])))
        .map(|rest| rest.trim_start_matches([' ', '=']).trim_end_matches(';').trim())
        .unwrap_or_else(|| panic!("no {name} in the kit"))
}

#[test]
fn the_kit_agrees_on_the_addresses_and_the_sample_settings_load() {
    let (nginx, unit) = (read("nginx.conf"), read("taxi-server.service"));
    let sample: toml::Table = read("taxi.example.toml").parse().unwrap();
    let listen = directive(&unit, "Environment=TAXI_LISTEN");
    assert_eq!(directive(&nginx, "server"), listen, "nginx's upstream is where the unit listens");
    let trusted = sample["limits"]["trusted_proxies"].as_array().unwrap();
    assert_eq!(
        trusted,
        &[toml::Value::from(directive(&nginx, "proxy_bind"))],
        "the proxy nginx binds is trusted"
    );
    assert_eq!(sample["data_dir"].as_str(), Some(directive(&unit, "Environment=TAXI_DATA_DIR")));
    assert_eq!(directive(&unit, "ReadWritePaths"), directive(&unit, "Environment=TAXI_DATA_DIR"));

    // Every key is one the server knows and every value one it takes (the
    // image's path stands in for the owner's).
    let dir = TempDir::new();
    let own = format!("{}/tests/fixtures/own-share.png", env!("CARGO_MANIFEST_DIR"));
    let settings = read("taxi.example.toml").replace("/etc/taxi/images/share.png", &own);
    std::fs::write(dir.0.join("taxi.toml"), settings).unwrap();
    let env = [("TAXI_CONFIG".to_string(), dir.0.join("taxi.toml").display().to_string())];
    let loaded = Settings::load_from(&env.into_iter().collect()).expect("the sample settings load");
    assert!(!loaded.company.demo && loaded.site.hsts && loaded.site.base_url.starts_with("https://"));
}

/// A self-signed certificate for the kit's names, where certbot's would be.
fn certificate(dir: &Path) -> (PathBuf, PathBuf) {
    let (cert, key) = (dir.join("fullchain.pem"), dir.join("privkey.pem"));
    let made = Command::new(OPENSSL)
        .args(["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj"])
        .arg("/CN=www.taxi-voorbeeld.example")
        .arg("-keyout")
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .stderr(Stdio::null())
        .status()
        .expect("openssl runs");
    assert!(made.success(), "openssl made no certificate");
    (cert, key)
}

/// The kit's server blocks included in a main configuration of the test's own
/// (pid, logs and temporary files in `dir`), `nginx -t` run on it.
fn nginx_test(dir: &Path, server_blocks: &str) -> (bool, String) {
    let main = main_config(dir, server_blocks, "");
    let output = Command::new(NGINX).arg("-t").arg("-c").arg(&main).arg("-p").arg(dir).output().unwrap();
    (output.status.success(), String::from_utf8_lossy(&output.stderr).into_owned())
}

fn main_config(dir: &Path, server_blocks: &str, top: &str) -> PathBuf {
    std::fs::write(dir.join("taxi.conf"), server_blocks).unwrap();
    let prefix = dir.display();
    let main = format!(
        "{top} pid {prefix}/nginx.pid; error_log {prefix}/error.log;
        events {{ worker_connections 64; }}
        http {{
          access_log off;
          client_body_temp_path {prefix}/body; proxy_temp_path {prefix}/proxy;
          fastcgi_temp_path {prefix}/fcgi; uwsgi_temp_path {prefix}/uwsgi; scgi_temp_path {prefix}/scgi;
          include {prefix}/taxi.conf;
        }}"
    );
    let path = dir.join("nginx.conf");
    std::fs::write(&path, main).unwrap();
    path
}

fn tools_missing() -> Option<String> {
    [NGINX, OPENSSL]
        .iter()
        .find(|tool| !Path::new(tool).exists())
        .map(|tool| format!("skipped: {tool} is not installed (Debian: apt-get install nginx-light openssl)"))
}

#[test]
fn nginx_takes_the_kits_server_blocks_with_a_certificate_in_place() {
    if let Some(why) = tools_missing() {
        eprintln!("{why}");
        return;
    }
    let dir = TempDir::new();
    let blocks = read("nginx.conf");
    if !Path::new(CERTBOT_LIVE).exists() {
        // No certificate yet: nginx -t reads the kit and says so (the check can fail).
        let (ok, said) = nginx_test(&dir.0, &blocks);
        assert!(!ok && said.contains(CERTBOT_LIVE), "{said}");
    }
    let (cert, key) = certificate(&dir.0);
    let blocks = with_certificate(&blocks, &cert, &key);
    let (ok, said) = nginx_test(&dir.0, &blocks);
    assert!(ok && said.contains("syntax is ok") && said.contains("test is successful"), "{said}");
}

fn with_certificate(blocks: &str, cert: &Path, key: &Path) -> String {
    blocks
        .replace(&format!("{CERTBOT_LIVE}/fullchain.pem"), &cert.display().to_string())
        .replace(&format!("{CERTBOT_LIVE}/privkey.pem"), &key.display().to_string())
}

struct RunningNginx(Child);

impl Drop for RunningNginx {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn free_port(address: &str) -> u16 {
    TcpListener::bind((address, 0)).unwrap().local_addr().unwrap().port()
}

/// The kit's nginx, on loopback ports instead of 80 and 443, in front of a
/// server set up as the sample settings say: http goes to https, TLS answers
/// under every name, the alternate domain redirects, each visitor has their
/// own limit, and the operators' endpoints stay closed.
#[actix_web::test]
async fn the_kits_nginx_serves_the_site_over_tls_and_passes_each_visitor_on() {
    if let Some(why) = tools_missing() {
        eprintln!("{why}");
        return;
    }
    let app = spawn_app_with(AppOptions {
        config_toml: Some(
            "[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 2\ntrusted_proxies = [\"127.0.0.2\"]\n\
             [site]\nbase_url = \"https://www.taxi-voorbeeld.example\"\n\
             alternate_domains = [{ origin = \"https://taxi-voorbeeld.example\" }]\n"
                .into(),
        ),
        ..Default::default()
    })
    .await;
    let dir = TempDir::new();
    let (cert, key) = certificate(&dir.0);
    let (http, https) = (free_port(NGINX_ADDRESS), free_port(NGINX_ADDRESS));
    let app_port = app.address.rsplit(':').next().unwrap();
    let blocks = with_certificate(&read("nginx.conf"), &cert, &key)
        .replace("listen [::]:80;", "")
        .replace("listen [::]:443 ssl http2;", "")
        .replace("listen 80;", &format!("listen {NGINX_ADDRESS}:{http};"))
        .replace("listen 443 ssl", &format!("listen {NGINX_ADDRESS}:{https} ssl"))
        .replace("server 127.0.0.1:8080;", &format!("server 127.0.0.1:{app_port};"));
    let main = main_config(&dir.0, &blocks, "daemon off; master_process off; worker_processes 1;");
    let child = Command::new(NGINX)
        .arg("-c")
        .arg(&main)
        .arg("-p")
        .arg(&dir.0)
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap();
    let _nginx = RunningNginx(child);
    for _ in 0..50 {
        if std::net::TcpStream::connect((NGINX_ADDRESS, https)).is_ok() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let nginx: std::net::SocketAddr = format!("{NGINX_ADDRESS}:{https}").parse().unwrap();
    let plain: std::net::SocketAddr = format!("{NGINX_ADDRESS}:{http}").parse().unwrap();
    let visitor = |address: &str| {
        reqwest::Client::builder()
            .local_address(address.parse::<IpAddr>().unwrap())
            .danger_accept_invalid_certs(true)
            .redirect(reqwest::redirect::Policy::none())
            .resolve("www.taxi-voorbeeld.example", nginx)
            .resolve("taxi-voorbeeld.example", nginx)
            .resolve("plain.taxi-voorbeeld.example", plain)
            .build()
            .unwrap()
    };
    let (alice, bob) = (visitor("127.0.0.3"), visitor("127.0.0.4"));
    let site = format!("https://www.taxi-voorbeeld.example:{https}");

    let to_https = alice
        .get(format!("http://plain.taxi-voorbeeld.example:{http}/prices?x=1"))
        .header("Host", "www.taxi-voorbeeld.example")
        .send()
        .await
        .unwrap();
    assert_eq!(to_https.status(), 301);
    assert_eq!(to_https.headers()["location"], "https://www.taxi-voorbeeld.example/prices?x=1");
    let page = alice.get(format!("{site}/prices")).send().await.unwrap();
    assert_eq!(page.status(), 200, "the page over TLS, through nginx");
    let alternate = alice.get(format!("https://taxi-voorbeeld.example:{https}/prices")).send().await.unwrap();
    assert_eq!(alternate.status(), 301);
    assert_eq!(alternate.headers()["location"], "https://www.taxi-voorbeeld.example/prices");

    let post =
        |client: &reqwest::Client| client.post(format!("{site}/api/contact/en")).json(&json!({})).send();
    let status = |r: reqwest::Result<reqwest::Response>| r.unwrap().status().as_u16();
    assert_eq!(status(post(&alice).await), 400);
    assert_eq!(status(post(&alice).await), 400);
    assert_eq!(status(post(&alice).await), 429, "Alice's own limit");
    assert_eq!(status(post(&bob).await), 400, "Bob is not Alice: the trusted proxy passes each visitor on");
    for path in ["/metrics", "/healthz/details"] {
        assert_eq!(status(alice.get(format!("{site}{path}")).send().await), 404, "{path}");
    }
}

#[test]
fn systemd_analyze_verify_finds_nothing_in_the_unit() {
    if !Path::new(SYSTEMD_ANALYZE).exists() {
        eprintln!("skipped: {SYSTEMD_ANALYZE} is not installed (it comes with systemd)");
        return;
    }
    let unit = read("taxi-server.service");
    for option in [
        "User=taxi",
        "EnvironmentFile=/etc/taxi/taxi.env",
        "Restart=on-failure",
        "NoNewPrivileges=yes",
        "ProtectSystem=strict",
        "PrivateTmp=yes",
    ] {
        assert!(unit.lines().any(|l| l == option), "{option}");
    }
    let verify = |text: &str| {
        let dir = TempDir::new();
        // verify wants the program to exist: the one just built stands in.
        let text = text.replace("/usr/local/bin/taxi-server", env!("CARGO_BIN_EXE_taxi-server"));
        let path = dir.0.join("taxi-server.service");
        std::fs::write(&path, text).unwrap();
        let output = Command::new(SYSTEMD_ANALYZE).arg("verify").arg(&path).output().unwrap();
        (output.status.success(), String::from_utf8_lossy(&output.stderr).into_owned())
    };
    let (ok, said) = verify(&unit);
    assert!(ok && said.trim().is_empty(), "systemd-analyze verify: {said}");
    // It reads the unit: a mistyped option is named (the check can fail).
    let (_, said) = verify(&unit.replace("NoNewPrivileges=", "NoNewPrivilege="));
    assert!(said.contains("Unknown key 'NoNewPrivilege'"), "{said}");
}
