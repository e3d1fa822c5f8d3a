/**
 * A stand-in for the browser's XMLHttpRequest as the upload field uses it: on `send` it reports half the
 * bytes sent and waits; the test answers with `finish`. Install with `vi.stubGlobal("XMLHttpRequest",
 * FakeUpload)`; `FakeUpload.last` is the request sent last.
 */
export class FakeUpload {
  static last: FakeUpload | null = null;
  upload = new EventTarget();
  status = 0;
  responseText = "";
  withCredentials = false;
  url = "";
  private events = new EventTarget();
  open(_method: string, url: string) {
    this.url = url;
  }
  setRequestHeader() {}
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }
  send() {
    FakeUpload.last = this;
    const progress = Object.assign(new Event("progress"), { lengthComputable: true, loaded: 50, total: 100 });
    this.upload.dispatchEvent(progress);
  }
  finish(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event("load"));
  }
  abort() {}
}
