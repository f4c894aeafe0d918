const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** 4 for an IPv4 literal, 6 for an IPv6 literal (without brackets), 0 otherwise. */
export function ipVersion(value: string): 0 | 4 | 6 {
  if (IPV4.test(value)) return 4;
  if (!value.includes(":") || /[^0-9A-Fa-f:.]/.test(value)) return 0;
  try {
    return new URL(`http://[${value}]/`).hostname.length > 2 ? 6 : 0;
  } catch {
    return 0;
  }
}
