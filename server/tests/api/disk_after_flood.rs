//! Nothing a flood fills stays full (issue 41 item 5): bookings from many
//! client networks, their mails delivered or refused for good; what the store
//! keeps of them afterwards is the record of each mail, not its body, and the
//! bytes a booking costs on disk are what `docs/edge.md` reckons with.
use std::time::Duration;

use crate::{
    desk::desk_with_sink,
    junk::{book, BEHIND_PROXY},
};

const NETWORKS: usize = 40;
const PER_NETWORK: usize = 3;
/// What one booking (its row and its mails' records, indexes included) may
/// take once its mails are out: the figure the disk reckoning in
/// `docs/edge.md` ("The disk a flood can fill") is made with.
const BYTES_PER_BOOKING: u64 = 4096;

fn store(data_dir: &std::path::Path) -> rusqlite::Connection {
    rusqlite::Connection::open(data_dir.join(taxi_server::store::FILE_NAME)).unwrap()
}

fn count(data_dir: &std::path::Path, sql: &str) -> i64 {
    store(data_dir).query_row(sql, [], |row| row.get(0)).unwrap()
}

#[actix_web::test]
async fn a_flood_from_many_networks_leaves_the_mails_records_and_not_their_bodies() {
    // Every network within its limits; the proof of work is measured elsewhere (`proof_of_work.rs`).
    let limits = format!("{BEHIND_PROXY}\nnetwork_rate_limit_per_minute = 0");
    let desk = desk_with_sink(&limits, "[proof_of_work]\nlevels = []\n", &[]).await;
    let data = desk.app.data_dir.clone();
    for network in 0..NETWORKS {
        for i in 0..PER_NETWORK {
            // Every other address refuses its mail for good (550 at RCPT): those end `failed`.
            let refuse = if (network + i) % 2 == 0 { ".rcpt550" } else { "" };
            let email = format!("flood{network}x{i}{refuse}@example.org");
            let from = format!("198.51.{network}.{}", 10 + i);
            assert_eq!(book(&desk, &from, &email, "en").await.status(), 200, "{email} from {from}");
        }
    }
    for _ in 0..300 {
        if count(&data, "SELECT count(*) FROM mails WHERE state = 'queued'") == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(count(&data, "SELECT count(*) FROM mails WHERE state = 'queued'"), 0, "all mails out");
    let bookings = (NETWORKS * PER_NETWORK) as i64;
    let failed = count(&data, "SELECT count(*) FROM mails WHERE state = 'failed'");
    let delivered = count(&data, "SELECT count(*) FROM mails WHERE state = 'delivered'");
    assert!(failed >= bookings / 2, "{failed} mails refused for good");
    assert!(delivered >= bookings, "{delivered} mails delivered");

    let bodies =
        count(&data, "SELECT count(*) FROM mails JOIN mail_bodies ON mail_id = id WHERE state <> 'queued'");
    assert_eq!(bodies, 0, "finished mails keep their record, not their body");

    // What the flood's bookings now take in the store (its free pages are room for the next).
    let used: i64 = store(&data)
        .query_row(
            "SELECT (c.page_count - f.freelist_count) * s.page_size
             FROM pragma_page_count c, pragma_freelist_count f, pragma_page_size s",
            [],
            |row| row.get(0),
        )
        .unwrap();
    let per_booking = used as u64 / bookings as u64;
    let sent = desk.sink.messages();
    let message_bytes = sent.iter().map(|m| m.raw.len()).sum::<usize>() / sent.len().max(1);
    println!(
        "{bookings} bookings from {NETWORKS} networks, {delivered} mails delivered and {failed} refused: \
         the store uses {used} bytes, {per_booking} per booking; a message was {message_bytes} bytes"
    );
    assert!(per_booking <= BYTES_PER_BOOKING, "{per_booking} bytes per booking");
}
