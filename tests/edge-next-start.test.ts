import { edgeBattery } from "./edge-battery";

edgeBattery("next start");
