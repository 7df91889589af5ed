use std::time::{Duration, SystemTime};

use super::*;

/// A fresh data directory for one test.
fn data_dir(name: &str) -> PathBuf {
    let data = std::env::temp_dir().join(format!("taxi-backup-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&data);
    std::fs::create_dir_all(data.join(DIR_NAME)).unwrap();
    data
}

fn names(paths: &[PathBuf]) -> Vec<String> {
    paths.iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect()
}

#[test]
fn a_scheduled_copy_keeps_the_newest_and_deletes_older_ones_beyond_keep() {
    let data = data_dir("keep");
    let store = super::super::Store::open(&data).unwrap();
    let dir = data.join(DIR_NAME);
    for year in ["2000", "2001", "2002"] {
        std::fs::write(dir.join(format!("store-{year}0101T000000Z.sqlite3")), b"old").unwrap();
    }
    let taken = take(&data, 2).unwrap();
    let names = names(&list(&data).unwrap());
    assert_eq!(names.len(), 2, "{names:?}");
    assert_eq!(names[0], "store-20020101T000000Z.sqlite3");
    assert_eq!(list(&data).unwrap()[1], taken);
    super::super::restore::check(&taken).expect("the copy is a sound store");
    drop(store);
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn only_the_servers_own_copies_count_ordered_by_the_time_in_their_names() {
    let data = data_dir("own");
    let dir = data.join(DIR_NAME);
    for name in [
        // Placed by hand: would sort after every copy of the server, and win for ever.
        "zz-copy.sqlite3",
        "store-20300101T000000Z.sqlite3.partial",
        "store-2000101T000000Z.sqlite3",
        "store-20001301T000000Z.sqlite3",
        "store-20000101T000000Z.sqlite3.sqlite3",
        "Store-20000101T000000Z.sqlite3",
        "store-20010101T000000Z.sqlite3",
        "store-20000101T235959Z.sqlite3",
        "store-20000101T000000Z.sqlite3",
    ] {
        std::fs::write(dir.join(name), b"").unwrap();
    }
    assert_eq!(
        names(&list(&data).unwrap()),
        [
            "store-20000101T000000Z.sqlite3",
            "store-20000101T235959Z.sqlite3",
            "store-20010101T000000Z.sqlite3"
        ]
    );
    let at = jiff::Timestamp::from_second(1_700_000_000).unwrap();
    assert_eq!(taken_at_by_name(&dir.join(file_name(at))), Some(at), "the name says when");
    std::fs::remove_dir_all(&data).unwrap();
}

#[test]
fn what_copies_leave_behind_is_deleted_once_its_time_is_over() {
    let data = data_dir("tidy");
    let day = 24 * 3600;
    let now = jiff::Timestamp::now().as_second();
    let old_aside = format!("{FILE_NAME}.{ASIDE_INFIX}{}", now - 31 * day);
    let new_aside = format!("{FILE_NAME}.{ASIDE_INFIX}{}", now - 29 * day);
    let gone = [
        old_aside.clone(),
        format!("{old_aside}-wal"),
        format!("{old_aside}-shm"),
        "copy.sqlite3.partial".into(),
        format!("{DIR_NAME}/store-20000101T000000Z.sqlite3.partial"),
    ];
    let kept = [
        FILE_NAME.to_string(),
        new_aside.clone(),
        format!("{new_aside}-wal"),
        format!("{DIR_NAME}/store-20000101T000001Z.sqlite3.partial"),
        format!("{DIR_NAME}/store-20000101T000000Z.sqlite3"),
        // Not a name the server gives: someone else's.
        format!("{FILE_NAME}.{ASIDE_INFIX}soon"),
    ];
    for name in gone.iter().chain(&kept) {
        std::fs::write(data.join(name), b"").unwrap();
    }
    // Two days old: a copy cut short. A partial copy one hour old may still be written.
    let two_days_ago = SystemTime::now() - Duration::from_secs(2 * day as u64);
    for name in [&gone[3], &gone[4]] {
        std::fs::File::options()
            .write(true)
            .open(data.join(name))
            .unwrap()
            .set_modified(two_days_ago)
            .unwrap();
    }
    let hour_ago = SystemTime::now() - Duration::from_secs(3600);
    std::fs::File::options().write(true).open(data.join(&kept[3])).unwrap().set_modified(hour_ago).unwrap();

    assert_eq!(tidy(&data, Duration::from_secs(30 * day as u64)).unwrap(), gone.len());
    for name in &gone {
        assert!(!data.join(name).exists(), "{name} is deleted");
    }
    for name in &kept {
        assert!(data.join(name).exists(), "{name} is kept");
    }
    std::fs::remove_dir_all(&data).unwrap();
}
