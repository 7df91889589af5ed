use std::{
    process::{Command, Stdio},
    time::{Duration, Instant},
};

fn run_with(env: &[(&str, &str)]) -> (Option<i32>, String) {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_taxi-server"));
    cmd.env_remove("TAXI_CONFIG").env("TAXI_DATA_DIR", std::env::temp_dir().join("taxi-config-test"));
    for (k, v) in env {
        cmd.env(k, v);
    }
    let output = cmd.output().expect("binary runs");
    (output.status.code(), String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn invalid_settings_stop_start_up_naming_the_setting() {
    let (code, stderr) = run_with(&[("TAXI_LISTEN", "not-an-address")]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("TAXI_LISTEN"), "{stderr}");

    let (code, stderr) = run_with(&[("TAXI_LOG_FORMAT", "xml")]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("TAXI_LOG_FORMAT"), "{stderr}");

    let (code, stderr) = run_with(&[("TAXI_CONFIG", "/nonexistent/taxi.toml")]);
    assert_eq!(code, Some(2));
    assert!(stderr.contains("TAXI_CONFIG"), "{stderr}");
}

/// A data directory any user may write to: anyone on the machine could swap
/// the store or the key. The start stops, naming the command that fixes it;
/// after it, the server starts.
#[test]
fn a_data_directory_every_user_may_write_to_stops_the_start_with_the_fix() {
    use std::os::unix::fs::PermissionsExt as _;
    let temp = crate::helpers::TempDir::new();
    let dir = temp.0.join("data");
    std::fs::create_dir(&dir).unwrap();
    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o777)).unwrap();
    let binary =
        || crate::process::server_command(Command::new(env!("CARGO_BIN_EXE_taxi-server")), &dir, "text");
    let mut child = binary().stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
    let deadline = Instant::now() + Duration::from_secs(20);
    while child.try_wait().unwrap().is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "refused at start: {stderr}");
    assert!(stderr.contains("TAXI_DATA_DIR") && stderr.contains("mode 777"), "{stderr}");
    assert!(stderr.contains(&format!("`chmod o-w {}`", dir.display())), "the fix: {stderr}");
    assert!(!dir.join("store.sqlite3").exists(), "nothing written into it");

    std::fs::set_permissions(&dir, std::fs::Permissions::from_mode(0o755)).unwrap();
    let server = crate::process::Process::spawn(binary());
    assert!(server.get("/healthz").starts_with("HTTP/1.1 200"));
}
