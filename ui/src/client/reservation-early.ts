// The reservation page's first script: address suggestions until the form is hydrated
// (features/booking/earlySuggestions.ts). Small, so it arrives with the stylesheet.
import { startEarlySuggestions } from "../features/booking/earlySuggestions";

const root = document.getElementById("root");
if (root) {
  startEarlySuggestions(root);
  // For the slow-phone test (funnel.test.mjs) and real-user timing: the form is usable.
  performance.mark("form-usable");
}
