declare module "virtual:locale" {
  import type { Texts } from "./shared/i18n";
  const texts: Texts;
  export default texts;
}
