import { endpointHandlers } from "@/lib/core/route";
import { getCoffeeAvailability } from "@/lib/coffee/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(getCoffeeAvailability);
