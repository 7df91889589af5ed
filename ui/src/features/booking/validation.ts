// The booking form's own client-side rule; the server checks it again.
import type { TFunction } from "../../shared/i18n";

export function checkPassengers(t: TFunction, value: string, max: number): string | undefined {
  if (value.trim() === "") return t("validation.passengerAmountRequired");
  return /^\d+$/.test(value.trim()) ? undefined : t("validation.passengerAmount", { max });
}
