//! The SMTP sink (`tests/smtp_sink.py`, a real SMTP server on loopback) for
//! the tests that deliver mail: shared by the delivery and the API tests.
use std::{
    io::{BufRead, BufReader},
    net::TcpListener,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    sync::Once,
};

/// A port nothing listens on (yet).
/// A port nothing listens on now and that no other test of this process got:
/// the kernel may hand a released port out again, and a test whose mail
/// server is "down" on a port must not find another test's server there.
pub fn free_port() -> u16 {
    static GIVEN: std::sync::Mutex<Vec<u16>> = std::sync::Mutex::new(Vec::new());
    let mut given = GIVEN.lock().unwrap_or_else(|e| e.into_inner());
    loop {
        let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        if !given.contains(&port) {
            given.push(port);
            return port;
        }
    }
}

/// Makes sure Python has aiosmtpd (CI: `python3 -m pip install aiosmtpd`).
fn ensure_aiosmtpd() {
    static ONCE: Once = Once::new();
    ONCE.call_once(|| {
        let have = Command::new("python3")
            .args(["-c", "import aiosmtpd"])
            .status()
            .map(|s| s.success())
            .unwrap_or(false);
        if !have {
            let status = Command::new("python3")
                .args(["-m", "pip", "install", "--quiet", "aiosmtpd"])
                .status()
                .expect("python3 is needed for the SMTP tests");
            assert!(status.success(), "could not install aiosmtpd: run `python3 -m pip install aiosmtpd`");
        }
    });
}

/// One message the sink received.
pub struct Received {
    pub rcpt_to: Vec<String>,
    /// The parameters of its `MAIL FROM`, as sent (upper-cased): `SMTPUTF8`, `BODY=8BITMIME`.
    #[allow(dead_code)] // the API tests look at no session
    pub mail_options: Vec<String>,
    /// The session's TLS version (`TLSv1.3`), `None` when it was in the clear.
    #[allow(dead_code)]
    pub tls: Option<String>,
    pub message_id: String,
    pub raw: Vec<u8>,
}

/// The SMTP sink (`tests/smtp_sink.py`) as a child process; killed on drop.
pub struct Sink {
    child: Child,
    pub port: u16,
    pub dir: PathBuf,
}

impl Sink {
    /// The sink on `port` (a port it had before: a restarted server).
    pub fn start(port: u16, dir: &Path, extra: &[&str]) -> Sink {
        Self::try_start(port, dir, extra).expect("the SMTP sink did not start")
    }

    /// The sink on a free port. Between finding a port free and the sink's bind, another
    /// process (an outgoing connection's ephemeral port) may take it: then another port.
    pub fn start_any(dir: &Path, extra: &[&str]) -> Sink {
        (0..5)
            .find_map(|_| Self::try_start(free_port(), dir, extra))
            .expect("the SMTP sink did not start on any of five free ports")
    }

    fn try_start(port: u16, dir: &Path, extra: &[&str]) -> Option<Sink> {
        ensure_aiosmtpd();
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/smtp_sink.py");
        let mut child = Command::new("python3")
            .arg(script)
            .args(["--port", &port.to_string(), "--dir", &dir.display().to_string()])
            .args(extra)
            .stdout(Stdio::piped())
            .spawn()
            .expect("python3 starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        if line.trim() != "READY" {
            let _ = child.wait();
            return None;
        }
        Some(Sink { child, port, dir: dir.to_path_buf() })
    }

    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    pub fn messages(&self) -> Vec<Received> {
        read_messages(&self.dir)
    }

    /// Every RCPT the server was sent, in order (lower-cased): its attempts.
    pub fn attempts(&self) -> Vec<String> {
        std::fs::read_to_string(self.dir.join("attempts.log"))
            .unwrap_or_default()
            .lines()
            .map(|l| l.trim().trim_start_matches('<').trim_end_matches('>').to_lowercase())
            .collect()
    }

    /// The attempts of mails to `rcpt`.
    #[allow(dead_code)] // the API tests count no attempts
    pub fn attempts_for(&self, rcpt: &str) -> usize {
        self.attempts().iter().filter(|a| *a == &rcpt.to_lowercase()).count()
    }

    pub fn count(&self) -> usize {
        std::fs::read_dir(&self.dir)
            .map(|d| {
                d.filter_map(Result::ok)
                    .filter(|e| {
                        e.file_name().to_string_lossy().ends_with(".eml")
                            && !e.file_name().to_string_lossy().starts_with('.')
                    })
                    .count()
            })
            .unwrap_or(0)
    }
}

impl Drop for Sink {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub fn read_messages(dir: &Path) -> Vec<Received> {
    let mut names: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| {
            p.extension().is_some_and(|e| e == "eml")
                && !p.file_name().unwrap().to_string_lossy().starts_with('.')
        })
        .collect();
    names.sort();
    names
        .into_iter()
        .map(|path| {
            let raw = std::fs::read(&path).unwrap();
            let text = String::from_utf8_lossy(&raw);
            let header = |name: &str| {
                text.lines()
                    .find_map(|l| l.strip_prefix(name).map(|v| v.trim().to_string()))
                    .unwrap_or_default()
            };
            Received {
                rcpt_to: header("X-Sink-Rcpt-To:").split(", ").map(str::to_string).collect(),
                mail_options: header("X-Sink-Mail-Options:").split_whitespace().map(str::to_string).collect(),
                tls: Some(header("X-Sink-TLS:")).filter(|v| v != "none"),
                message_id: header("Message-ID:"),
                raw,
            }
        })
        .collect()
}
