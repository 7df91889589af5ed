//! Unit tests of the parent module, kept apart to keep files short: which
//! mail goes next.
use super::*;
use crate::mail::fair::Cause;

const STAFF: &str = "planning@example.nl";

/// A state with `mails` queued in this order: (recipient, reference, client).
fn queued(mails: &[(&str, &str, &str)]) -> State {
    let mut state = State { staff: HashSet::from([STAFF.to_string()]), ..State::default() };
    add(&mut state, mails);
    state
}

/// Queues `mails` after those `state` has.
fn add(state: &mut State, mails: &[(&str, &str, &str)]) {
    let first = state.pending.keys().last().copied().unwrap_or(0) + 1;
    for (n, (recipient, reference, client)) in mails.iter().enumerate() {
        let queued = Queued {
            id: first + n as i64,
            created_at: 0,
            recipient: recipient.to_string(),
            reference: reference.to_string(),
            cause: Cause::parse(Some(client)),
            next_attempt_at: None,
            unknown_outcomes: 0,
        };
        state.insert(&queued, Instant::now());
    }
}

/// Takes up to `n` mails now; their ids.
fn take(state: &mut State, n: usize, per_mailbox: usize) -> Vec<i64> {
    (0..n).map_while(|_| state.take_due(Instant::now(), per_mailbox)).collect()
}

/// A mail ended: delivered, or (`retry_in`) refused for now.
fn ended(state: &mut State, id: i64, retry_in: Option<Duration>) {
    match retry_in {
        None => state.remove(id),
        Some(wait) => {
            let pending = state.pending.get_mut(&id).unwrap();
            pending.in_flight = false;
            pending.due = Instant::now() + wait;
        }
    }
}

#[test]
fn staff_mails_of_a_flood_leave_room_for_another_clients_booking() {
    // Ten bookings from one client, then one from another: all to staff.
    let mut mails: Vec<(&str, String, &str)> =
        (0..10).map(|i| (STAFF, format!("R-JUNK{i}"), "198.51.100.7")).collect();
    mails.push((STAFF, "R-HONEST".into(), "203.0.113.50"));
    let mails: Vec<(&str, &str, &str)> = mails.iter().map(|(r, b, c)| (*r, b.as_str(), *c)).collect();
    let mut state = queued(&mails);
    // Two slots for the staff mailbox; the other client's one mail goes first.
    assert_eq!(take(&mut state, 4, 2), [11, 1]);
    ended(&mut state, 1, None);
    assert_eq!(take(&mut state, 4, 2), [2]);
}

#[test]
fn a_clients_turn_at_the_staff_mailbox_is_not_spent_by_its_confirmation() {
    let bookings: Vec<(String, String, String)> = (0..9)
        .map(|i| (format!("junk{i}@example.org"), format!("R-J{i}"), format!("198.51.{}.7", i % 3)))
        .collect();
    let mut mails = Vec::new();
    for (customer, reference, client) in &bookings {
        mails.extend([(STAFF, reference.as_str(), client.as_str()), (customer, reference, client)]);
    }
    let mut state = queued(&mails);
    // One slot per mailbox: one junk staff mail and three confirmations in flight.
    assert_eq!(take(&mut state, 4, 1).len(), 4);
    add(&mut state, &[(STAFF, "R-H", "203.0.113.50"), ("honest@example.nl", "R-H", "203.0.113.50")]);
    let honest_staff = state.pending.keys().last().unwrap() - 1;
    // The staff mailbox is busy: the honest confirmation goes first ...
    assert_eq!(take(&mut state, 1, 1), [honest_staff + 1]);
    // ... and when the staff mailbox is free, the honest staff mail is next there.
    let staff_in_flight = state.pending.iter().find(|(_, p)| p.in_flight && p.recipient == STAFF);
    let staff_in_flight = *staff_in_flight.unwrap().0;
    ended(&mut state, staff_in_flight, None);
    assert_eq!(take(&mut state, 1, 1), [honest_staff]);
}

#[test]
fn a_bookings_mails_to_one_mailbox_go_in_order_even_across_a_retry() {
    let mut state = queued(&[
        ("zoe@example.nl", "R-1", "192.0.2.1"), // the confirmation
        (STAFF, "R-1", "192.0.2.1"),            // the same booking, another mailbox
        ("zoe@example.nl", "R-1", "192.0.2.9"), // the cancellation, from another address
        ("zoe@example.nl", "R-2", "192.0.2.1"), // another booking to the same mailbox
    ]);
    let mut taken = take(&mut state, 4, 2);
    taken.sort();
    assert_eq!(taken, [1, 2, 4], "the cancellation waits for its confirmation");
    // The confirmation is refused for now: the cancellation still waits, and is not due.
    ended(&mut state, 1, Some(Duration::from_secs(60)));
    assert_eq!(take(&mut state, 4, 2), Vec::<i64>::new());
    assert!(state.ready(2).all(|(id, _)| id != 3));
    // Once the confirmation went, the cancellation follows.
    state.pending.get_mut(&1).unwrap().due = Instant::now();
    assert_eq!(take(&mut state, 4, 2), [1]);
    ended(&mut state, 1, None);
    assert_eq!(take(&mut state, 4, 2), [3]);
}

#[test]
fn a_mailbox_has_at_most_its_slots_in_flight() {
    let mut state = queued(&[
        (STAFF, "R-1", "192.0.2.1"),
        (STAFF, "R-2", "192.0.2.2"),
        (STAFF, "R-3", "192.0.2.3"),
        ("zoe@example.nl", "R-3", "192.0.2.3"),
    ]);
    let mut taken = take(&mut state, 4, 1);
    taken.sort();
    assert_eq!(taken, [1, 4]);
    let mut state = queued(&[(STAFF, "R-1", "192.0.2.1"), (STAFF, "R-2", "192.0.2.1"), (STAFF, "R-3", "")]);
    assert_eq!(take(&mut state, 4, 2), [3, 1]);
    assert_eq!(state.ready(2).count(), 0, "the third waits for a slot");
}
