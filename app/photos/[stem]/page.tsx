import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getPhotos } from "@/lib/photos/manifest";
import { pageMetadata } from "@/lib/site/metadata";
import { siteUrl } from "@/lib/env";
import { PhotoPicture } from "@/components/photo-picture";
import { JsonLd } from "@/components/json-ld";
import { DefinitionGrid } from "@/components/definition-grid";
import { Pager } from "@/components/pager";
import { exposureRows, photoDay, photoNeighbours, photoTitle, recipeRows } from "@/lib/photos/display";

type Params = { params: Promise<{ stem: string }> };
export const dynamicParams = false;
export const generateStaticParams = () => getPhotos().manifest.photos.map((p) => ({ stem: p.stem }));

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const photo = getPhotos().byStem.get((await params).stem);
  if (!photo) return {};
  const title = photoTitle(photo);
  // The share image is the photo itself (its 1200 px rendition), not a drawn card.
  const image =
    photo.thumb.jpg && photo.sizes.jpg
      ? { url: photo.thumb.jpg, width: photo.sizes.jpg.width, height: photo.sizes.jpg.height, alt: photo.alt ?? title }
      : { url: photo.full, width: photo.sizes.full.width, height: photo.sizes.full.height, alt: photo.alt ?? title };
  return pageMetadata({ path: `/photos/${photo.stem}`, title, description: photo.alt ?? "A photo and its camera settings.", image });
}

/** One photo: title, picture, caption and date, its recipe card, its exposure data, and its neighbours in the gallery. */
export default async function PhotoPage({ params }: Params) {
  const { manifest, byStem } = getPhotos();
  const photo = byStem.get((await params).stem);
  if (!photo) notFound();
  const m = photo.metadata;
  const title = photoTitle(photo);
  const day = photoDay(m);
  const recipe = recipeRows(m);
  const exposure = exposureRows(m);
  const { prev, next } = photoNeighbours(manifest.photos, photo.stem);
  return (
    <article className="photo-view">
      <JsonLd
        data={{
          "@context": "https://schema.org",
          "@type": "Photograph",
          "@id": `${siteUrl()}/photos/${photo.stem}`,
          name: title,
          description: photo.alt ?? undefined,
          contentUrl: `${siteUrl()}${photo.full}`,
          thumbnailUrl: photo.thumb.small ? `${siteUrl()}${photo.thumb.small}` : undefined,
          dateCreated: m.date ? m.date.replace(/^(\d{4}):(\d{2}):(\d{2}) /, "$1-$2-$3T") : undefined,
        }}
      />
      <header className="photo-head">
        <p className="eyebrow">
          <a href="/photos">Photos</a>
        </p>
        <h1>{title}</h1>
      </header>
      <figure className="photo-figure">
        {/* Without a caption the photo is still content, not decoration: its title says what it is. */}
        <PhotoPicture photo={photo} sizes="(max-width: 960px) 100vw, 880px" priority alt={photo.alt ?? title} />
        <figcaption>
          {photo.alt ? <p className="photo-caption-text">{photo.alt}</p> : null}
          <p className="meta-line">
            {day ? (
              <>
                <time dateTime={day.iso}>{day.text}</time> ·{" "}
              </>
            ) : null}
            <a href={photo.full}>Full resolution</a> ({photo.sizes.full.width} × {photo.sizes.full.height})
          </p>
        </figcaption>
      </figure>
      <div className="photo-details">
        {recipe.length ? <DefinitionGrid id="recipe" title="Recipe" rows={recipe} className="recipe-card" /> : null}
        {exposure.length ? <DefinitionGrid id="exposure" title="Exposure" rows={exposure} /> : null}
      </div>
      <Pager
        label="Other photos"
        prev={prev ? { href: `/photos/${prev.stem}`, title: photoTitle(prev) } : undefined}
        next={next ? { href: `/photos/${next.stem}`, title: photoTitle(next) } : undefined}
      />
    </article>
  );
}
