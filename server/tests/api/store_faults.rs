//! The store's faults, seen from the site: an answer that cannot be stored
//! sends nothing and tells staff in their language; a store deleted while
//! running is noticed by the health checks, refuses what it could not keep,
//! and is replaced by the newest backup at the next start.
use serde_json::Value;

use crate::{booking::booking, staff_answers::desk, staff_answers::Desk};

/// Replaces the app's settings file (read again at the restart) with `toml`.
fn set_config(desk: &Desk, toml: &str) {
    let config = desk.app.data_dir.parent().unwrap().join("test.toml");
    std::fs::write(config, format!("[render]\nworkers = 1\n[limits]\nrate_limit_per_minute = 0\n{toml}"))
        .unwrap();
}

#[actix_web::test]
async fn an_answer_refused_by_the_disk_floor_sends_nothing_and_says_so_in_the_staff_language() {
    let mut desk = desk("de").await;
    let reference = desk.book("en").await;
    let confirm = desk.link(&reference, "confirm").await;
    // The disk now counts as nearly full: far more free space is required than any disk has.
    set_config(&desk, "[mail]\nstaff_language = \"de\"\nmin_free_disk_mb = 1000000000\n");
    desk = desk.restart_after(|_| {}).await;

    let refused = desk.post(&confirm, &[("note", "Fahrer ruft an")]).await;
    assert_eq!(refused.status(), 503);
    let page = refused.text().await.unwrap();
    assert!(page.contains("Ihre Antwort wurde nicht gesendet"), "{page}");
    assert!(page.contains("Fahrer ruft an"), "the typed note is kept");
    assert!(page.contains("role=\"alert\""));
    desk.app.outbox_idle().await;
    assert!(desk.answers_to_customer().is_empty(), "no mail to the customer");

    // With room again, the same link answers, once.
    set_config(&desk, "[mail]\nstaff_language = \"de\"\n");
    desk = desk.restart_after(|_| {}).await;
    assert_eq!(desk.post(&confirm, &[("note", "Fahrer ruft an")]).await.status(), 200);
    desk.app.outbox_idle().await;
    assert_eq!(desk.answers_to_customer().len(), 1);
}

async fn json(desk: &Desk, path: &str) -> (u16, Value) {
    let response = desk.app.get(path).await;
    (response.status().as_u16(), response.json().await.unwrap())
}

#[actix_web::test]
async fn a_store_deleted_while_running_refuses_what_it_could_not_keep_and_the_backup_returns_at_restart() {
    let mut desk = desk("en").await;
    let reference = desk.book("en").await;
    let confirm = desk.link(&reference, "confirm").await;
    desk.app.outbox_idle().await;
    // The backup an operator's schedule took (`[backup]`), then the store is deleted.
    let data = desk.app.data_dir.clone();
    let backup = data.join("backups").join(taxi_server::store::backup::file_name(jiff::Timestamp::now()));
    std::fs::create_dir_all(backup.parent().unwrap()).unwrap();
    taxi_server::store::backup::backup(&data, &backup).unwrap();
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(data.join(format!("{}{suffix}", taxi_server::store::FILE_NAME)));
    }

    let (_, health) = json(&desk, "/healthz").await;
    assert_eq!(
        (health["status"].as_str(), health["acceptsBookings"].as_bool()),
        (Some("degraded"), Some(false))
    );
    let (status, ready) = json(&desk, "/readyz").await;
    assert_eq!((status, ready["checks"]["acceptsBookings"].as_bool()), (503, Some(false)), "{ready}");
    let (_, details) = json(&desk, "/healthz/details").await;
    let trouble = details["store"]["trouble"].as_str().unwrap_or_default();
    assert!(trouble.contains("deleted or replaced"), "{details}");

    // Nothing is acknowledged that the store could not keep.
    let mut another = booking();
    another["name"] = "Someone Else".into();
    let refused = desk.app.post_json("/api/reservation/en", &another).await;
    assert_eq!(refused.status(), 503);
    assert_eq!(desk.post(&confirm, &[("note", "")]).await.status(), 503);
    desk.app.outbox_idle().await;
    assert!(desk.answers_to_customer().is_empty());

    // The restart puts the newest backup in its place, and says so until the next one.
    desk = desk.restart_after(|_| {}).await;
    let (_, health) = json(&desk, "/healthz").await;
    assert_eq!(
        (health["status"].as_str(), health["acceptsBookings"].as_bool()),
        (Some("degraded"), Some(true)),
        "{health}"
    );
    let (_, details) = json(&desk, "/healthz/details").await;
    let trouble = details["store"]["trouble"].as_str().unwrap_or_default();
    assert!(
        trouble.contains("the file is missing") && trouble.contains(&*backup.to_string_lossy()),
        "{details}"
    );
    assert_eq!(desk.post(&confirm, &[("note", "")]).await.status(), 200, "the booking is known again");
    desk.app.outbox_idle().await;
    assert_eq!(desk.answers_to_customer().len(), 1);
}
