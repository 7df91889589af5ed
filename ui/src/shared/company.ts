import { createContext, useContext } from "react";
import type { Company } from "./contract";

/** The company of the page (from the page props), for components deep in a form. */
export const CompanyContext = createContext<Company | null>(null);

export const useCompany = () => useContext(CompanyContext);
