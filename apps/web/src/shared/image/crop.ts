/** SPEC 5 "Images": a 10:12 crop, a crop box of at least 80 px, a JPEG of at most 550x660. */
export const cropRatio = 10 / 12;
export const minCropWidth = 80;
export const maxOutput = { width: 550, height: 660 } as const;

export interface CropBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

const heightOf = (width: number): number => width / cropRatio;

/** The widest crop box of the image, or 0 when the image cannot hold the minimum box. */
export function maxCropWidth(image: Size): number {
  return Math.min(image.width, image.height * cropRatio);
}

export function canCrop(image: Size): boolean {
  return maxCropWidth(image) >= minCropWidth;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(Math.max(value, min), max);
}

/** Keeps a box inside the image at 10:12 and no smaller than the minimum. */
export function clampCrop(box: CropBox, image: Size): CropBox {
  const width = clamp(box.width, minCropWidth, Math.max(minCropWidth, maxCropWidth(image)));
  const height = heightOf(width);
  return {
    x: clamp(box.x, 0, Math.max(0, image.width - width)),
    y: clamp(box.y, 0, Math.max(0, image.height - height)),
    width,
    height,
  };
}

/** The largest 10:12 box in the middle of the image. */
export function initialCrop(image: Size): CropBox {
  const width = Math.max(minCropWidth, maxCropWidth(image));
  const height = heightOf(width);
  return clampCrop({ x: (image.width - width) / 2, y: (image.height - height) / 2, width, height }, image);
}

/** The box moved by a drag of dx, dy image pixels, stopping at the edges. */
export function moveCrop(box: CropBox, dx: number, dy: number, image: Size): CropBox {
  return clampCrop({ ...box, x: box.x + dx, y: box.y + dy }, image);
}

/** The box at a new width around the same centre (the zoom slider), within the image. */
export function resizeCrop(box: CropBox, width: number, image: Size): CropBox {
  const centreX = box.x + box.width / 2;
  const centreY = box.y + box.height / 2;
  const next = clamp(width, minCropWidth, Math.max(minCropWidth, maxCropWidth(image)));
  return clampCrop(
    { x: centreX - next / 2, y: centreY - heightOf(next) / 2, width: next, height: heightOf(next) },
    image,
  );
}

/** The size of the JPEG a box becomes: the box itself, scaled down to fit 550x660, never up. */
export function outputSize(box: CropBox): Size {
  const width = Math.max(1, Math.round(Math.min(box.width, maxOutput.width)));
  return { width, height: Math.round(width / cropRatio) };
}

/** How much an image is shrunk to fit a stage (never enlarged). */
export function fitScale(image: Size, stage: Size): number {
  return Math.min(1, stage.width / image.width, stage.height / image.height);
}
