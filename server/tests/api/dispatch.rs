//! The dispatcher's first screen: what changes the dispatch of a ride (here a
//! larger vehicle and a wheelchair) is in the staff mail's subject and first
//! lines and at the top of the answer page, with the remarks in full.
use serde_json::Value;

use crate::{booking::booking, staff_answers::desk};

#[actix_web::test]
async fn a_larger_vehicle_and_remarks_lead_the_staff_mail_and_the_answer_page() {
    let desk = desk("en").await;
    let mut request = booking();
    request["passengerAmount"] = "5".into();
    request["remarks"] = "Wheelchair, foldable.\nPlease ring twice.".into();
    let response = desk.app.post_json("/api/reservation/nl", &request).await;
    assert_eq!(response.status(), 200);
    let message = response.json::<Value>().await.unwrap()["message"].as_str().unwrap().to_string();
    let reference = &message[message.find("R-").unwrap()..][..8];

    let confirm = desk.link(reference, "confirm").await;
    let mails = desk.mails(2).await;
    let staff = mails.iter().find(|m| m.to == ["planning@taxiroermond.example"]).unwrap();
    assert!(staff.subject.ends_with("· large vehicle · remarks"), "{}", staff.subject);

    let page = desk.app.get(&confirm).await.text().await.unwrap();
    let alerts = [
        "5 passengers: send a larger vehicle (taxi van).",
        "Remarks: Wheelchair, foldable. Please ring twice.",
    ];
    let form = page.find("<form").expect("the answer form");
    for alert in alerts {
        let at = page.find(alert).unwrap_or_else(|| panic!("no {alert:?} on the page"));
        assert!(at < form, "{alert:?} comes before the form");
    }
    assert!(page.contains("Wheelchair, foldable.\nPlease ring twice."), "the remarks in full, as typed");
}
