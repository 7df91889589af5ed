//! Unit tests of the parent module: what each outcome does to the sender's
//! view (what health and the schedule read) and which events it counts.
use std::time::Duration;

use tokio::time::Instant;

use super::*;
use crate::mail::{fair::Cause, queue::Queued};

const MAIL: i64 = 7;

/// A policy whose pauses tell apart the start, a doubling and the cap.
fn policy() -> RetryPolicy {
    RetryPolicy {
        first_retry: Duration::from_secs(1),
        max_pause: Duration::from_secs(30),
        ..RetryPolicy::default()
    }
}

/// A state with mail `MAIL` queued and in flight.
fn sending() -> State {
    let mut state = State::default();
    let queued = Queued {
        id: MAIL,
        created_at: 0,
        recipient: "zoe@example.nl".into(),
        reference: "R7K3Q9".into(),
        cause: Cause::parse(None),
        next_attempt_at: None,
        unknown_outcomes: 0,
    };
    state.insert(&queued, Instant::now());
    state.pending.get_mut(&MAIL).unwrap().in_flight = true;
    state
}

fn failed(failure: Failure, retry_in: u64) -> Outcome {
    Outcome::Failed {
        id: MAIL,
        attempts: 1,
        failure,
        error: "421 4.7.0 <zoe@example.nl> try later".into(),
        retry_in: Duration::from_secs(retry_in),
    }
}

fn given_up(kind: MailKind, failure: Failure, notice: bool) -> Outcome {
    Outcome::GivenUp { id: MAIL, kind, failure, error: "550 no".into(), notice }
}

/// Applies `outcome` at `now` with a pause of 4 s; the events and the pause after.
fn run(state: &mut State, outcome: Outcome, now: Instant) -> (Events, Duration) {
    let mut pause = Duration::from_secs(4);
    let events = apply(state, &policy(), &mut pause, outcome, now);
    (events, pause)
}

#[test]
fn a_delivery_forgets_the_mail_counts_it_and_clears_every_trouble() {
    let now = Instant::now();
    let mut state = sending();
    (state.delivered_total, state.delivered_retained, state.slow_attempts) = (5, 3, 2);
    state.unknown_since_delivery = 2;
    (state.server_down, state.paused_until) = (true, Some(now));
    let delivered = Outcome::Delivered { id: MAIL, kind: MailKind::new("booking-staff"), attempts: 2 };
    let (events, pause) = run(&mut state, delivered, now);
    assert_eq!(events, ["delivered"]);
    assert!(state.pending.is_empty());
    assert_eq!((state.delivered_total, state.delivered_retained), (6, 4));
    assert_eq!((state.slow_attempts, state.unknown_since_delivery), (0, 0));
    assert_eq!((state.server_down, state.paused_until, pause), (false, None, Duration::from_secs(1)));

    let mut state = sending();
    let notice = Outcome::Delivered { id: MAIL, kind: MailKind::NOTICE, attempts: 1 };
    assert_eq!(run(&mut state, notice, now).0, ["notice_sent"]);
}

#[test]
fn a_delivery_the_store_missed_is_counted_but_not_retained() {
    let now = Instant::now();
    let mut state = sending();
    (state.delivered_total, state.delivered_retained, state.unknown_since_delivery) = (5, 3, 1);
    state.paused_until = Some(now);
    let unrecorded = Outcome::DeliveredUnrecorded { id: MAIL, error: "disk I/O error".into() };
    let (events, pause) = run(&mut state, unrecorded, now);
    assert_eq!(events, ["delivered"]);
    assert!(state.pending.is_empty());
    assert_eq!((state.delivered_total, state.delivered_retained), (6, 3));
    assert_eq!((state.unknown_since_delivery, state.paused_until), (0, None));
    assert_eq!(pause, Duration::from_secs(1));
}

#[test]
fn a_refusal_for_now_retries_that_mail_alone_and_redacts_the_address() {
    let now = Instant::now();
    let mut state = sending();
    state.slow_attempts = 2;
    state.paused_until = Some(now + Duration::from_secs(9));
    let (events, pause) = run(&mut state, failed(Failure::Temporary, 60), now);
    assert_eq!(events, ["temporary_failure"]);
    let mail = &state.pending[&MAIL];
    assert_eq!((mail.in_flight, mail.refused, mail.due), (false, true, now + Duration::from_secs(60)));
    assert_eq!((state.failed_attempts_total, state.slow_attempts), (1, 0));
    assert_eq!((state.paused_until, pause), (None, Duration::from_secs(1)), "the server answered");
    assert_eq!(state.last_error.as_deref(), Some("421 4.7.0 <address> try later"));
}

#[test]
fn timeouts_in_a_row_are_counted_until_another_failure() {
    let now = Instant::now();
    let mut state = sending();
    for _ in 0..3 {
        run(&mut state, failed(Failure::TimedOut, 5), now);
        state.pending.get_mut(&MAIL).unwrap().in_flight = true;
    }
    assert_eq!(state.slow_attempts, 3);
    run(&mut state, failed(Failure::Temporary, 5), now);
    assert_eq!(state.slow_attempts, 0);
}

