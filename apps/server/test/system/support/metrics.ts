/** The value of one series (`name{labels}`) in a Prometheus text page; undefined when absent. */
export function sample(page: string, series: string): number | undefined {
  const line = page.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}
