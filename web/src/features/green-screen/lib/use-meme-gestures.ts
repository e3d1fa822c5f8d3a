import { GREEN_SCREEN_FRAME, type GreenScreenRect, type MemeTransform } from "@reelsmith/core";
import { type KeyboardEvent, type PointerEvent, useCallback, useEffect, useRef, useState } from "react";

import {
  clampTransform,
  contains,
  dragged,
  isDefaultPlacement,
  keyed,
  placementOf,
  resized,
  wheeled,
} from "./meme-placement";

/**
 * The meme's place and size in the preview, and the gestures that change it: drag, the wheel on the meme, arrow
 * keys and + / -, the size slider and reset. The placement follows the pointer live; the draft gets it (through
 * `onTransformChange`, undefined for the default placement) when a gesture ends.
 */
export function useMemeGestures({
  canvas,
  transform,
  onTransformChange,
  memeBoxFor,
}: {
  canvas: HTMLCanvasElement | null;
  transform: MemeTransform | undefined;
  onTransformChange: (transform: MemeTransform | undefined) => void;
  /** The meme's box in frame pixels at a placement, or null while there is no meme to move. */
  memeBoxFor: (placement: MemeTransform) => GreenScreenRect | null;
}) {
  const [placement, setPlacementState] = useState<MemeTransform>(() => placementOf(transform));
  const [dragging, setDragging] = useState(false);
  const [hovering, setHovering] = useState(false);
  const placementRef = useRef(placement);
  const interacting = useRef(false);
  const setPlacement = useCallback((t: MemeTransform) => {
    placementRef.current = t;
    setPlacementState(t);
  }, []);
  useEffect(() => {
    if (!interacting.current) setPlacement(placementOf(transform));
  }, [transform, setPlacement]);
  const commit = useCallback(
    (t: MemeTransform | undefined) => {
      onTransformChange(t && !isDefaultPlacement(t) ? clampTransform(t) : undefined);
    },
    [onTransformChange],
  );

  const box = memeBoxFor(placement);
  const boxRef = useRef(box);
  boxRef.current = box;
  const hasMeme = Boolean(box);

  const framePoint = (event: { clientX: number; clientY: number }) => {
    const rect = canvas?.getBoundingClientRect();
    if (!rect || rect.width === 0) return null;
    return {
      x: ((event.clientX - rect.left) / rect.width) * GREEN_SCREEN_FRAME.width,
      y: ((event.clientY - rect.top) / rect.height) * GREEN_SCREEN_FRAME.height,
    };
  };

  const drag = useRef<{ pointer: number; x: number; y: number; from: MemeTransform } | null>(null);
  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    const p = framePoint(event);
    if (!p || !box || !contains(box, p.x, p.y)) return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    event.currentTarget.focus({ preventScroll: true });
    drag.current = { pointer: event.pointerId, x: p.x, y: p.y, from: placementRef.current };
    interacting.current = true;
    setDragging(true);
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const p = framePoint(event);
    if (!p) return;
    const d = drag.current;
    if (d && d.pointer === event.pointerId) {
      setPlacement(dragged(d.from, p.x - d.x, p.y - d.y));
      return;
    }
    setHovering(Boolean(box && contains(box, p.x, p.y)));
  };
  const endDrag = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drag.current || drag.current.pointer !== event.pointerId) return;
    drag.current = null;
    interacting.current = false;
    setDragging(false);
    commit(placementRef.current);
  };

  const wheelCommit = useRef<number | undefined>(undefined);
  useEffect(() => {
    if (!canvas || !hasMeme) return;
    // The wheel resizes the meme while the pointer is on it; elsewhere it scrolls the page.
    const onWheel = (event: WheelEvent) => {
      const rect = canvas.getBoundingClientRect();
      const current = boxRef.current;
      if (!current || rect.width === 0) return;
      const x = ((event.clientX - rect.left) / rect.width) * GREEN_SCREEN_FRAME.width;
      const y = ((event.clientY - rect.top) / rect.height) * GREEN_SCREEN_FRAME.height;
      if (!contains(current, x, y)) return;
      event.preventDefault();
      const delta = event.deltaMode === 1 ? event.deltaY * 33 : event.deltaY;
      interacting.current = true;
      setPlacement(wheeled(placementRef.current, delta));
      window.clearTimeout(wheelCommit.current);
      wheelCommit.current = window.setTimeout(() => {
        interacting.current = false;
        commit(placementRef.current);
      }, 250);
    };
    canvas.addEventListener("wheel", onWheel, { passive: false });
    return () => {
      canvas.removeEventListener("wheel", onWheel);
      window.clearTimeout(wheelCommit.current);
    };
  }, [canvas, hasMeme, commit, setPlacement]);

  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    if (!hasMeme) return;
    const next = keyed(placementRef.current, event.key, event.shiftKey);
    if (!next) return;
    event.preventDefault();
    setPlacement(next);
    commit(next);
  };

  return {
    placement,
    box,
    hasMeme,
    dragging,
    hovering,
    canvasHandlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: endDrag,
      onPointerCancel: endDrag,
      onPointerLeave: () => setHovering(false),
      onKeyDown,
    },
    resize: (scale: number) => {
      const next = resized(placementRef.current, scale);
      setPlacement(next);
      commit(next);
    },
    reset: () => {
      setPlacement(placementOf(undefined));
      commit(undefined);
    },
  };
}
