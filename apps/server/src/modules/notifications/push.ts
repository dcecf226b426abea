import fs from 'node:fs';
import type https from 'node:https';
import path from 'node:path';
import webpush from 'web-push';

export interface PushSubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** Sends a notification to a device; false when the device is gone (and should be forgotten). */
export interface PushSender {
  readonly publicKey: string;
  send(subscription: PushSubscriptionJson, payload: Record<string, unknown>): Promise<boolean>;
}

/**
 * Web Push with VAPID keys generated on first start and kept in the data folder, so that
 * browser subscriptions survive restarts.
 */
export class WebPushSender implements PushSender {
  readonly publicKey: string;
  private readonly privateKey: string;

  constructor(
    dataDir: string,
    subject = 'mailto:soporte@delego.app',
    /** An HTTPS agent for the push services (tests pass one that trusts their own certificate). */
    private readonly agent?: https.Agent,
  ) {
    const file = path.join(dataDir, 'vapid.json');
    let keys: { publicKey: string; privateKey: string };
    if (fs.existsSync(file)) {
      keys = JSON.parse(fs.readFileSync(file, 'utf8')) as typeof keys;
    } else {
      keys = webpush.generateVAPIDKeys();
      fs.mkdirSync(dataDir, { recursive: true });
      fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
    }
    this.publicKey = keys.publicKey;
    this.privateKey = keys.privateKey;
    this.subject = subject;
  }

  private readonly subject: string;

  async send(subscription: PushSubscriptionJson, payload: Record<string, unknown>): Promise<boolean> {
    try {
      await webpush.sendNotification(subscription, JSON.stringify(payload), {
        vapidDetails: { subject: this.subject, publicKey: this.publicKey, privateKey: this.privateKey },
        TTL: 24 * 3600,
        timeout: 10_000,
        ...(this.agent ? { agent: this.agent } : {}),
      });
      return true;
    } catch (err) {
      const status = (err as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return false;
      throw err;
    }
  }
}

/** Decodes a device token: the browser sends its subscription as base64url JSON. */
export function decodeSubscription(token: string): PushSubscriptionJson | null {
  try {
    const json = JSON.parse(Buffer.from(token, 'base64url').toString('utf8')) as Partial<PushSubscriptionJson>;
    if (
      typeof json.endpoint === 'string' &&
      /^https:\/\//.test(json.endpoint) &&
      typeof json.keys?.p256dh === 'string' &&
      typeof json.keys.auth === 'string'
    ) {
      return { endpoint: json.endpoint, keys: { p256dh: json.keys.p256dh, auth: json.keys.auth } };
    }
  } catch {
    // not a subscription
  }
  return null;
}
