//! The client a mail was caused by (`mail/fair.rs`): kept with the mail while
//! it is queued, across a restart, and dropped once it is finished; a store of
//! the release before, whose mails table lacks it, is taken as it is and its
//! queued mails go once.
use std::{net::IpAddr, time::Duration};

use taxi_server::mail::fair::caused_by;

use crate::helpers::{booking_to, free_port, settings, start, store_file, wait_for, Sink, TempDir};

const LONG: Duration = Duration::from_secs(30);

/// Each mail row's reference and stored client, in the order accepted.
fn causes(data: &std::path::Path) -> Vec<(String, Option<String>)> {
    let store = store_file(data);
    let mut rows = store.prepare("SELECT reference, client_network FROM mails ORDER BY id").unwrap();
    rows.query_map([], |r| Ok((r.get(0)?, r.get(1)?))).unwrap().map(Result::unwrap).collect()
}

fn has_cause_column(data: &std::path::Path) -> bool {
    store_file(data)
        .prepare("SELECT 1 FROM pragma_table_info('mails') WHERE name = 'client_network'")
        .unwrap()
        .exists([])
        .unwrap()
}

#[tokio::test]
async fn a_mails_client_is_kept_while_queued_and_a_store_of_the_release_before_is_taken_as_it_is() {
    let dir = TempDir::new("fair-causes");
    let data = dir.path("var");
    let port = free_port();
    let url = format!("smtp://127.0.0.1:{port}");
    // The mail server is down: the mails stay queued.
    let outbox = start(&settings(&data, Some(&url), ""));
    let client: IpAddr = "2001:db8:7:1::".parse().unwrap();
    caused_by(Some(client), outbox.submit_booking(&booking_to("FAIR1", "zoe@example.nl"))).await.unwrap();
    outbox.submit_booking(&booking_to("FAIR2", "bram@example.nl")).await.unwrap();
    outbox.shutdown().await;
    let stored = causes(&data);
    let client = Some(client.to_string());
    assert_eq!(
        stored,
        [
            ("FAIR1".into(), client.clone()),
            ("FAIR1".into(), client),
            ("FAIR2".into(), None),
            ("FAIR2".into(), None)
        ],
        "the staff mail and the confirmation carry the client; a mail no request caused, none"
    );

    // The release before had no such column: its store, with FAIR2's mails still queued.
    {
        let old = rusqlite::Connection::open(data.join(taxi_server::store::FILE_NAME)).unwrap();
        old.execute_batch(
            "DELETE FROM mails WHERE reference = 'FAIR1'; ALTER TABLE mails DROP COLUMN client_network;",
        )
        .unwrap();
    }
    assert!(!has_cause_column(&data));
    let sink = Sink::start(port, &dir.path("sink"), &[]);
    let outbox = start(&settings(&data, Some(&url), ""));
    wait_for("both mails of the earlier release delivered", LONG, || {
        outbox.stats().delivered_since_start == 2
    });
    outbox.shutdown().await;
    let ids: Vec<String> = sink.messages().into_iter().map(|m| m.message_id).collect();
    assert_eq!(ids.len(), 2, "each once: {ids:?}");
    assert!(ids.iter().all(|id| id.starts_with("<FAIR2.")), "{ids:?}");
    assert!(has_cause_column(&data), "the column is added at the start");

    // Dropped once delivered, also when it was delivered after a restart.
    let outbox = start(&settings(&data, Some(&format!("smtp://127.0.0.1:{}", free_port())), ""));
    let client: IpAddr = "198.51.100.7".parse().unwrap();
    caused_by(Some(client), outbox.submit_booking(&booking_to("FAIR3", "zoe@example.nl"))).await.unwrap();
    outbox.shutdown().await;
    let outbox = start(&settings(&data, Some(&url), ""));
    wait_for("FAIR3's mails delivered", LONG, || outbox.stats().delivered_since_start == 2);
    outbox.shutdown().await;
    assert_eq!(sink.count(), 4, "FAIR3's two mails, each once");
    let none_kept = causes(&data).into_iter().all(|(_, cause)| cause.is_none());
    assert!(none_kept, "a finished mail keeps no client address: {:?}", causes(&data));
}
