//! What decides the vehicle, said in fields (luggage, child seats, a foldable
//! wheelchair), and a ride on the company's account (`invoice`, where the
//! owner offers it, with the company's name and reference): checked on the
//! server with a message under each field, and carried to the staff mail
//! (flagged in its subject), staff's calendar title, the customer's mail and
//! manage page, the WhatsApp text and book-again.
use serde_json::{json, Value};

use crate::{
    booking::{booking, percent_decode},
    helpers::{between, form_encode},
    manage_booking::manage_link,
    staff_answers::desk_with,
};

const ON_ACCOUNT: &str = "[booking]\npayment_methods = [\"cash\", \"invoice\"]\n";

fn ride_with_needs() -> Value {
    let mut body = booking();
    for (field, value) in [
        ("luggage", json!("3")),
        ("childSeats", json!(2)),
        ("wheelchair", json!(true)),
        ("paymentMethod", json!("invoice")),
        ("companyName", json!("Janssen Logistiek BV")),
        ("invoiceReference", json!("PO-2026-117")),
    ] {
        body[field] = value;
    }
    body
}

#[actix_web::test]
async fn the_needs_and_the_invoiced_company_reach_every_reader_that_may_see_them() {
    let desk = desk_with("en", ON_ACCOUNT).await;
    let response = desk.app.post_json("/api/reservation/en", &ride_with_needs()).await;
    assert_eq!(response.status(), 200);
    let answer: Value = response.json().await.unwrap();
    let summary = answer["summary"].to_string();
    for row in ["Luggage", "3 pieces", "Child seats", "a foldable wheelchair travels along"] {
        assert!(summary.contains(row), "the thank-you box repeats {row}: {summary}");
    }

    let staff = desk.mails_of("staff-booking", 1).await.remove(0);
    assert!(staff.subject.contains("wheelchair · 2 child seats"), "{}", staff.subject);
    for line in [
        "A foldable wheelchair travels along: send a vehicle it fits in.",
        "Bring 2 child seats.",
        "Luggage: 3 pieces",
        "Payment: On account (invoice)",
        "Company (invoice): Janssen Logistiek BV",
        "Invoice reference: PO-2026-117",
    ] {
        assert!(staff.flat.contains(line), "staff mail: {line}\n{}", staff.flat);
    }
    let title = staff.ics.lines().find(|l| l.starts_with("SUMMARY")).unwrap().to_string();
    // iCalendar escapes the comma.
    assert!(title.ends_with("[wheelchair\\, 2 child seats]"), "staff's calendar flags them: {title}");
    assert!(staff.ics.contains("Janssen Logistiek BV"), "and names the company");

    // The customer's mail repeats what travels along, never the typed company (any address can be typed).
    let customer = desk.mails_of("customer-booking", 1).await.remove(0);
    for line in [
        "Luggage: 3 pieces",
        "Child seats: 2",
        "Wheelchair: a foldable wheelchair travels along",
        "Payment: On account (invoice)",
    ] {
        assert!(customer.flat.contains(line), "customer mail: {line}\n{}", customer.flat);
    }
    assert!(!customer.text.contains("Janssen") && !customer.ics.contains("Janssen"), "{}", customer.text);
    let customer_title = customer.ics.lines().find(|l| l.starts_with("SUMMARY")).unwrap();
    assert!(!customer_title.contains('['), "no staff flags in the customer's calendar: {customer_title}");

    // The manage page (the link holder's own) shows all of it; book-again carries it.
    let manage = desk.app.get(&manage_link(&customer)).await.text().await.unwrap();
    for shown in ["3 pieces", "Child seats", "foldable wheelchair", "Janssen Logistiek BV", "PO-2026-117"] {
        assert!(manage.contains(shown), "manage page: {shown}");
    }
    let at = manage.find("repeat=back").expect("a way-back link");
    let href = &manage[manage[..at].rfind("href=\"").unwrap() + 6..];
    let back = href[..href.find('"').unwrap()].replace("&amp;", "&");
    let page = desk.app.get(&back).await.text().await.unwrap();
    let values = crate::funnel::props(&page)["form"]["values"].clone();
    let carried = ["luggage", "childSeats", "wheelchair", "paymentMethod", "companyName", "invoiceReference"]
        .map(|k| values[k].as_str().unwrap_or("").to_string());
    assert_eq!(carried, ["3", "2", "true", "invoice", "Janssen Logistiek BV", "PO-2026-117"], "{values}");
    assert!(
        page.contains("checked=\"\" value=\"true\"") || page.contains("value=\"true\" checked"),
        "ticked"
    );
}

