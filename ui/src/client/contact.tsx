// Browser entry of the contact page, one build per language (build.mjs).
import { Contact } from "../features/contact/Contact";
import { hydrateIsland } from "./hydrate";

hydrateIsland(Contact);
