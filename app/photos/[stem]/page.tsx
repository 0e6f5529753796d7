import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getPhotos } from "@/lib/photos/manifest";
import { pageMetadata } from "@/lib/site/metadata";
import { siteUrl } from "@/lib/env";
import { PhotoPicture } from "@/components/photo-picture";
import { JsonLd } from "@/components/json-ld";
import { exposureRows } from "@/lib/photos/display";

type Params = { params: Promise<{ stem: string }> };
export const dynamicParams = false;
export const generateStaticParams = () => getPhotos().manifest.photos.map((p) => ({ stem: p.stem }));

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const photo = getPhotos().byStem.get((await params).stem);
  if (!photo) return {};
  const title = photo.metadata.film ? `${photo.metadata.film} — photo` : "Photo";
  // The share image is the photo itself (its 1200 px rendition), not a drawn card.
  const image =
    photo.thumb.jpg && photo.sizes.jpg
      ? { url: photo.thumb.jpg, width: photo.sizes.jpg.width, height: photo.sizes.jpg.height, alt: photo.alt ?? title }
      : { url: photo.full, width: photo.sizes.full.width, height: photo.sizes.full.height, alt: photo.alt ?? title };
  return pageMetadata({ path: `/photos/${photo.stem}`, title, description: photo.alt ?? "A photo and its camera settings.", image });
}

/** One photo: the picture, its recipe card and its exposure data. */
export default async function PhotoPage({ params }: Params) {
  const photo = getPhotos().byStem.get((await params).stem);
  if (!photo) notFound();
  const m = photo.metadata;
  return (
    <article className="photo-view">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Photograph",
          "@id": `${siteUrl()}/photos/${photo.stem}`,
          name: m.film ?? photo.stem,
          description: photo.alt ?? undefined,
          contentUrl: `${siteUrl()}${photo.full}`,
          thumbnailUrl: photo.thumb.small ? `${siteUrl()}${photo.thumb.small}` : undefined,
          dateCreated: m.date ? m.date.replace(/^(\d{4}):(\d{2}):(\d{2}) /, "$1-$2-$3T") : undefined,
        }}
      />
      <p className="meta-line">
        <a href="/photos">Photos</a>
      </p>
      <h1>{m.film ?? "Photo"}</h1>
      {photo.alt ? <p className="lede">{photo.alt}</p> : null}
      <figure>
        <PhotoPicture photo={photo} sizes="(max-width: 720px) 100vw, 720px" priority />
        <figcaption className="meta-line">
          <a href={photo.full}>Full resolution</a> · {photo.sizes.full.width}×{photo.sizes.full.height}
        </figcaption>
      </figure>
      {m.recipe ? (
        <section aria-labelledby="recipe">
          <h2 id="recipe">Recipe</h2>
          <table className="recipe-card">
            <tbody>
              {Object.entries(m.recipe).map(([k, v]) => (
                <tr key={k}>
                  <th scope="row">{k}</th>
                  <td>{String(v)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      <section aria-labelledby="exposure">
        <h2 id="exposure">Exposure</h2>
        <table className="recipe-card">
          <tbody>
            {exposureRows(m).map(([k, v]) => (
              <tr key={k}>
                <th scope="row">{k}</th>
                <td>{v}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </article>
  );
}
