//! A relay that speaks TLS with a certificate a private CA signed, trusted
//! through `mail.smtp_ca_file` (`config/smtp_ca_file.rs`): `tls=opportunistic` takes
//! STARTTLS when the server offers it, `tls=required` and `smtps` send under TLS
//! too, and the sink records for each mail whether its session was under TLS.
//! Without the CA the certificate is not trusted, and nothing is sent, not
//! even in the clear. (A server that offers no TLS: `probe.rs`.)
use std::time::Duration;

use crate::helpers::{booking_to, settings, start, wait_for, PrivateCa, Sink, TempDir};

const LONG: Duration = Duration::from_secs(30);

fn toml(extra: &str) -> String {
    format!("[mail]\nstaff_recipients = [\"planning@example.nl\"]\nsmtp_timeout_ms = 2000\n{extra}")
}

/// The sink, offering STARTTLS (or, with `implicit`, TLS from the first byte) with `ca`'s relay certificate.
fn tls_sink(dir: &TempDir, ca: &PrivateCa, implicit: bool) -> Sink {
    let mut args = ca.sink_args();
    if implicit {
        args.push("--implicit-tls".into());
    }
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    Sink::start_any(&dir.path("sink"), &args)
}

#[tokio::test]
async fn each_tls_mode_sends_under_tls_to_a_relay_whose_private_ca_is_trusted() {
    for (scheme, query, implicit) in
        [("smtp", "?tls=opportunistic", false), ("smtp", "?tls=required", false), ("smtps", "", true)]
    {
        let dir = TempDir::new("tls-trusted");
        let data = dir.path("var");
        let ca = PrivateCa::new(&dir.path("ca"));
        let sink = tls_sink(&dir, &ca, implicit);
        let url = format!("{scheme}://127.0.0.1:{}{query}", sink.port);
        let outbox = start(&settings(&data, Some(&url), &toml(&ca.setting())));
        outbox.submit_booking(&booking_to("TLS2", "zoe@example.nl")).await.unwrap();
        wait_for("both mails delivered", LONG, || outbox.stats().delivered_since_start == 2);
        outbox.shutdown().await;
        let received = sink.messages();
        assert_eq!(received.len(), 2, "{url}");
        for mail in &received {
            let version = mail.tls.as_deref().unwrap_or("none (in the clear)");
            assert!(version.starts_with("TLSv1."), "{url}: {:?} went under {version}", mail.rcpt_to);
        }
    }
}

#[tokio::test]
async fn a_relay_whose_certificate_no_trusted_ca_signed_gets_nothing_not_even_in_the_clear() {
    for query in ["?tls=opportunistic", "?tls=required"] {
        let dir = TempDir::new("tls-untrusted");
        let data = dir.path("var");
        let ca = PrivateCa::new(&dir.path("ca"));
        let sink = tls_sink(&dir, &ca, false);
        let url = format!("smtp://127.0.0.1:{}{query}", sink.port);
        // No mail.smtp_ca_file: only the bundled roots, none of which signed it.
        let outbox = start(&settings(&data, Some(&url), &toml("")));
        outbox.submit_booking(&booking_to("TLS3", "zoe@example.nl")).await.unwrap();
        wait_for("an attempt failed", LONG, || outbox.stats().failed_attempts_since_start >= 1);
        let stats = outbox.stats();
        assert!(stats.paused_for_secs.is_some(), "{url}: TLS fails for every mail: a pause: {stats:?}");
        outbox.shutdown().await;
        assert_eq!(sink.count(), 0, "{url}: nothing sent, in the clear or otherwise");
        assert!(sink.attempts().is_empty(), "{url}: not even a recipient named");
    }
}
