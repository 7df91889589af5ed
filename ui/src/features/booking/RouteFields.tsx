import type { MouseEvent } from "react";
import { atPrice, PRICE_ANCHOR } from "../../shared/anchors";
import { LIMITS, type Lang, type PlacesProviderName } from "../../shared/contract";
import { TextField } from "../../shared/Field";
import { useTranslation } from "../../shared/i18n";
import { AddressCombobox } from "./AddressCombobox";
import { PriceIndication } from "./PriceIndication";
import { ENDS, routeNeeds, type Spot } from "./ride";
import type { RideForm } from "./useRide";
import { checkChosen } from "./validation";

interface Props {
  ride: RideForm;
  lang: Lang;
  action: string;
  /** Who answers the address suggestions: Google's are shown with its attribution. */
  placesProvider: PlacesProviderName;
}

/** The route and its price: the two places, the street of a whole-town pick-up, the price button. */
export function RouteFields({ ride, lang, action, placesProvider }: Props) {
  const { t } = useTranslation();
  const { fields, ends, errors, quote } = ride;
  const showStreet = routeNeeds(ends).street || fields.pickupStreet !== "" || !!errors.pickupStreet;
  // Links that open this page at #price land on the question when there is one.
  const choiceAt = ENDS.find((id) => !ends[id].place && ends[id].choices.length);

  const endField = (id: Spot) => (
    <AddressCombobox
      id={id}
      label={t(id === "via" ? "funnel.form.via" : `form.${id}`)}
      lang={lang}
      placesProvider={placesProvider}
      text={ends[id].text}
      place={ends[id].place}
      error={errors[id]}
      choices={ends[id].choices}
      choiceAnchor={choiceAt === id ? PRICE_ANCHOR : undefined}
      resume={ends[id].resume}
      answered={ends[id].answered}
      onEmptyList={(empty) => ride.dispatch({ type: "searched", end: id, empty })}
      onText={(text) => ride.dispatch({ type: "typed", end: id, text })}
      onChoose={(place) => {
        ride.dispatch({ type: "chosen", end: id, place });
        ride.setErrors(({ [id]: _gone, ...rest }) => rest);
      }}
    />
  );

  // Without JavaScript the price button posts the form; once hydrated it asks the API. It turns
  // into a plain button so Enter in a field sends the form, not the price request.
  const onPriceClick = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    const stopChosen = !ends.via.text.trim() || ends.via.place;
    if (ends.departure.place && ends.destination.place && stopChosen) return void quote.fetchNow();
    ride.report((e) => ({ ...e, ...checkChosen(t, ends) }));
  };

  return (
    <>
      <h2>{t("funnel.form.routeHeading")}</h2>
      {endField("departure")}
      {showStreet && (
        <TextField
          id="pickupStreet"
          label={t("funnel.form.pickupStreet")}
          hint={t("funnel.form.pickupStreetHint")}
          error={errors.pickupStreet}
          autoComplete="street-address"
          maxLength={LIMITS.pickupStreet}
          value={fields.pickupStreet}
          onChange={(e) => ride.set("pickupStreet")(e.target.value)}
        />
      )}
      {/* A stop on the way, folded away until wanted (a details element: no script needed). */}
      <details className="via-stop" open={ends.via.text !== "" || !!errors.via}>
        <summary>{t("funnel.form.viaAdd")}</summary>
        <p className="hint">{t("funnel.form.viaHint")}</p>
        {endField("via")}
      </details>
      {endField("destination")}
      <div className="price-row" id={choiceAt ? undefined : PRICE_ANCHOR} tabIndex={-1} ref={quote.box}>
        {/* Without JavaScript the answer opens at the price (or the question), not at the top. */}
        <button
          type={ride.hydrated ? "button" : "submit"}
          name="action"
          value="price"
          formAction={atPrice(action)}
          className="button secondary"
          onClick={onPriceClick}
          disabled={quote.loading}
        >
          {t("form.getPrice")}
        </button>
        <PriceIndication
          price={quote.price}
          back={quote.back}
          totalText={quote.totalText}
          error={quote.error}
          loading={quote.loading}
        />
      </div>
    </>
  );
}
