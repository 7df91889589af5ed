import type { PageProps } from "./contract";
import { Layout } from "./components/Layout";
import { Home } from "./pages/Home";
import { Prices } from "./pages/Prices";
import { Reservation } from "./pages/Reservation";
import { Contact } from "./pages/Contact";
import { ErrorPage } from "./pages/ErrorPage";
import { Landing } from "./pages/Landing";

const pages = {
  home: Home,
  prices: Prices,
  reservation: Reservation,
  contact: Contact,
  landing: Landing,
  error: ErrorPage,
} as const;

export function App(props: PageProps) {
  const Page = pages[props.page];
  return (
    <Layout {...props}>
      <Page {...props} />
    </Layout>
  );
}
