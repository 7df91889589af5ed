use super::*;
use crate::store::Store;

fn data_dir(name: &str) -> PathBuf {
    let data = std::env::temp_dir().join(format!("taxi-restore-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(data.join(backup::DIR_NAME)).unwrap();
    data
}

/// A sound store at `file` holding one row that says `which`.
fn store_saying(file: &Path, which: &str) {
    let c = Connection::open(file).unwrap();
    c.execute_batch("CREATE TABLE said (what TEXT)").unwrap();
    c.execute("INSERT INTO said VALUES (?1)", [which]).unwrap();
}

fn says(store: &Store) -> String {
    store.read(|c| c.query_row("SELECT what FROM said", [], |r| r.get(0)).map_err(sql)).unwrap()
}

#[test]
fn a_damaged_store_is_replaced_by_the_newest_own_copy_telling_until_its_notice_and_for_a_day() {
    let data = data_dir("own");
    let dir = data.join(backup::DIR_NAME);
    store_saying(&dir.join("store-20000101T000000Z.sqlite3"), "older");
    store_saying(&dir.join("store-20010101T000000Z.sqlite3"), "newest");
    // Placed by hand: not one of the server's copies, whatever its name sorts like.
    store_saying(&dir.join("zz-copy.sqlite3"), "by hand");
    std::fs::write(data.join(FILE_NAME), b"not a database at all, and long enough to be read as one")
        .unwrap();

    let store = Store::open(&data).unwrap();
    assert_eq!(says(&store), "newest");
    let restored = store.restored().unwrap().clone();
    assert!(!restored.by_hand);
    assert_eq!(restored.backup.as_deref(), Some(&*dir.join("store-20010101T000000Z.sqlite3")));
    assert_eq!(
        restored.backup_taken_at,
        Some("2001-01-01T00:00:00Z".parse().unwrap()),
        "the time in its name"
    );
    assert!(restored.moved_aside.as_ref().is_some_and(|a| a.exists()));
    let trouble = store.trouble().unwrap();
    assert!(!trouble.unwritable && trouble.reason.contains("replaced by the backup"), "{}", trouble.reason);
    assert_eq!(store.read(pending).unwrap().len(), 1, "the notice is still to queue");
    drop(store);

    // Opened again before the notice went: the same restore, still to tell, and no other.
    let store = Store::open(&data).unwrap();
    assert_eq!(store.restored(), Some(&restored));
    let id = store.read(pending).unwrap()[0].0;
    assert!(store.write(|tx| noticed(tx, id, Timestamp::now())).unwrap());
    assert!(!store.write(|tx| noticed(tx, id, Timestamp::now())).unwrap(), "once");
    assert!(store.read(pending).unwrap().is_empty());
    assert!(store.trouble().is_some(), "told, and still shown for a day");

    // A day later (the fact's time moved back), the health checks are clear again.
    store
        .write(|tx| tx.execute("UPDATE store_restores SET at = at - 86401", []).map(drop).map_err(sql))
        .unwrap();
    drop(store);
    let store = Store::open(&data).unwrap();
    assert!(store.restored().is_some() && store.trouble().is_none());
    drop(store);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn without_a_copy_of_its_own_a_damaged_store_starts_empty_and_says_so() {
    let data = data_dir("none");
    store_saying(&data.join(backup::DIR_NAME).join("zz-copy.sqlite3"), "by hand");
    std::fs::write(data.join(FILE_NAME), b"not a database at all, and long enough to be read as one")
        .unwrap();
    let store = Store::open(&data).unwrap();
    let restored = store.restored().unwrap();
    assert_eq!((restored.backup.as_ref(), restored.by_hand), (None, false));
    assert!(store.trouble().unwrap().reason.contains("started empty"));
    assert!(store.read(|c| c.query_row("SELECT 1 FROM said", [], |_| Ok(())).map_err(sql)).is_err());
    drop(store);
    std::fs::remove_dir_all(&data).unwrap();
}
