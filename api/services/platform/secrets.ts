// Keys derived from one root secret: cursor signing and encryption of the few values Payrail must
// keep to pay people (bank account numbers for the payment file). Raw TFNs and tax ids are never kept.
import crypto from 'node:crypto';
import type { Store } from '../../store/index.ts';

export class Secrets {
  private constructor(
    private readonly cursorKey: Buffer,
    private readonly dataKey: Buffer,
    private readonly hashKey: Buffer,
  ) {}

  static async load(store: Store, configured: string | null): Promise<Secrets> {
    const root =
      configured ??
      (await store.repos.setMetaIfAbsent('instance_secret', crypto.randomBytes(32).toString('base64url')));
    const derive = (label: string) => Buffer.from(crypto.hkdfSync('sha256', root, 'payrail', label, 32));
    return new Secrets(derive('cursor'), derive('field-encryption'), derive('attestation-hash'));
  }

  sign(payload: string): string {
    return crypto.createHmac('sha256', this.cursorKey).update(payload).digest('base64url').slice(0, 22);
  }

  encrypt(plain: string): string {
    const iv = crypto.randomBytes(12);
    const c = crypto.createCipheriv('aes-256-gcm', this.dataKey, iv);
    const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
    return `v1.${Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url')}`;
  }

  decrypt(sealed: string): string {
    const buf = Buffer.from(sealed.slice(3), 'base64url');
    const d = crypto.createDecipheriv('aes-256-gcm', this.dataKey, buf.subarray(0, 12));
    d.setAuthTag(buf.subarray(12, 28));
    return Buffer.concat([d.update(buf.subarray(28)), d.final()]).toString('utf8');
  }

  /** Keyed hash of an identifier, so equality can be checked without keeping the value. */
  attest(value: string): string {
    return crypto.createHmac('sha256', this.hashKey).update(value).digest('hex');
  }
}
