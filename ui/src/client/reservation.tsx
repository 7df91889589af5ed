// Browser entry of the reservation page, one build per language (build.mjs).
import { Reservation } from "../features/booking/Reservation";
import { hydrateIsland } from "./hydrate";

hydrateIsland(Reservation);
