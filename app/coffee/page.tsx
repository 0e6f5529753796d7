import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { isSitePage } from "@/lib/site/paths";
import { pageMetadata } from "@/lib/site/metadata";
import { pageMeta } from "@/lib/site/pages";
import { coffeeView } from "@/lib/coffee/view";
import { slotRequestUrl } from "@/lib/coffee/endpoint";

export const metadata: Metadata = pageMetadata(pageMeta("/coffee"));

// Slots come from the live calendar feed.
export const dynamic = "force-dynamic";

export default async function CoffeePage() {
  // Its feature is off (lib/features): server.mjs and proxy.ts answer the 404 first; this covers `next dev`.
  if (!isSitePage("/coffee")) notFound();
  const view = await coffeeView("");
  return (
    <>
      <h1>Coffee</h1>
      <p className="lede">
        Open slots for a coffee or a call, from my calendar. Pick one and ask for it; I confirm by hand. Also as{" "}
        <a href="/coffee/availability.json">JSON</a>.
      </p>
      {view.state === "closed" ? (
        <section aria-labelledby="closed">
          <h2 id="closed">No slots right now</h2>
          <p role="status">
            {view.reason === "unconfigured"
              ? "No slots are offered here at the moment."
              : "My calendar could not be read just now, and I would rather offer nothing than a time that is already taken."}
          </p>
          <p>
            <a href={view.bookingUrl}>Write to me instead</a>.
          </p>
        </section>
      ) : view.days.length === 0 ? (
        <p>
          Every slot in the next two weeks is taken. <a href={view.bookingUrl}>Write to me</a> and we will find a time.
        </p>
      ) : (
        <>
          <p className="meta-line">
            Times are {view.timezone.split("/").pop()!.replace(/_/g, " ")} time, {view.slotMinutes} minutes each.
          </p>
          {view.days.map((d) => (
            <section key={d.date} aria-labelledby={`day-${d.date}`} className="coffee-day">
              <h2 id={`day-${d.date}`}>{d.label}</h2>
              <ul className="coffee-slots">
                {d.slots.map((s) => (
                  <li key={s.start}>
                    <a href={slotRequestUrl(view.bookingUrl, s.start)}>
                      <time dateTime={s.start}>{s.time}</time>
                    </a>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </>
  );
}
