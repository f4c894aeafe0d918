/** Marks an agent whose version can run checks for the server. */
export function ProxyCapableTag() {
  return (
    <span className="app-tag" title="This agent's version can run checks on the server's behalf.">
      Proxy-capable
    </span>
  );
}
