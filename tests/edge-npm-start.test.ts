import { edgeBattery } from "./edge-battery";

edgeBattery("npm start");
