import { cleanup, configure } from "@testing-library/react";
import { toast } from "sonner";
import { afterEach, vi } from "vitest";

import { clearOtherApi } from "./api-mocks";

// Route modules load lazily (and are transformed on first import), so allow more than 1 s.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks a few browser APIs that Radix primitives and the scroll manager call.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
class IntersectionObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}
globalThis.IntersectionObserver ??= IntersectionObserverStub as unknown as typeof IntersectionObserver;
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;
Element.prototype.scrollIntoView ??= vi.fn();
Element.prototype.hasPointerCapture ??= () => false;
Element.prototype.releasePointerCapture ??= () => {};
Element.prototype.setPointerCapture ??= () => {};

afterEach(() => {
  cleanup();
  clearOtherApi();
  // Sonner keeps toasts in module state and replays active ones to a new <Toaster>.
  toast.dismiss();
  localStorage.clear();
  document.documentElement.className = "";
});
