import { createContext, useContext } from "react";
import type { ContactPoints } from "./contract";

/** How to reach the company (from the page props), for components deep in a form. */
export const CompanyContext = createContext<ContactPoints | null>(null);

export const useCompany = () => useContext(CompanyContext);
