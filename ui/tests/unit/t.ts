// A translate function that shows which text and values were asked for, as the tests compare them.
import type { TFunction } from "../../src/shared/i18n";

export const t: TFunction = (key, options) => (options ? `${key} ${JSON.stringify(options)}` : key);
