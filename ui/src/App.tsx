import type { PageProps } from "./contract";
import { CompanyContext } from "./company";
import { Layout } from "./components/Layout";
import { Home } from "./pages/Home";
import { Prices } from "./pages/Prices";
import { Reservation } from "./pages/Reservation";
import { Contact } from "./pages/Contact";
import { ErrorPage } from "./pages/ErrorPage";
import { Staff } from "./pages/Staff";
import { Landing } from "./pages/Landing";

const pages = {
  home: Home,
  prices: Prices,
  reservation: Reservation,
  contact: Contact,
  landing: Landing,
  error: ErrorPage,
  staff: Staff,
} as const;

export function App(props: PageProps) {
  const Page = pages[props.page];
  return (
    <CompanyContext.Provider value={props.company}>
      <Layout {...props}>
        <Page {...props} />
      </Layout>
    </CompanyContext.Provider>
  );
}