#[test]
fn an_unknown_outcome_degrades_health_and_waits_without_touching_the_pause() {
    let now = Instant::now();
    let mut state = sending();
    let paused = Some(now + Duration::from_secs(9));
    state.paused_until = paused;
    let (events, pause) = run(&mut state, failed(Failure::OutcomeUnknown, 600), now);
    assert_eq!(events, ["outcome_unknown"]);
    assert_eq!(state.unknown_since_delivery, 1);
    assert_eq!((state.paused_until, pause), (paused, Duration::from_secs(4)));
    let mail = &state.pending[&MAIL];
    assert_eq!((mail.in_flight, mail.refused, mail.due), (false, true, now + Duration::from_secs(600)));
}

#[test]
fn a_server_down_pauses_everything_once_and_doubles_the_next_pause() {
    let now = Instant::now();
    let mut state = sending();
    let (events, pause) = run(&mut state, failed(Failure::ServerDown, 60), now);
    assert_eq!(events, ["temporary_failure"]);
    let until = now + Duration::from_secs(4);
    assert_eq!((state.server_down, state.paused_until, pause), (true, Some(until), Duration::from_secs(8)));
    let mail = &state.pending[&MAIL];
    assert_eq!((mail.in_flight, mail.refused, mail.due), (false, false, until), "due when the pause ends");

    // A concurrent failure while paused keeps that pause and its length.
    let mut state = sending();
    let running = now + Duration::from_secs(3);
    state.paused_until = Some(running);
    let (_, pause) = run(&mut state, failed(Failure::ServerDown, 60), now);
    assert_eq!((state.paused_until, pause), (Some(running), Duration::from_secs(4)));
    assert_eq!(state.pending[&MAIL].due, running);

    // A pause that ends now or ended is over: a new one starts.
    for ended in [now, now - Duration::from_secs(1)] {
        let mut state = sending();
        state.paused_until = Some(ended);
        let (_, pause) = run(&mut state, failed(Failure::ServerDown, 60), now);
        assert_eq!((state.paused_until, pause), (Some(until), Duration::from_secs(8)));
    }

    // The pause doubles up to the policy's cap.
    let mut state = sending();
    let mut pause = Duration::from_secs(20);
    apply(&mut state, &policy(), &mut pause, failed(Failure::ServerDown, 60), now);
    assert_eq!(pause, Duration::from_secs(30));
}

#[test]
fn giving_up_counts_the_failure_and_whether_staff_were_told() {
    let now = Instant::now();
    let mut state = sending();
    state.paused_until = Some(now);
    let (events, pause) =
        run(&mut state, given_up(MailKind::new("booking-customer"), Failure::Permanent, true), now);
    assert_eq!(events, ["permanent_failure", "given_up"]);
    assert!(state.pending.is_empty());
    assert_eq!((state.failed_attempts_total, state.failed, state.last_trouble), (1, 1, Some(now)));
    assert_eq!((state.paused_until, pause, state.unknown_since_delivery), (None, Duration::from_secs(1), 0));
    assert_eq!(state.last_error.as_deref(), Some("550 no"));

    let mut state = sending();
    state.paused_until = Some(now);
    let (events, pause) =
        run(&mut state, given_up(MailKind::new("booking-staff"), Failure::OutcomeUnknown, false), now);
    assert_eq!(events, ["outcome_unknown", "given_up", "notice_failed"]);
    assert_eq!(
        (state.unknown_since_delivery, state.paused_until, pause),
        (1, Some(now), Duration::from_secs(4))
    );

    let mut state = sending();
    let (events, _) = run(&mut state, given_up(MailKind::NOTICE, Failure::Temporary, true), now);
    assert_eq!(
        events,
        ["temporary_failure", "given_up", "notice_failed"],
        "a notice that failed tells no one"
    );
}

#[test]
fn dropped_and_quarantined_mails_leave_the_queue() {
    let now = Instant::now();
    let mut state = sending();
    assert_eq!(run(&mut state, Outcome::Dropped { id: MAIL, why: "perished" }, now).0, ["superseded"]);
    assert!(state.pending.is_empty());
    assert_eq!((state.quarantined, state.last_trouble), (0, None));

    let mut state = sending();
    assert_eq!(run(&mut state, Outcome::Quarantined { id: MAIL }, now).0, ["quarantined"]);
    assert!(state.pending.is_empty());
    assert_eq!((state.quarantined, state.last_trouble), (1, Some(now)));
}

#[test]
fn a_store_fault_retries_after_the_longest_pause_and_a_vanished_row_is_forgotten() {
    let now = Instant::now();
    let mut state = sending();
    let fault = std::io::Error::other("disk I/O error");
    assert!(run(&mut state, Outcome::Storage { id: MAIL, error: fault }, now).0.is_empty());
    let mail = &state.pending[&MAIL];
    assert_eq!((mail.in_flight, mail.due), (false, now + Duration::from_secs(30)));
    assert_eq!(state.last_error.as_deref(), Some("store: disk I/O error"));

    let mut state = sending();
    let gone = std::io::Error::from(std::io::ErrorKind::NotFound);
    run(&mut state, Outcome::Storage { id: MAIL, error: gone }, now);
    assert!(state.pending.is_empty());
    assert_eq!(state.last_error, None);
}

#[test]
fn addresses_are_redacted() {
    assert_eq!(
        redact("550 5.1.1 <zoe@example.nl>: mailbox unavailable"),
        "550 5.1.1 <address> mailbox unavailable"
    );
}
