use std::process::Command;

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
