import { apiPath, postJson } from "../../shared/api";
import { API_PATHS, type WhatsappReady } from "../../shared/contract";
import { useTranslation } from "../../shared/i18n";
import { BookingForm, type BookingProps } from "./BookingForm";
import { whatsappPayload } from "./ride";
import { useRide } from "./useRide";
import { useSubmit, type Submit } from "./useSubmit";
import { checkRide } from "./validation";

/**
 * Booking by WhatsApp: the server checks the ride and writes the message; the form opens the
 * chat with it, and the customer sends it. The chat is the way back, so no contact fields.
 */
export function WhatsappBooking(props: BookingProps) {
  const { t } = useTranslation();
  const ride = useRide(props.lang, props.fieldErrors, props.initial, props.onDraft);
  const { submit, send } = useSubmit(props.initial, ride.report);

  const onSend = () =>
    send(
      checkRide(t, ride, props.rules),
      () =>
        postJson<Partial<WhatsappReady>>(
          apiPath(API_PATHS.whatsappReservation, { language: props.lang }),
          whatsappPayload(ride),
        ),
      ({ whatsappUrl }): Submit => {
        if (!whatsappUrl) return { state: "failed", message: t("api.somethingWentWrong") };
        ride.setErrors({});
        window.location.assign(whatsappUrl);
        return { state: "idle" };
      },
    );

  return (
    <BookingForm
      mode="whatsapp"
      booking={props}
      ride={ride}
      submit={submit}
      onSend={onSend}
      sendLabel={t("form.submitWhatsapp")}
    />
  );
}