#[actix_web::test]
async fn the_whatsapp_text_says_them_in_the_pages_language() {
    let desk = desk_with("en", ON_ACCOUNT).await;
    let mut body = ride_with_needs();
    body["passengerAmount"] = json!("2");
    let answer: Value = desk.app.post_json("/api/whatsappreservation/de", &body).await.json().await.unwrap();
    let text = percent_decode(answer["whatsappUrl"].as_str().expect("a chat link"));
    for line in [
        "Gepäck: 3 Stück",
        "Kindersitze: 2",
        "Rollstuhl: ein faltbarer Rollstuhl fährt mit",
        "Zahlungsart: Auf Rechnung",
        "Firma (Rechnung): Janssen Logistiek BV",
        "Rechnungsreferenz: PO-2026-117",
    ] {
        assert!(text.contains(line), "{line}\n{text}");
    }
}

#[actix_web::test]
async fn each_wrong_value_is_refused_under_its_field_and_on_account_only_where_offered() {
    let desk = desk_with("en", "").await;
    // The shipped settings offer no invoice: refused as any unknown method.
    let response = desk.app.post_json("/api/reservation/en", &ride_with_needs()).await;
    assert_eq!(response.status(), 400);
    let errors = response.json::<Value>().await.unwrap()["errors"].clone();
    assert_eq!(errors.as_object().unwrap().keys().collect::<Vec<_>>(), ["paymentMethod"], "{errors}");

    let desk = desk_with("en", ON_ACCOUNT).await;
    let mut body = ride_with_needs();
    for (field, value) in [
        ("luggage", json!("25")),
        ("childSeats", json!("two")),
        ("wheelchair", json!({"folded": true})),
        ("companyName", json!("  ")),
    ] {
        body[field] = value;
    }
    let response = desk.app.post_json("/api/reservation/nl", &body).await;
    assert_eq!(response.status(), 400);
    let errors = response.json::<Value>().await.unwrap()["errors"].clone();
    assert_eq!(errors["luggage"], "Vul het aantal stuks bagage in als getal van 0 tot 20.");
    assert_eq!(errors["childSeats"], "Vul het aantal kinderzitjes in als getal van 0 tot 4.");
    assert_eq!(errors["wheelchair"], "Vink aan of er een rolstoel meereist, of laat het leeg.");
    assert_eq!(errors["companyName"], "Vul de naam in van het bedrijf dat de factuur krijgt.");
    assert_eq!(errors.as_object().unwrap().len(), 4, "{errors}");
    assert_eq!(desk.sink.count(), 0, "nothing mailed");
}

/// Without JavaScript: the fields post as a plain form (the checkbox as `on`), a
/// refusal comes back with every answer kept and the message wired to its field.
#[actix_web::test]
async fn without_javascript_the_fields_post_and_come_back_with_their_messages() {
    let desk = desk_with("en", ON_ACCOUNT).await;
    let day = crate::booking::in_two_days();
    let form = format!(
        "mode=mail&action=send&name=Piet&email=piet%40example.nl&passengerAmount=2&departure=Venlo\
         &destination=Roermond&pickupStreet=Markt+1&dateTime={}&luggage=4&childSeats=1&wheelchair=on\
         &paymentMethod=invoice&companyName=&invoiceReference=KST+12",
        form_encode(&day)
    );
    let post = |body: String| desk.app.post_raw("/reserveren", "application/x-www-form-urlencoded", body);
    let response = post(form.clone()).await;
    assert_eq!(response.status(), 400);
    let html = response.text().await.unwrap();
    assert!(html.contains("aria-describedby=\"companyName-hint companyName-error\""), "wired");
    assert!(html.contains("Vul de naam in van het bedrijf dat de factuur krijgt."));
    for kept in ["value=\"4\"", "value=\"KST 12\"", "checked=\"\" value=\"invoice\""] {
        assert!(html.contains(kept), "kept: {kept}");
    }
    assert!(between(&html, "<title>", "</title>").unwrap().starts_with("Fout: "));

    let response = post(form.replace("companyName=&", "companyName=Piet+%26+Zn&")).await;
    assert_eq!(response.status(), 200);
    let staff = desk.mails_of("staff-booking", 1).await.remove(0);
    for line in
        ["Luggage: 4 pieces", "Child seats: 1", "Company (invoice): Piet & Zn", "Invoice reference: KST 12"]
    {
        assert!(staff.flat.contains(line), "{line}\n{}", staff.flat);
    }
    assert!(staff.subject.contains("wheelchair · 1 child seat"), "{}", staff.subject);
}
