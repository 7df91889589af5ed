import { Reservation } from "./features/booking/Reservation";
import { Contact } from "./features/contact/Contact";
import { ErrorPage } from "./features/site/ErrorPage";
import { Home } from "./features/site/Home";
import { Landing } from "./features/site/Landing";
import { Legal } from "./features/site/Legal";
import { Layout } from "./features/site/Layout";
import { Prices } from "./features/site/Prices";
import { Manage } from "./features/manage/Manage";
import { Staff } from "./features/staff/Staff";
import { CompanyContext } from "./shared/company";
import type { ManagePageProps, PageProps, StaffPageProps } from "./shared/contract";

const pages = {
  home: Home,
  prices: Prices,
  reservation: Reservation,
  contact: Contact,
  landing: Landing,
  privacy: Legal,
  terms: Legal,
  complaints: Legal,
  error: ErrorPage,
} as const;

/** The props of any page: the site's, or a private page's that carry its own page too. */
export type AnyPageProps = PageProps | StaffPageProps | ManagePageProps;

function Content(props: AnyPageProps) {
  if ("staff" in props) return <Staff {...props} />;
  if ("manage" in props) return <Manage {...props} />;
  if (props.page === "staff" || props.page === "manage") throw new Error(`${props.page} page without its props`);
  const Page = pages[props.page];
  return <Page {...props} />;
}

/**
 * The pages the browser hydrates, and only their main content: the island, rendered inside
 * `<div id="root">` here and hydrated there by the page's client entry (src/client/) from the
 * same component. Header, footer and language flags stay plain HTML (the flags' script is
 * src/site.ts, without React).
 */
export const ISLANDS = { reservation: Reservation, contact: Contact } as const;

export function App(props: AnyPageProps) {
  const island = props.page in ISLANDS;
  return (
    <CompanyContext.Provider value={props.company}>
      <Layout {...props}>
        {island ? (
          <div id="root">
            <Content {...props} />
          </div>
        ) : (
          <Content {...props} />
        )}
      </Layout>
    </CompanyContext.Provider>
  );
}
