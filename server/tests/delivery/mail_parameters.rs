//! The parameters of `MAIL FROM` (`smtp.rs`, `open_and_start`), as a real
//! server records them: `SMTPUTF8` when an envelope address is not ASCII, and
//! `BODY=8BITMIME` when the message is not 7-bit and the server offers 8BITMIME.
//!
//! Which mails are not ASCII: the composer writes names and subjects as RFC 2047
//! encoded words and bodies as quoted-printable or base64 (lettre never chooses
//! 8bit), and a customer's address is ASCII on the wire (the forms take an
//! ASCII local part, and its international domain goes as punycode,
//! `Email::for_envelope`). Only an address of the settings (`mail.from`, staff,
//! escalation) may have a local part that is not ASCII, and lettre writes it
//! as it is in the envelope and in `To`/`From`: such a staff mail needs both.
use std::time::Duration;

use crate::helpers::{booking_to, settings, start, wait_for, Received, Sink, TempDir};

const LONG: Duration = Duration::from_secs(30);
const STAFF: &str = "planning.zoë@example.nl";
/// An international domain: the customer's address goes as punycode.
const CUSTOMER: &str = "zoe@bücher.example";
const CUSTOMER_ON_THE_WIRE: &str = "zoe@xn--bcher-kva.example";

fn options(mail: &Received) -> Vec<&str> {
    let mut options: Vec<&str> = mail.mail_options.iter().map(String::as_str).collect();
    options.sort();
    options
}

#[tokio::test]
async fn a_staff_address_that_is_not_ascii_goes_with_smtputf8_and_8bitmime_an_ascii_mail_with_neither() {
    // A server that offers 8BITMIME (and SMTPUTF8), and one that offers only SMTPUTF8.
    for (sink_args, staff_options) in
        [(&[][..], vec!["BODY=8BITMIME", "SMTPUTF8"]), (&["--no-8bitmime"][..], vec!["SMTPUTF8"])]
    {
        let dir = TempDir::new("mail-parameters");
        let data = dir.path("var");
        let sink = Sink::start_any(&dir.path("sink"), sink_args);
        let toml = format!("[mail]\nstaff_recipients = [\"{STAFF}\"]\n");
        let outbox = start(&settings(&data, Some(&sink.url()), &toml));
        outbox.submit_booking(&booking_to("UTF8", CUSTOMER)).await.unwrap();
        wait_for("both mails delivered", LONG, || outbox.stats().delivered_since_start == 2);
        outbox.shutdown().await;
        let received = sink.messages();
        let to = |rcpt: &str| received.iter().find(|m| m.rcpt_to == [rcpt]).expect(rcpt);

        let staff = to(STAFF);
        // Why the message is 8-bit: the address in its header, as it is.
        let text = String::from_utf8_lossy(&staff.raw);
        assert!(text.contains(&format!("\r\nTo: {STAFF}\r\n")), "{text}");
        assert_eq!(options(staff), staff_options, "{sink_args:?}: the staff mail");

        let customer = to(CUSTOMER_ON_THE_WIRE);
        let message = customer.raw.split(|b| *b == b'\n').filter(|l| !l.starts_with(b"X-Sink-"));
        assert!(message.flatten().all(u8::is_ascii), "the customer's mail is 7-bit");
        assert_eq!(options(customer), Vec::<&str>::new(), "{sink_args:?}: the customer's mail");
    }
}
