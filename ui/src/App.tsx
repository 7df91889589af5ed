import type { PageProps } from "./contract";
import { CompanyPhoneContext } from "./components/CallLink";
import { Layout } from "./components/Layout";
import { Home } from "./pages/Home";
import { Prices } from "./pages/Prices";
import { Reservation } from "./pages/Reservation";
import { Contact } from "./pages/Contact";
import { ErrorPage } from "./pages/ErrorPage";

const pages = {
  home: Home,
  prices: Prices,
  reservation: Reservation,
  contact: Contact,
  error: ErrorPage,
} as const;

export function App(props: PageProps) {
  const Page = pages[props.page];
  const phone = { display: props.company.phoneDisplay, href: props.company.phoneHref };
  return (
    <CompanyPhoneContext.Provider value={phone}>
      <Layout {...props}>
        <Page {...props} />
      </Layout>
    </CompanyPhoneContext.Provider>
  );
}
