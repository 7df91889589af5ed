declare module "virtual:texts" {
  import type { CompiledText } from "./shared/i18n";
  const texts: Record<string, CompiledText>;
  export default texts;
}
