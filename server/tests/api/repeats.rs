//! The same booking form sent again within the repeat window gets the same
//! reference, and nothing is stored or mailed twice, but only while that
//! booking stands: once it is cancelled or declined, the same form is a new
//! booking, before and after a restart.
use serde_json::Value;
use taxi_server::bookings::{
    answer::{Action, Answer, DeclineReason},
    customer_step::{CustomerAction, CustomerStep},
};

use crate::{booking::booking, helpers::spawn_app, helpers::TestApp};

async fn send(app: &TestApp) -> String {
    let response = app.post_json("/api/reservation/en", &booking()).await;
    assert_eq!(response.status(), 200);
    let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    let at = message.find("R-").expect("a reference in the answer");
    message[at..at + 8].to_string()
}

async fn cancel(app: &TestApp, reference: &str) {
    let record = app.bookings.record(reference).await.unwrap().unwrap();
    let step = CustomerStep::on(&record, CustomerAction::Cancel, String::new(), None, jiff::Timestamp::now())
        .unwrap();
    assert!(taxi_server::manage_booking::mail::step((&app.bookings, &app.composer), &record, &step)
        .await
        .unwrap());
}

#[actix_web::test]
async fn a_repeat_of_a_booking_since_cancelled_or_declined_is_a_new_booking() {
    let app = spawn_app().await;
    let first = send(&app).await;
    assert_eq!(send(&app).await, first, "a plain repeat: the same booking");
    cancel(&app, &first).await;
    let second = send(&app).await;
    assert_ne!(second, first, "the first was cancelled: a new booking");
    assert_eq!(send(&app).await, second, "and its repeat is that one");

    // After a restart the store remembers the repeats, with the same rule.
    let app = app.restart().await;
    assert_eq!(send(&app).await, second, "still standing: the same booking");
    let record = app.bookings.record(&second).await.unwrap().unwrap();
    let decline = Answer {
        action: Action::Decline,
        note: String::new(),
        proposed_pickup_at: None,
        reason: Some(DeclineReason::FullyBooked),
        answered_at: jiff::Timestamp::now(),
    };
    assert!(taxi_server::staff_answers::mail::answer((&app.bookings, &app.composer), &record, &decline)
        .await
        .unwrap());
    let app = app.restart().await;
    let third = send(&app).await;
    assert!(third != first && third != second, "the second was declined: a new booking");
    for reference in [&first, &second, &third] {
        assert!(app.bookings.record(reference).await.unwrap().is_some(), "{reference} stored");
    }
}
