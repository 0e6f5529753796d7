import { endpointHandlers } from "@/lib/core/http";
import { getCoffeeAvailability } from "@/lib/coffee/endpoint";

export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = endpointHandlers(getCoffeeAvailability);
