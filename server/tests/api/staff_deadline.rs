//! A staff link after the ride's pick-up time: it says so and takes no answer.
use crate::staff_answers::desk;

#[actix_web::test]
async fn once_the_pickup_has_passed_the_link_says_so_and_takes_no_answer() {
    let desk = desk("en").await;
    let reference = desk.book("en").await;
    let confirm = desk.link(&reference, "confirm").await;
    // The ride's time moves into the past (the link itself is still signed as valid).
    let store = rusqlite::Connection::open(desk.app.data_dir.join(taxi_server::store::FILE_NAME)).unwrap();
    let changed = store
        .execute(
            "UPDATE bookings SET booking = json_set(booking, '$.pickupAt', '2020-01-01T10:00:00') WHERE reference = ?1",
            [&reference],
        )
        .unwrap();
    assert_eq!(changed, 1);
    let page = desk.app.get(&confirm).await.text().await.unwrap();
    assert!(page.contains("has passed: this request can no longer be answered here"), "{page}");
    assert!(!page.contains("<form method=\"post\""), "no answer form");
    let late = desk.post(&confirm, &[("note", "too late")]).await;
    assert_eq!(late.status(), 409);
    desk.app.outbox_idle().await;
    assert!(desk.answers_to_customer().is_empty(), "the customer is not told after the ride");
}
