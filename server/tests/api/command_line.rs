//! The real binary's command line: `--help`, `--version` and a mistake answer at
//! once and leave the working directory empty (no settings loaded, no server
//! started, no `./var`).
use std::{
    fs,
    process::{Command, Stdio},
    time::{Duration, Instant},
};

struct Run {
    code: Option<i32>,
    stdout: String,
    stderr: String,
    /// What the process left in its working directory.
    left: Vec<String>,
}

/// `taxi-server ARG` in a fresh empty directory, with the default data
/// directory (`./var`, so a server started by mistake shows there) and any port;
/// killed if it is still running after 10 s, which is a failure too.
/// The output of `child` once it exits, or after it is killed at 10 s (a
/// server that started instead of exiting, which its test then fails on).
fn ended_within_10s(mut child: std::process::Child) -> std::process::Output {
    let deadline = Instant::now() + Duration::from_secs(10);
    while child.try_wait().unwrap().is_none() && Instant::now() < deadline {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    child.wait_with_output().unwrap()
}

fn run_in_empty_dir(arg: &str) -> Run {
    let dir = std::env::temp_dir().join(format!("taxi-cli-{}-{arg}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_taxi-server"))
        .arg(arg)
        .current_dir(&dir)
        .env("TAXI_LISTEN", "127.0.0.1:0")
        .env_remove("TAXI_DATA_DIR")
        .env_remove("TAXI_CONFIG")
        .env_remove("TAXI_SMTP_URL")
        .env_remove("TAXI_GOOGLE_MAPS_KEY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("taxi-server starts");
    let output = ended_within_10s(child);
    let left =
        fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
    fs::remove_dir_all(&dir).unwrap();
    Run {
        code: output.status.code(),
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        left,
    }
}

#[test]
fn help_names_the_subcommands_and_the_settings_and_starts_nothing() {
    for arg in ["--help", "-h"] {
        let run = run_in_empty_dir(arg);
        assert_eq!(run.code, Some(0), "{arg}: {}{}", run.stdout, run.stderr);
        for expected in ["serve", "healthcheck", "TAXI_CONFIG", "--version"] {
            assert!(run.stdout.contains(expected), "{arg}: no {expected} in {}", run.stdout);
        }
        assert!(run.left.is_empty(), "{arg} left {:?}", run.left);
    }
}

#[test]
fn version_prints_the_crate_version_and_starts_nothing() {
    for arg in ["--version", "-V"] {
        let run = run_in_empty_dir(arg);
        assert_eq!(run.code, Some(0), "{arg}: {}{}", run.stdout, run.stderr);
        assert_eq!(run.stdout.trim(), concat!("taxi-server ", env!("CARGO_PKG_VERSION")), "{arg}");
        assert!(run.left.is_empty(), "{arg} left {:?}", run.left);
    }
}

#[test]
fn an_unknown_subcommand_or_flag_is_refused_and_starts_nothing() {
    for arg in ["bogus", "--bogus"] {
        let run = run_in_empty_dir(arg);
        assert_eq!(run.code, Some(2), "{arg}: {}{}", run.stdout, run.stderr);
        assert!(run.stderr.contains(arg) && run.stderr.contains("Usage"), "{arg}: {}", run.stderr);
        assert!(run.left.is_empty(), "{arg} left {:?}", run.left);
    }
}

/// `taxi-server` with a real company's settings and no mail server: exit 2,
/// the fix on stderr, nothing made (issue 53 item 2).
#[test]
fn a_site_that_is_no_demo_without_a_mail_server_exits_2_with_the_fix() {
    let dir = std::env::temp_dir().join(format!("taxi-cli-{}-nomail", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    fs::write(dir.join("taxi.toml"), crate::mail_route::no_demo("")).unwrap();
    let child = Command::new(env!("CARGO_BIN_EXE_taxi-server"))
        .current_dir(&dir)
        .env("TAXI_LISTEN", "127.0.0.1:0")
        .env("TAXI_CONFIG", dir.join("taxi.toml"))
        .env_remove("TAXI_DATA_DIR")
        .env_remove("TAXI_SMTP_URL")
        .env_remove("TAXI_GOOGLE_MAPS_KEY")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("taxi-server starts");
    // A server that started anyway is stopped, and fails the test below.
    let output = ended_within_10s(child);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let left: Vec<_> = fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    fs::remove_dir_all(&dir).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("TAXI_SMTP_URL") && stderr.contains("mail.maildir_on_purpose"), "{stderr}");
    assert_eq!(left, ["taxi.toml"], "no data directory made");
}
