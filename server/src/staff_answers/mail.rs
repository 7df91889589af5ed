//! Staff's answer, recorded and told: the booking's conditional update with
//! the customer's mail (drawn by `booking_mail::answer`) in one transaction.
use crate::{
    booking_mail::composer::Composer,
    bookings::{answer::Answer, keeper::Keeper, record::Record},
    mail::{nonce, DeliveryError, OutgoingMail},
};

/// Records staff's answer to the booking of `record` (as read, at its
/// sequence) and queues the customer's mail, in one transaction. `false`:
/// the booking was answered meanwhile; nothing was changed or sent.
pub async fn answer(
    (keeper, composer): (&Keeper, &Composer),
    record: &Record,
    answer: &Answer,
) -> Result<bool, DeliveryError> {
    let mails: Vec<OutgoingMail> = composer.answer(record, answer, &nonce())?.into_iter().collect();
    keeper.answer(record, answer, mails).await
}
