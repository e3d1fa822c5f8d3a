import type { CatalogBackground } from "@reelsmith/core";
import { Clock, HardDrive } from "lucide-react";

import { type LibraryTile, LibraryTiles } from "@/components/builder/pickers/library-tiles";

function tileOf(background: CatalogBackground): LibraryTile {
  return {
    id: background.id,
    title: background.title,
    thumbnailUrl: background.thumbnailUrl,
    previewUrl: background.videoUrl,
    credit: background.credit,
    label: `${background.title}, ${background.duration}, ${background.sizeMB} MB`,
    facts: [
      { icon: Clock, text: background.duration },
      { icon: HardDrive, text: `${background.sizeMB} MB` },
    ],
  };
}

/** Step 3: the six gameplay backgrounds, previewed on hover. */
export function BackgroundStep({
  backgrounds,
  value,
  onChange,
}: {
  backgrounds: readonly CatalogBackground[];
  value: string | null;
  onChange: (id: string) => void;
}) {
  return (
    <LibraryTiles
      label="Background video"
      tiles={backgrounds.map(tileOf)}
      value={value}
      onChange={onChange}
      className="xl:grid-cols-6"
    />
  );
}
