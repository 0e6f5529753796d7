import { coffeeView } from "./view";

export async function coffeeMarkdown(base: string): Promise<string> {
  const v = await coffeeView(base);
  const head = `# Coffee\n\nOpen slots for a coffee or a call, from the host's calendar. JSON: ${base}/coffee/availability.json.\n`;
  if (v.state === "closed")
    return `${head}\n${v.reason === "unconfigured" ? "No slots are offered here at the moment." : `No slots can be offered right now: ${v.message}`}\n\nWrite instead: ${v.bookingUrl}\n`;
  const days = v.days.map((d) => `## ${d.label}\n\n${d.slots.map((s) => `- ${s.time}`).join("\n")}`);
  return `${head}\nTimes are ${v.timezone}, ${v.slotMinutes} minutes each. Request one at ${v.bookingUrl}; bookings are confirmed by hand.\n\n${days.length ? days.join("\n\n") : "Every slot in the next two weeks is taken."}\n`;
}
