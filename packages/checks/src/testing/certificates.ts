import { generateKeyPairSync } from "node:crypto";
import forge from "node-forge";

/** A PEM certificate and its private key, made at test time and never written to disk. */
export interface TestCertificate {
  cert: string;
  key: string;
}

/** A throw-away certificate authority that signs test certificates. */
export interface TestAuthority extends TestCertificate {
  issue(options: IssueOptions): TestCertificate;
}

export interface IssueOptions {
  /** DNS names (and IP addresses) the certificate covers. */
  hosts: readonly string[];
  notBefore?: Date;
  notAfter?: Date;
}

const DAY_MS = 86_400_000;

/** Creates a certificate authority; trust its `cert` to make certificates it issues valid. */
export function createTestAuthority(): TestAuthority {
  const pair = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = pair.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = new Date(Date.now() - DAY_MS);
  cert.validity.notAfter = new Date(Date.now() + 3650 * DAY_MS);
  const subject = [{ name: "commonName", value: "Upwatch Test Authority" }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([
    { name: "basicConstraints", cA: true, critical: true },
    { name: "keyUsage", keyCertSign: true, cRLSign: true, critical: true },
  ]);
  cert.sign(pair.privateKey, forge.md.sha256.create());
  return {
    cert: forge.pki.certificateToPem(cert),
    key: forge.pki.privateKeyToPem(pair.privateKey),
    issue: (options) => sign(options, cert, pair.privateKey),
  };
}

/** A certificate that signs itself, trusted by nobody. */
export function createSelfSignedCertificate(options: IssueOptions): TestCertificate {
  return sign(options);
}

function sign(
  options: IssueOptions,
  issuer?: forge.pki.Certificate,
  issuerKey?: forge.pki.rsa.PrivateKey,
): TestCertificate {
  const pair = keyPair();
  const cert = forge.pki.createCertificate();
  cert.publicKey = pair.publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = options.notBefore ?? new Date(Date.now() - DAY_MS);
  cert.validity.notAfter = options.notAfter ?? new Date(Date.now() + 90 * DAY_MS);
  cert.setSubject([{ name: "commonName", value: options.hosts[0] ?? "localhost" }]);
  cert.setIssuer(issuer ? issuer.subject.attributes : cert.subject.attributes);
  cert.setExtensions([
    { name: "basicConstraints", cA: false },
    { name: "keyUsage", digitalSignature: true, keyEncipherment: true },
    { name: "extKeyUsage", serverAuth: true },
    {
      name: "subjectAltName",
      altNames: options.hosts.map((host) =>
        /^[\d.]+$|:/.test(host) ? { type: 7, ip: host } : { type: 2, value: host },
      ),
    },
  ]);
  cert.sign(issuerKey ?? pair.privateKey, forge.md.sha256.create());
  return {
    cert: forge.pki.certificateToPem(cert),
    key: forge.pki.privateKeyToPem(pair.privateKey),
  };
}

function keyPair(): { publicKey: forge.pki.rsa.PublicKey; privateKey: forge.pki.rsa.PrivateKey } {
  const { publicKey, privateKey } = generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });
  return {
    publicKey: forge.pki.publicKeyFromPem(publicKey) as forge.pki.rsa.PublicKey,
    privateKey: forge.pki.privateKeyFromPem(privateKey) as forge.pki.rsa.PrivateKey,
  };
}

function serial(): string {
  return `01${forge.util.bytesToHex(forge.random.getBytesSync(15))}`;
}
