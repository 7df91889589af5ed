//! The real binary under a low open-files limit, with more idle connections
//! than the limit: it raises its soft limit to the hard one, accepts no more
//! connections than leave descriptors for its own work, and keeps answering.
use std::{
    io::{Read, Write},
    net::TcpStream,
    process::Command,
    time::{Duration, Instant},
};

use crate::{
    helpers::TempDir,
    process::{server_command, Process},
};

/// The binary started by `sh` with the open-files limits `soft` and `hard`.
fn start_with_open_files(data_dir: &std::path::Path, soft: u32, hard: u32) -> Process {
    let mut command = server_command(Command::new("sh"), data_dir, "json");
    command
        .arg("-c")
        .arg(format!("ulimit -Sn {soft} && ulimit -Hn {hard} && exec \"$0\""))
        .arg(env!("CARGO_BIN_EXE_taxi-server"))
        .env("TAXI_RENDER_WARM_UP", "false");
    Process::spawn(command)
}

/// A GET on its own connection (the test's runtime must not block on it).
fn get(port: u16, path: &str) -> String {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(stream, "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n").unwrap();
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    answer
}

#[actix_web::test]
async fn idle_connections_beyond_the_open_files_limit_leave_the_server_answering() {
    let dir = TempDir::new();
    let server = start_with_open_files(&dir.0.join("var"), 256, 512);
    // More idle connections than the hard limit, all at once, never sending a byte.
    let port = server.port;
    let connects = (0..600).map(|_| async move {
        let connect = tokio::net::TcpStream::connect(("127.0.0.1", port));
        tokio::time::timeout(Duration::from_secs(2), connect).await.ok().and_then(Result::ok)
    });
    let idle: Vec<_> = futures_util::future::join_all(connects).await.into_iter().flatten().collect();
    // Those beyond what the server accepts wait in the kernel's listen queue (128).
    assert!(idle.len() > 256, "only {} connections opened", idle.len());

    let started = Instant::now();
    let health = actix_web::rt::task::spawn_blocking(move || get(port, "/healthz")).await.unwrap();
    assert!(health.starts_with("HTTP/1.1 200"), "{health}");
    // Idle connections are closed after http.header_timeout_ms (5 s); a queued
    // request is served once that frees a slot.
    assert!(started.elapsed() < Duration::from_secs(15), "answered after {:?}", started.elapsed());
    let page = actix_web::rt::task::spawn_blocking(move || get(port, "/en")).await.unwrap();
    assert!(page.starts_with("HTTP/1.1 200"), "{page}");
    drop(idle);

    let log = server.log.lock().unwrap().clone();
    let exhausted: Vec<&String> = log.iter().filter(|l| l.contains("os error 24")).collect();
    assert!(exhausted.is_empty(), "descriptors ran out: {:?}", &exhausted[..exhausted.len().min(3)]);
    let limits = log.iter().find(|l| l.contains("open files: limit")).expect("the limit is logged at start");
    let entry: serde_json::Value = serde_json::from_str(limits).unwrap();
    let fields = &entry["fields"];
    assert_eq!((fields["open_files_limit"].as_u64(), fields["raised_from"].as_u64()), (Some(512), Some(256)));
    let per_worker = fields["max_connections_per_worker"].as_u64().unwrap();
    let workers = fields["workers"].as_u64().unwrap();
    assert!(per_worker * workers < 512, "{limits}");
}
