import nodemailer, { type Transporter } from "nodemailer";
import type { SmtpSettings } from "../env.ts";

export interface OutgoingMail {
  from: string;
  to: string;
  replyTo?: { name: string; address: string };
  subject: string;
  text: string;
}

/** Sends e-mail. The only implementation talks SMTP; tests point it at a local SMTP server. */
export interface Mailer {
  /** The configured sender and recipient of contact messages. */
  readonly from: string;
  readonly to: string;
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
}

export class SmtpMailer implements Mailer {
  readonly #transport: Transporter;
  readonly from: string;
  readonly to: string;

  constructor(settings: SmtpSettings) {
    this.from = settings.from;
    this.to = settings.to;
    this.#transport = nodemailer.createTransport({
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      ...(settings.user ? { auth: { user: settings.user, pass: settings.pass ?? "" } } : {}),
      connectionTimeout: 15_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  async send(mail: OutgoingMail): Promise<{ messageId: string }> {
    const info = await this.#transport.sendMail(mail);
    return { messageId: String(info.messageId ?? "") };
  }

  close(): void {
    this.#transport.close();
  }
}
