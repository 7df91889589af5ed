//! A customer's step on the manage page, recorded and told ([`step`]): the
//! booking's conditional update with staff's and the customer's mails (drawn
//! by `booking_mail::step`) in one transaction.
use crate::{
    booking_mail::composer::Composer,
    bookings::{customer_step::CustomerStep, keeper::Keeper, record::Record},
    mail::DeliveryError,
};

/// Records the customer's step on the booking of `record` (as read, at its
/// sequence) and queues staff's and the customer's mails, in one
/// transaction. `false`: the booking changed meanwhile; nothing was changed or sent.
pub async fn step(
    (keeper, composer): (&Keeper, &Composer),
    record: &Record,
    step: &CustomerStep,
) -> Result<bool, DeliveryError> {
    let mails = composer.customer_step(record, step, &crate::mail::nonce())?;
    keeper.step(record, step, mails).await
}
