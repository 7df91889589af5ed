//! Unit tests of the parent module, kept apart to keep files short.
use super::*;

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("taxi-spool-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

fn entry(id: &str) -> Entry {
    Entry {
        id: id.into(),
        kind: MailKind::StaffBooking,
        reference: "R1".into(),
        message_id: format!("<{id}@x>"),
        envelope_from: "a@x".into(),
        recipients: vec!["b@x".into()],
        created_at: jiff::Timestamp::now(),
        attempts: 0,
        last_attempt_at: None,
        last_error: None,
        delivered_at: None,
        customer_phone: None,
        commitment: None,
        raw: "Subject: x\r\n\r\nhi\r\n".into(),
    }
}

#[test]
fn entries_move_through_the_states() {
    let dir = temp_dir("states");
    let spool = Spool::open(&dir).unwrap();
    spool.enqueue(&[entry("1"), entry("2")]).unwrap();
    assert_eq!(spool.load_queue().unwrap().0.len(), 2);
    spool.take_for_sending("1").unwrap();
    assert_eq!(spool.in_flight_ids().unwrap(), vec!["1"]);
    spool.mark_delivered("1").unwrap();
    let mut two = spool.take_for_sending("2").unwrap();
    two.attempts = 1;
    spool.mark_failed(&two).unwrap();
    let queued = spool.load_queue().unwrap().0;
    assert_eq!((queued.len(), queued[0].attempts), (1, 1));
    assert!(spool.in_flight_ids().unwrap().is_empty());
    assert_eq!(spool.sweep_delivered(Duration::from_secs(3600)).unwrap(), (0, 1));
    assert_eq!(spool.sweep_delivered(Duration::ZERO).unwrap(), (1, 0));
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_second_owner_is_refused_until_the_first_releases() {
    let dir = temp_dir("lock");
    let first = Spool::open(&dir).unwrap();
    let err = Spool::open(&dir).err().expect("locked");
    assert!(err.to_string().contains("in use"), "{err}");
    first.release();
    Spool::open(&dir).unwrap();
    fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn recovery_puts_in_flight_mail_back_and_drops_garbage() {
    let dir = temp_dir("recover");
    {
        let spool = Spool::open(&dir).unwrap();
        spool.enqueue(&[entry("a"), entry("b"), entry("c")]).unwrap();
        spool.take_for_sending("a").unwrap();
        let b = spool.take_for_sending("b").unwrap();
        // Killed after `done/` was written but before `sending/` was cleaned.
        spool.write_tmp(&b).unwrap();
        fs::rename(dir.join("tmp/b.json"), dir.join("done/b.json")).unwrap();
        fs::write(dir.join("tmp/half-written.json"), b"{").unwrap();
        spool.release();
    }
    let spool = Spool::open(&dir).unwrap();
    let ids: Vec<String> = spool.load_queue().unwrap().0.into_iter().map(|e| e.id).collect();
    assert_eq!(ids, vec!["a", "c"]);
    assert!(spool.in_flight_ids().unwrap().is_empty());
    assert!(list(&dir.join("tmp")).unwrap().is_empty());
    fs::remove_dir_all(&dir).unwrap();
}
