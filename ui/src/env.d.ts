declare module "virtual:locale" {
  const locale: Record<string, unknown>;
  export default locale;
}
