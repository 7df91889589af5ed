//! What decides the vehicle besides the passengers (luggage, child seats, a
//! wheelchair) and how the ride is paid, on the company's account included:
//! checked for both booking forms into the types the stored booking keeps.
use crate::{
    booking::request::RIDE,
    bookings::model::{Invoice, PaymentMethod, RideNeeds},
    config::BookingSettings,
    forms::{Checker, Input},
    types::limits::LIMITS,
};

/// Luggage, child seats and the wheelchair; an empty field is none.
pub fn check_needs(c: &mut Checker, input: &Input) -> RideNeeds {
    RideNeeds {
        luggage: count(c, input, RIDE.luggage, LIMITS.luggage, "funnel.validation.luggage"),
        child_seats: count(c, input, RIDE.child_seats, LIMITS.child_seats, "funnel.validation.childSeats"),
        wheelchair: match input.line(RIDE.wheelchair).as_deref() {
            Ok("" | "false" | "0") => false,
            // A checkbox posts `on` without JavaScript; the API sends `true`.
            Ok("true" | "on" | "1") => true,
            _ => {
                c.fail_with(RIDE.wheelchair, "funnel.validation.wheelchair", &[]);
                false
            }
        },
    }
}

/// A whole number from 0 to `max` in `field`, empty being 0.
fn count(c: &mut Checker, input: &Input, field: &'static str, max: u8, key: &str) -> u8 {
    match input.line(field).as_deref() {
        Ok("") => 0,
        typed => {
            typed.ok().and_then(|text| text.parse::<u8>().ok()).filter(|&n| n <= max).unwrap_or_else(|| {
                c.fail_with(field, key, &[("max", u64::from(max).into())]);
                0
            })
        }
    }
}

/// How the ride is paid: one of the methods the owner offers, or none given.
/// On account (`invoice`) the company's name is required and its reference
/// optional; with another method both fields are ignored (a switch back
/// from `invoice` in the browser leaves them filled in).
pub fn check_payment(
    c: &mut Checker,
    input: &Input,
    rules: &BookingSettings,
) -> (Option<PaymentMethod>, Option<Invoice>) {
    let field = RIDE.payment_method;
    let method = match input.line(field) {
        Ok(text) if text.is_empty() => None,
        typed => {
            let method = typed.ok().as_deref().and_then(PaymentMethod::parse);
            match method.filter(|m| rules.payment_methods.contains(m)) {
                Some(method) => Some(method),
                None => {
                    c.fail(field, "paymentMethod", &[]);
                    None
                }
            }
        }
    };
    if method != Some(PaymentMethod::Invoice) {
        return (method, None);
    }
    let company_name = c.optional(input, RIDE.company_name, LIMITS.company_name);
    if company_name.is_empty() {
        c.fail_with(RIDE.company_name, "funnel.validation.companyNameRequired", &[]);
    }
    let reference = c.optional(input, RIDE.invoice_reference, LIMITS.invoice_reference);
    let invoice = Invoice { company_name, reference: Some(reference).filter(|r| !r.is_empty()) };
    (method, Some(invoice))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{forms::worded, i18n::Locales, types::Lang};
    use serde_json::{json, Value};

    fn input(value: Value) -> Input {
        Input::from_json(value).unwrap()
    }

    /// The needs as checked, or each field's problem in English.
    fn needs(value: Value) -> Result<RideNeeds, Vec<(String, String)>> {
        let mut c = Checker::new();
        let needs = check_needs(&mut c, &input(value));
        match c.problems.is_empty() {
            true => Ok(needs),
            false => Err(worded(&c.problems, Lang::En, &Locales::load(), &[])
                .into_iter()
                .map(|(k, v)| (k.to_string(), v))
                .collect()),
        }
    }

    #[test]
    fn luggage_and_child_seats_are_counts_in_range_and_the_wheelchair_a_tick() {
        let none = RideNeeds::default();
        assert_eq!(needs(json!({})), Ok(none), "absent: none");
        assert_eq!(needs(json!({"luggage": "", "childSeats": null, "wheelchair": ""})), Ok(none));
        let full = RideNeeds { luggage: 20, child_seats: 4, wheelchair: true };
        assert_eq!(needs(json!({"luggage": " 20 ", "childSeats": 4, "wheelchair": true})), Ok(full));
        // A checkbox without JavaScript posts `on`.
        assert_eq!(needs(json!({"wheelchair": "on"})).map(|n| n.wheelchair), Ok(true));
        assert_eq!(needs(json!({"wheelchair": "false"})).map(|n| n.wheelchair), Ok(false));
        let refused = needs(json!({"luggage": "21", "childSeats": "-1", "wheelchair": "yes please"}));
        assert_eq!(
            refused,
            Err(vec![
                ("childSeats".into(), "Enter the number of child seats, from 0 to 4.".into()),
                ("luggage".into(), "Enter the number of pieces of luggage, from 0 to 20.".into()),
                ("wheelchair".into(), "Tick whether a wheelchair travels along, or leave it empty.".into()),
            ])
        );
        for hostile in
            [json!({"luggage": [1]}), json!({"luggage": "2.5"}), json!({"luggage": "999999999999"})]
        {
            assert!(needs(hostile.clone()).is_err(), "{hostile}");
        }
    }

    fn payment(
        value: Value,
        methods: &[PaymentMethod],
    ) -> (Option<PaymentMethod>, Option<Invoice>, Vec<String>) {
        let rules = BookingSettings { payment_methods: methods.to_vec(), ..BookingSettings::for_tests() };
        let mut c = Checker::new();
        let (method, invoice) = check_payment(&mut c, &input(value), &rules);
        (method, invoice, c.problems.keys().map(|k| k.to_string()).collect())
    }

    #[test]
    fn on_account_only_where_offered_and_then_with_the_company_named() {
        use PaymentMethod::{Cash, Invoice as OnAccount};
        let offered = [Cash, OnAccount];
        let named =
            json!({"paymentMethod": "invoice", "companyName": " Janssen BV ", "invoiceReference": "PO 7"});
        let invoice = Invoice { company_name: "Janssen BV".into(), reference: Some("PO 7".into()) };
        assert_eq!(payment(named.clone(), &offered), (Some(OnAccount), Some(invoice), vec![]));
        // Not offered by the owner: refused as any unknown method is.
        assert_eq!(payment(named, &[Cash]), (None, None, vec!["paymentMethod".into()]));
        let unnamed = json!({"paymentMethod": "invoice", "invoiceReference": "PO 7"});
        assert_eq!(payment(unnamed, &offered).2, vec!["companyName".to_string()]);
        // Another method: the company's fields, left filled in after a switch, are not kept.
        let switched = json!({"paymentMethod": "cash", "companyName": "Janssen BV"});
        assert_eq!(payment(switched, &offered), (Some(Cash), None, vec![]));
        assert_eq!(payment(json!({"paymentMethod": ""}), &[]), (None, None, vec![]));
        let long = json!({"paymentMethod": "invoice", "companyName": "x".repeat(101)});
        assert_eq!(payment(long, &offered).2, vec!["companyName".to_string()]);
    }
}
